import type { AlignedData } from 'uplot';

/**
 * A step between two values this many times the usual one (their median) is a gap: a sensor
 * out, a device off, values cleaned away.
 */
export const GAP_STEPS = 5;

/**
 * The chart's data with a break in every gap: a time in its middle where no series has a
 * value, so that a line stops at the gap's sides rather than join them across it, a straight
 * line that looked like steady values.
 */
export function withGaps(times: readonly number[], series: readonly (readonly (number | null)[])[]): AlignedData {
  const steps = times.slice(1).map((t, i) => t - times[i]);
  const usual = steps.length > 1 ? [...steps].sort((a, b) => a - b)[steps.length >> 1] : 0;
  const gaps = usual > 0 ? steps.flatMap((step, i) => (step > GAP_STEPS * usual ? [i] : [])) : [];
  if (gaps.length === 0) return [times as number[], ...(series as (number | null)[][])];
  const x: number[] = [];
  const ys: (number | null)[][] = series.map(() => []);
  let gap = 0;
  times.forEach((t, i) => {
    x.push(t);
    series.forEach((s, k) => ys[k].push(s[i]));
    if (gaps[gap] === i) {
      gap++;
      x.push((t + times[i + 1]) / 2);
      for (const y of ys) y.push(null);
    }
  });
  return [x, ...ys];
}
