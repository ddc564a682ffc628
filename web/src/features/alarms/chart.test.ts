import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, SERIES_DIRECTION, alarmSeries, chartValue, presetPeriod, vcoValue, xRange, yRange, zoomPeriod } from './chart';

describe('the alarm chart', () => {
  it.each([
    ['ALRM-039: direction 0 or 3 is the V/H1 series', 'V_H1', [['MPV', 0], ['MPV', 3], ['MPVD', 3]]],
    ['ALRM-040: direction 1 or 4 is the H/H2 series', 'H_H2', [['MPV', 1], ['MPVD', 4]]],
    ['ALRM-041: any other direction is the A series', 'A', [['MPV', 2], ['MPV', 5], ['MPVP', 2]]],
  ] as const)('%s', (_, series, cases) => {
    for (const [type, direction] of cases) expect(alarmSeries(type, direction)).toBe(series);
  });

  it("a VCP's direction 3 is its temperature, asked as direction 3", () => {
    expect(alarmSeries('MPVP', 3)).toBe('Temperatura');
    expect(SERIES_DIRECTION[alarmSeries('MPVP', 3)]).toBe(3);
    expect(SERIES_DIRECTION[alarmSeries('MPV', 4)]).toBe(1);
  });

  it('ALRM-045, ALRM-046: values are thousandths; a VCO draws the mean of its start and end', () => {
    expect(chartValue(2800)).toBe(2.8);
    expect(vcoValue(1400, 1600)).toBe(1.5);
  });

  it('ALRM-066, ALRM-067: y from 0 to 1.5 times the larger of the data maximum and the danger', () => {
    expect(yRange([1, 3, null, 2], 2)).toEqual([0, 4.5]);
    expect(yRange([1, 2], 4)).toEqual([0, 6]);
    expect(yRange([], 4)).toEqual([0, 6]);
    expect(yRange([], null)).toEqual([0, 1]);
  });

  it('ALRM-070: x ends one day after the last date', () => {
    expect(xRange([100, 200, 5000])).toEqual([100, 5000 + DAY_SECONDS]);
    expect(xRange([])).toBeUndefined();
  });

  it('offers the last week, month and year, and a dragged stretch to the second', () => {
    const today = dayjs('2026-11-24T10:00:00');
    expect(presetPeriod('week', today)).toEqual({ preset: 'week', FechaInicio: '2026-11-17', FechaFin: '2026-11-24' });
    expect(presetPeriod('month', today)).toEqual({ preset: 'month', FechaInicio: '2026-10-25', FechaFin: '2026-11-24' });
    expect(presetPeriod('year', today)).toEqual({ preset: 'year', FechaInicio: '2025-11-24', FechaFin: '2026-11-24' });
    expect(zoomPeriod(1_764_000_000, 1_763_000_000)).toEqual({
      preset: 'custom',
      FechaInicio: '2025-11-13T02:13:20Z',
      FechaFin: '2025-11-24T16:00:00Z',
    });
  });
});
