import { describe, expect, it } from 'vitest';
import { UNITS, unitsOf } from './units';

describe('unitsOf', () => {
  it('shares the one unit of every value, or none when they have none', () => {
    expect(unitsOf([UNITS.envelope, UNITS.envelope])).toEqual({ shared: UNITS.envelope, mixed: false });
    expect(unitsOf([undefined, undefined])).toEqual({ shared: undefined, mixed: false });
    expect(unitsOf([])).toEqual({ shared: undefined, mixed: false });
  });

  it('labels each value when the units differ, a unitless value among them', () => {
    expect(unitsOf([UNITS.velocity, UNITS.envelope])).toEqual({ mixed: true });
    expect(unitsOf([UNITS.velocity, undefined])).toEqual({ mixed: true });
  });
});
