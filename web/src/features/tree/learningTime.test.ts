import { describe, expect, it } from 'vitest';
import { learningTimeHours, normalizeLearningTime, splitLearningTime } from './learningTime';

describe('learning time', () => {
  // MACH-069
  it('MACH-069: hours above 23 roll into days', () => {
    expect(normalizeLearningTime(1, 23)).toEqual({ days: 1, hours: 23 });
    expect(normalizeLearningTime(1, 24)).toEqual({ days: 2, hours: 0 });
    expect(normalizeLearningTime(0, 50)).toEqual({ days: 2, hours: 2 });
  });

  // MACH-070
  it('MACH-070: days cannot be negative', () => {
    expect(normalizeLearningTime(-3, 5)).toEqual({ days: 0, hours: 5 });
  });

  // MACH-071
  it('MACH-071: hours cannot be below 0', () => {
    expect(normalizeLearningTime(2, -4)).toEqual({ days: 2, hours: 0 });
  });

  // MACH-014: stored in hours, shown as days plus hours.
  it('MACH-014: converts between hours and days plus hours', () => {
    expect(splitLearningTime(170)).toEqual({ days: 7, hours: 2 });
    expect(splitLearningTime(null)).toEqual({ days: 0, hours: 0 });
    expect(learningTimeHours(7, 2)).toBe(170);
    expect(learningTimeHours(0, 30)).toBe(30);
    expect(learningTimeHours(null, null)).toBe(0);
  });
});
