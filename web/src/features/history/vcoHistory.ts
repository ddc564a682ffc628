// The change history of a VCO/VCOV (VCO-020, VCO-021; S2 §2.8): the period of its date filter
// in days, months or years, the values drawn, the stretches of time each of its conditions held
// shaded, and a machine's interventions as dated marks. Pure functions, no React.
import dayjs from 'dayjs';
import type { components } from '../../api/schema';
import type { ChartSpan } from '../../components/TimeChart';
import { parseDecimal } from '../../lib/decimal';
import type { Intervention } from './interventions';

/** The units of the date filter (S2 §9). */
export const PERIOD_UNITS = ['day', 'month', 'year'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/** The most of each unit the filter takes: ten years back. */
export const PERIOD_MAX: Record<PeriodUnit, number> = { day: 3650, month: 120, year: 10 };

/** The date filter: the last `count` days, months or years. */
export interface PeriodFilter {
  count: number;
  unit: PeriodUnit;
}

/** The filter the history opens with: the last 30 days. */
export const DEFAULT_PERIOD: PeriodFilter = { count: 30, unit: 'day' };

/** A count typed in the filter, kept within 1 and the unit's maximum (whole numbers). */
export function clampCount(count: number | null | undefined, unit: PeriodUnit): number {
  if (count === null || count === undefined || !Number.isFinite(count)) return 1;
  return Math.min(PERIOD_MAX[unit], Math.max(1, Math.round(count)));
}

/** Another unit: the count stays, within the new unit's maximum. */
export function changeUnit(filter: PeriodFilter, unit: PeriodUnit): PeriodFilter {
  return { unit, count: clampCount(filter.count, unit) };
}

/**
 * The period of the filter up to `now`, as the chart call takes it: from the same time `count`
 * calendar days, months or years before (a month back from 31 March is 28 or 29 February).
 */
export function periodOf(filter: PeriodFilter, now: Date): { FechaInicio: string; FechaFin: string } {
  const end = dayjs(now);
  return { FechaInicio: end.subtract(clampCount(filter.count, filter.unit), filter.unit).toISOString(), FechaFin: end.toISOString() };
}

/** A VCO's values as the chart call answers them: start and end values in thousandths. */
export type VcoValue = components['schemas']['VcoDated'];

/** The times (unix seconds) and values drawn: the mean of each start and end value, divided by 1000. */
export function vcoSeries(rows: readonly VcoValue[]): { times: number[]; values: number[] } {
  const sorted = [...rows].sort((a, b) => Date.parse(a.Fecha) - Date.parse(b.Fecha));
  return {
    times: sorted.map((r) => Math.floor(Date.parse(r.Fecha) / 1000)),
    values: sorted.map((r) => (r.Inicio + r.Fin) / 2 / 1000),
  };
}

/** A condition of a VCO/VCOV: a named range, each bound a decimal text or empty/null (open). */
export interface VcoCondition {
  Nombre: string;
  Minimo?: string | null;
  Maximo?: string | null;
}

/** A condition as the chart shows it: its name, its colour and its bounds (null: open). */
export interface ConditionBand {
  label: string;
  color: string;
  from: number | null;
  to: number | null;
}

/** Translucent fills of the conditions, one per condition in turn: the series stays readable over them. */
export const BAND_COLORS = [
  'rgba(22, 119, 255, 0.12)',
  'rgba(250, 140, 22, 0.16)',
  'rgba(82, 196, 26, 0.16)',
  'rgba(114, 46, 209, 0.12)',
  'rgba(19, 194, 194, 0.16)',
  'rgba(235, 47, 150, 0.12)',
];

/** The conditions in their order, each with its colour; a condition without any bound is left out. */
export function conditionBands(conditions: readonly VcoCondition[]): ConditionBand[] {
  return conditions.flatMap((c, i) => {
    const from = parseDecimal(c.Minimo ?? '');
    const to = parseDecimal(c.Maximo ?? '');
    const bound = (n: number | null) => (n === null || Number.isNaN(n) ? null : n);
    if (bound(from) === null && bound(to) === null) return [];
    return [{ label: c.Nombre.trim(), color: BAND_COLORS[i % BAND_COLORS.length], from: bound(from), to: bound(to) }];
  });
}

/** The condition a value falls in: the first whose range holds it, bounds included; -1 for none. */
function conditionOf(bands: readonly ConditionBand[], value: number): number {
  return bands.findIndex((b) => (b.from === null || value >= b.from) && (b.to === null || value <= b.to));
}

/**
 * The stretches of time each condition held, in the colour of its condition: a value holds its
 * condition until the next value (the last one, at its own time), and the values of one
 * condition in a row make one stretch. A condition a few rpm wide (a machine stopped each
 * night) shows as plainly as a wide one, which a band of its values would not.
 */
export function conditionSpans(bands: readonly ConditionBand[], times: readonly number[], values: readonly number[]): ChartSpan[] {
  const spans: (ChartSpan & { condition: number })[] = [];
  times.forEach((time, i) => {
    const condition = conditionOf(bands, values[i]);
    if (condition < 0) return;
    const to = times[i + 1] ?? time;
    const last = spans.at(-1);
    if (last && last.condition === condition && last.to === time) last.to = to;
    else spans.push({ color: bands[condition].color, from: time, to, condition });
  });
  return spans.map(({ color, from, to }) => ({ color, from, to }));
}

/** The longest text of a mark on the chart; the whole text is listed under it. */
export const MARK_TEXT = 24;

/** An intervention's text as its mark reads it: the first line, cut to MARK_TEXT characters. */
export function markText(text: string): string {
  const line = text.trim().split('\n')[0].trim();
  return line.length > MARK_TEXT ? `${line.slice(0, MARK_TEXT - 1).trimEnd()}…` : line;
}

/** The interventions within the period, oldest first, as dated marks (unix seconds). */
export function interventionMarks(list: readonly Intervention[], period: { FechaInicio: string; FechaFin: string }) {
  const from = Date.parse(period.FechaInicio);
  const to = Date.parse(period.FechaFin);
  return list
    .filter((i) => {
      const at = Date.parse(i.Fecha);
      return at >= from && at <= to;
    })
    .sort((a, b) => Date.parse(a.Fecha) - Date.parse(b.Fecha))
    .map((i) => ({ id: i.UsuIntervencionID, time: Math.floor(Date.parse(i.Fecha) / 1000), label: markText(i.Texto), text: i.Texto, date: i.Fecha }));
}
