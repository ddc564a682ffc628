// The alarm chart's rules (S1 §2 'Alarm edit modal', S1 §3 'Alarm row' and 'Alarm record'):
// which series a row draws, the values it reads, its ranges and the periods the user picks.
// Pure, tested without a browser.
import dayjs, { type Dayjs } from 'dayjs';

/** One day, in the seconds the chart's times are in. */
export const DAY_SECONDS = 86_400;
/** How many points a chart asks for: more values are reduced by the server (M4). */
export const CHART_POINTS = 2000;
/** The chart's height in pixels (ALRM-064) and its grid lines (ALRM-068). */
export const CHART_HEIGHT = 400;
export const CHART_GRID_LINES = 12;
/** How the chart writes a time (ALRM-069: 'DD MMM YYYY JJ:NN' is hours and minutes). */
export const CHART_DATE_FORMAT = 'DD MMM YYYY HH:mm';

/** The kind of association a reference row belongs to: VCV, digital VCV, VCP. */
export type AlarmKind = 'MPV' | 'MPVD' | 'MPVP';
/** The series of a point's VCV or VCP a row draws. */
export type AlarmSeries = 'V_H1' | 'H_H2' | 'A' | 'Temperatura';

/** Direction 3 of a VCP is its temperature (docs/API.md, "Measured history"). */
const TEMPERATURE = 3;

/**
 * The series a row's chart draws (S1 §3): direction 0 or 3 is the V/H1 series (ALRM-039), 1 or
 * 4 the H/H2 series (ALRM-040), any other the A series (ALRM-041). Our VCPs also measure a
 * temperature in direction 3, which is its own series.
 */
export function alarmSeries(kind: AlarmKind, direction: number): AlarmSeries {
  if (kind === 'MPVP' && direction === TEMPERATURE) return 'Temperatura';
  if (direction === 0 || direction === 3) return 'V_H1';
  if (direction === 1 || direction === 4) return 'H_H2';
  return 'A';
}

/** The direction the chart call asks for a series (`Dir`: 0 V/H1, 1 H/H2, 2 A, 3 temperature). */
export const SERIES_DIRECTION: Record<AlarmSeries, number> = { V_H1: 0, H_H2: 1, A: 2, Temperatura: 3 };

/** The segment of a kind in the chart call's path. */
export const KIND_SEGMENT = { MPV: 'mpv', MPVD: 'mpvd', MPVP: 'mpvp' } as const satisfies Record<AlarmKind, string>;

/** A value of the history, in thousandths, as the chart draws it (ALRM-045). */
export function chartValue(thousandths: number): number {
  return thousandths / 1000;
}

/** A VCO's value at a time: the mean of its start and end values (ALRM-046). */
export function vcoValue(start: number, end: number): number {
  return (start + end) / 2 / 1000;
}

/**
 * The y range (ALRM-066, ALRM-067): from 0 to 1.5 times the larger of the data's maximum and
 * the danger value; [0, 1] when both are 0 or less.
 */
export function yRange(values: readonly (number | null)[], danger: number | null): [number, number] {
  let top = danger ?? 0;
  for (const v of values) if (v !== null && v > top) top = v;
  return [0, top > 0 ? 1.5 * top : 1];
}

/** The x range (ALRM-070): from the first time to one day after the last; none without data. */
export function xRange(times: readonly number[]): [number, number] | undefined {
  if (times.length === 0) return undefined;
  return [times[0], times[times.length - 1] + DAY_SECONDS];
}

/** The periods the chart's picker offers. */
export const PRESETS = ['week', 'month', 'year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

/** A chart's period as the calls take it: whole days ('2026-11-24') or times (ISO 8601). */
export interface ChartPeriod {
  preset: Preset;
  FechaInicio: string;
  FechaFin: string;
}

const DAY = 'YYYY-MM-DD';

/** The period of a preset up to `today`: the last 7 days, 30 days or year, whole days. */
export function presetPeriod(preset: Exclude<Preset, 'custom'>, today: Dayjs): ChartPeriod {
  const from = preset === 'week' ? today.subtract(7, 'day') : preset === 'month' ? today.subtract(30, 'day') : today.subtract(1, 'year');
  return { preset, FechaInicio: from.format(DAY), FechaFin: today.format(DAY) };
}

/** A custom period of whole days. */
export function dayPeriod(from: Dayjs, to: Dayjs): ChartPeriod {
  return { preset: 'custom', FechaInicio: from.format(DAY), FechaFin: to.format(DAY) };
}

/** The period the user selected by dragging across the chart (unix seconds), to the second. */
export function zoomPeriod(from: number, to: number): ChartPeriod {
  const iso = (s: number) => dayjs.unix(s).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { preset: 'custom', FechaInicio: iso(Math.min(from, to)), FechaFin: iso(Math.max(from, to)) };
}
