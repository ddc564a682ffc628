// How a TimeChart's axes are laid out and labelled: pure rules, tested without a canvas.
import dayjs from 'dayjs';

/** One day, in the seconds the chart's times are in. */
const DAY = 86_400;
/** uPlot's tick length and gap between tick and label, in CSS pixels. */
const TICK_AND_GAP = 10 + 5;
/** uPlot's own padding of the side with no axis (half its y axis' default size). */
const DEFAULT_SIDE_PADDING = 25;

/**
 * A time tick's label, read at the distance `incr` (seconds) uPlot chose between ticks: months
 * as 'nov 2026', days as '24 nov', hours as '12:00' with the day at midnight. One short label
 * per tick: the day and the hour together do not fit between ticks a few hours apart.
 */
export function timeTick(seconds: number, incr: number, language: string): string {
  const d = dayjs.unix(seconds).locale(language);
  if (incr >= 28 * DAY) return d.format('MMM YYYY');
  if (incr >= DAY || (d.hour() === 0 && d.minute() === 0)) return d.format('D MMM');
  return d.format('HH:mm');
}

/**
 * The decimals a value tick needs when ticks are `step` apart: as few as write the step
 * exactly (0.5 → 1), and no more than keep each label within a tenth of a step of its tick
 * (a step of 190.554 reads in whole units, one of 1.205 with one decimal); at most 3.
 */
export function tickDecimals(step: number): number {
  if (!(step > 0) || !Number.isFinite(step)) return 3;
  const enough = Math.ceil(1 - Math.log10(step));
  for (let d = 0; d < 3; d++) {
    const scaled = step * 10 ** d;
    if (d >= enough || Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, scaled)) return d;
  }
  return 3;
}

/** The ticks' distance (0 with fewer than two ticks). */
export function tickStep(ticks: readonly number[]): number {
  return ticks.length < 2 ? 0 : Math.abs(ticks[1] - ticks[0]);
}

/**
 * The size of a y axis (CSS pixels, without its title): the widest tick label, measured, plus
 * the tick and its gap, so that the rotated title beside it never covers the labels.
 */
export function valueAxisSize(labels: readonly string[], measure: (text: string) => number): number {
  const widest = labels.reduce((w, l) => Math.max(w, measure(l)), 0);
  return Math.ceil(widest + TICK_AND_GAP + 4);
}

/**
 * `text` as drawn in `room` (CSS pixels): whole where it fits, else the longest start of it that
 * fits with '…' after it, and before its unit where it ends with one in brackets (a long VCV's
 * name beside the plot's height: 'Envolvente global de acel… (Eg)'; the modal names it whole).
 */
export function fitText(text: string, room: number, measure: (text: string) => number): string {
  if (measure(text) <= room) return text;
  const [, head, unit = ''] = /^(.*?)( \([^()]*\))?$/s.exec(text)!;
  const cut = (n: number) => `${head.slice(0, n).trimEnd()}…${unit}`;
  let [fits, over] = [0, head.length];
  while (over - fits > 1) {
    const mid = (fits + over) >> 1;
    if (measure(cut(mid)) <= room) fits = mid;
    else over = mid;
  }
  return cut(fits);
}

/**
 * The right padding of the plot (CSS pixels): half the last time label, which is centred on
 * its tick and would be cut at the canvas' edge otherwise; uPlot's own padding when that is more.
 */
export function rightPadding(lastLabelWidth: number): number {
  return Math.max(DEFAULT_SIDE_PADDING, Math.ceil(lastLabelWidth / 2) + 2);
}

/**
 * A y range for values from `min` to `max` when none is given: from 0 (or below, for negative
 * values) to the data, each end rounded out to a round step of about a quarter of the span,
 * so that the top tick is over the highest value rather than below it.
 */
export function roundRange(min: number, max: number): [number, number] {
  const lo = Math.min(0, min);
  if (!(max > lo)) return [lo, lo + 1];
  const rough = (max - lo) / 4;
  const mag = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= rough) ?? 10 * mag;
  return [Math.floor(lo / step) * step, Math.ceil(max / step) * step];
}
