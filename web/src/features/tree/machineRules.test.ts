import { describe, expect, it } from 'vitest';
import { checkDecimal } from '../../lib/decimal';
import { KW, MAX_SPEED, UPDATE_MODES, maxSpeedMustExceedMin, onUpdateModeChange, speedFieldsEnabled } from './machineRules';

describe('machine form rules', () => {
  // MACH-039, MACH-040 (decision 14: the software modes are 1XESPECTRO and VELOCIDADNOMINAL).
  it('MACH-039 MACH-040: minimum speed and 1x amplitude are enabled only in software modes', () => {
    const enabled = UPDATE_MODES.filter((m) => speedFieldsEnabled(m));
    expect(enabled).toEqual(['VELOCIDADNOMINAL', '1XESPECTRO']);
    expect(speedFieldsEnabled(undefined)).toBe(false);
  });

  // MACH-084: with VCOV, OFF or DESCONOCIDO both are emptied, so they are sent as null.
  it('MACH-084: leaving a software mode empties minimum speed and amplitude', () => {
    for (const mode of ['VCOV', 'OFF', 'DESCONOCIDO']) {
      expect(onUpdateModeChange(mode)).toMatchObject({ VelocidadMinima: null, AmplitudMinima1x: null });
    }
    expect(onUpdateModeChange('1XESPECTRO')).toEqual({});
    expect(onUpdateModeChange('VELOCIDADNOMINAL')).toEqual({});
  });

  // MACH-048, MACH-049
  it('MACH-048 MACH-049: DESCONOCIDO clears the 1x amplitude and sets variable speed to false', () => {
    expect(onUpdateModeChange('DESCONOCIDO')).toEqual({
      VelocidadMinima: null,
      AmplitudMinima1x: null,
      VelocidadVariable: false,
    });
    expect(onUpdateModeChange('VCOV').VelocidadVariable).toBeUndefined();
  });

  // MACH-076 (decision 14)
  it('MACH-076: maximum speed must exceed minimum only with 1XESPECTRO and variable speed', () => {
    expect(maxSpeedMustExceedMin('1XESPECTRO', true)).toBe(true);
    expect(maxSpeedMustExceedMin('1XESPECTRO', false)).toBe(false);
    expect(maxSpeedMustExceedMin('VELOCIDADNOMINAL', true)).toBe(false);
  });

  // MACH-075
  it('MACH-075: maximum working speed is at least 0.003', () => {
    expect(checkDecimal('0,002', MAX_SPEED)).toBe('min');
    expect(checkDecimal('0.003', MAX_SPEED)).toBeNull();
  });

  // MACH-079
  it('MACH-079: Kw is 0 or a positive integer of up to 9 digits', () => {
    expect(checkDecimal('0', KW)).toBeNull();
    expect(checkDecimal('999999999', KW)).toBeNull();
    expect(checkDecimal('1000000000', KW)).toBe('format');
    expect(checkDecimal('-1', KW)).toBe('format');
    expect(checkDecimal('1.5', KW)).toBe('format');
  });
});
