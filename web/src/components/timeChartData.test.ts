import { describe, expect, it } from 'vitest';
import { withGaps } from './timeChartData';

const HOUR = 3600;

describe('the chart data', () => {
  it('breaks the lines in a gap many times the usual step, in the middle of it', () => {
    const times = [0, HOUR, 2 * HOUR, 3 * HOUR, 14 * 24 * HOUR, 14 * 24 * HOUR + HOUR];
    const data = withGaps(times, [[1, 2, 3, 4, 5, 6], [6, null, 4, 3, 2, 1]]);
    expect(data[0]).toEqual([0, HOUR, 2 * HOUR, 3 * HOUR, (3 * HOUR + 14 * 24 * HOUR) / 2, 14 * 24 * HOUR, 14 * 24 * HOUR + HOUR]);
    expect(data[1]).toEqual([1, 2, 3, 4, null, 5, 6]);
    expect(data[2]).toEqual([6, null, 4, 3, null, 2, 1]);
  });

  it('leaves steady or irregular steps joined, and too few values to judge', () => {
    const irregular = [0, HOUR, 3 * HOUR, 4 * HOUR, 8 * HOUR];
    expect(withGaps(irregular, [[1, 2, 3, 4, 5]])).toEqual([irregular, [1, 2, 3, 4, 5]]);
    expect(withGaps([0, 100 * HOUR], [[1, 2]])).toEqual([[0, 100 * HOUR], [1, 2]]);
    expect(withGaps([], [[]])).toEqual([[], []]);
  });
});
