import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { fitText, rightPadding, roundRange, tickDecimals, timeTick, valueAxisSize } from './TimeChartAxes';

const DAY = 86_400;
const at = (text: string) => dayjs(text).unix();

describe('the time axis', () => {
  it('labels each tick with one short date when ticks are days apart, not the day and its full date in turn', () => {
    expect(timeTick(at('2026-11-24T00:00'), DAY, 'es')).toMatch(/^24 nov\.?$/);
    expect(timeTick(at('2026-11-24T12:00'), DAY, 'es')).toMatch(/^24 nov\.?$/);
    expect(timeTick(at('2026-11-24T00:00'), 8 * DAY, 'es')).toMatch(/^24 nov\.?$/);
  });

  it('labels hours apart ticks with the hour, the day at midnight, and months apart ones with the month', () => {
    expect(timeTick(at('2026-11-24T12:00'), DAY / 2, 'es')).toBe('12:00');
    expect(timeTick(at('2026-11-25T00:00'), DAY / 2, 'es')).toMatch(/^25 nov\.?$/);
    expect(timeTick(at('2026-11-01T00:00'), 30 * DAY, 'es')).toMatch(/^nov\.? 2026$/);
  });

  it('pads the right side by half the last label, so that the label centred on the last tick is not cut', () => {
    expect(rightPadding(104)).toBe(54);
    expect(rightPadding(20)).toBe(25);
  });
});

describe('the value axis', () => {
  it('draws its title whole where it fits, else its longest start that fits with an ellipsis before its unit', () => {
    const width = (text: string) => text.length * 7;
    expect(fitText('Eg', 100, width)).toBe('Eg');
    expect(fitText('Envolvente global (descarga) (Eg)', 33 * 7, width)).toBe('Envolvente global (descarga) (Eg)');
    // 'Envolvente glob', '…' and ' (Eg)' fit in 21 characters; no space is left before the ellipsis.
    expect(fitText('Envolvente global (descarga) (Eg)', 21 * 7, width)).toBe('Envolvente glob… (Eg)');
    expect(fitText('Envolvente global (descarga) (Eg)', 17 * 7, width)).toBe('Envolvente… (Eg)');
    // A title without a unit is cut at its end.
    expect(fitText('Envolvente global', 12 * 7, width)).toBe('Envolvente…');
  });

  it('writes ticks with the decimals their distance needs: whole rpm for 12 lines over 2286,653', () => {
    expect(tickDecimals(2286.653 / 12)).toBe(0);
    expect(tickDecimals(14.465 / 12)).toBe(1);
    expect(tickDecimals(1.191 / 12)).toBe(3);
    expect(tickDecimals(20)).toBe(0);
    expect(tickDecimals(0.5)).toBe(1);
    expect(tickDecimals(0.25)).toBe(2);
    expect(tickDecimals(0)).toBe(3);
  });

  it('is as wide as its widest label plus the tick, so that its title does not cover the labels', () => {
    const size = valueAxisSize(['0,000', '2286,653'], (text) => text.length * 7);
    expect(size).toBeGreaterThanOrEqual(8 * 7 + 15);
    expect(valueAxisSize([], () => 0)).toBeGreaterThan(0);
  });

  it('rounds its default range out so that the top tick is above the highest value', () => {
    expect(roundRange(70, 75.3)).toEqual([0, 80]);
    expect(roundRange(90, 95.8)).toEqual([0, 100]);
    expect(roundRange(-1.2, 88.9)).toEqual([-25, 100]);
    expect(roundRange(0, 0)).toEqual([0, 1]);
  });
});
