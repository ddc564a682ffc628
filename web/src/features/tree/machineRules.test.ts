import { describe, expect, it } from 'vitest';
import { checkDecimal } from '../../lib/decimal';
import {
  KW,
  MAX_SPEED,
  UNKNOWN_CRITERION,
  UPDATE_MODES,
  criterionOffered,
  criterionRequired,
  maxSpeedMustExceedMin,
  onUpdateModeChange,
  speedFieldsEnabled,
} from './machineRules';

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

describe('criteria by update mode', () => {
  const vco = { Tipo: 'VCO' };
  const virtual = { Tipo: 'VCOV', SensorVirtual: 7 };
  const keyboard = { Tipo: 'VCOV', SensorTeclado: 'k' };
  const nominal = { Tipo: 'VCOV', SensorNominal: 'n' };
  const criteria = {
    none: [],
    vco: [vco],
    virtual: [virtual],
    keyboard: [keyboard],
    nominal: [nominal],
    'vco+virtual': [vco, virtual],
    'vco+keyboard': [vco, keyboard],
    [UNKNOWN_CRITERION]: [],
  };
  // The same table as the server's (internal/operating/criteria_test.go).
  it.each([
    ['MACH-041', 'VCOV', false, ['keyboard', 'nominal', 'vco+keyboard']],
    ['MACH-042', 'VCOV', true, ['keyboard', 'vco+keyboard']],
    ['MACH-043', 'OFF', false, ['none', 'vco']],
    ['MACH-044', 'OFF', true, ['none']],
    ['MACH-045', 'VELOCIDADNOMINAL', false, ['none', 'vco']],
    ['MACH-046', '1XESPECTRO', false, ['virtual', 'vco+virtual']],
    ['MACH-047', 'DESCONOCIDO', false, [UNKNOWN_CRITERION]],
  ] as const)('%s: %s (digital %s) offers %j', (_, mode, digital, want) => {
    const offered = Object.entries(criteria)
      .filter(([name, entries]) => criterionOffered(mode, digital, name, entries))
      .map(([name]) => name);
    expect(offered.sort()).toEqual([...want].sort());
  });

  it('MACH-080: the criterion is required online, unless DESCONOCIDO', () => {
    expect(criterionRequired(true, 'VCOV')).toBe(true);
    expect(criterionRequired(true, 'DESCONOCIDO')).toBe(false);
    expect(criterionRequired(false, 'VCOV')).toBe(false);
  });
});
