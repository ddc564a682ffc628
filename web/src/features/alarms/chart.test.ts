import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, SERIES_DIRECTION, alarmSeries, chartValue, presetPeriod, vcoValue, xRange, yRange, zoomPeriod } from './chart';

describe('the alarm chart', () => {
  it('ALRM-039: direction 0 or 3 is the V/H1 series', () => {
    expect(alarmSeries('MPV', 0)).toBe('V_H1');
    expect(alarmSeries('MPV', 3)).toBe('V_H1');
    expect(alarmSeries('MPVD', 3)).toBe('V_H1');
  });

  it('ALRM-040: direction 1 or 4 is the H/H2 series', () => {
    expect(alarmSeries('MPV', 1)).toBe('H_H2');
    expect(alarmSeries('MPVD', 4)).toBe('H_H2');
  });

  it('ALRM-041: any other direction is the A series', () => {
    expect(alarmSeries('MPV', 2)).toBe('A');
    expect(alarmSeries('MPV', 5)).toBe('A');
    expect(alarmSeries('MPVP', 2)).toBe('A');
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
