import { describe, expect, it } from 'vitest';
import { chartTime, chartValue } from './chartText';

// Vitest runs in UTC (vite.config.ts).
const NOON = Date.UTC(2026, 10, 24, 12, 0) / 1000;
const MIDNIGHT = Date.UTC(2026, 10, 24) / 1000;

describe('chartTime', () => {
  it("writes a time with its day in the language's order, a midnight as its day", () => {
    expect(chartTime(NOON, 'es')).toBe('24/11/2026 12:00');
    expect(chartTime(NOON, 'fr')).toBe('24/11/2026 12:00');
    expect(chartTime(NOON, 'en')).toBe('11/24/2026 12:00');
    expect(chartTime(MIDNIGHT, 'en')).toBe('24 Nov');
  });
});

describe('chartValue', () => {
  it("writes a value with the language's marks", () => {
    expect(chartValue(1234.5, 'es')).toBe('1234,5');
    expect(chartValue(1234.5, 'en')).toBe('1,234.5');
  });
});
