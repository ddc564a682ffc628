import { describe, expect, it } from 'vitest';
import { checkDecimal } from '../../lib/decimal';
import {
  KW,
  MAX_SPEED,
  UPDATE_MODES,
  alertDevice,
  criterionOffered,
  criterionRequired,
  equipmentEnabled,
  machineDevice,
  maxSpeedMustExceedMin,
  onEquipmentChange,
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
    DESCONOCIDO: [],
  };
  // The same table as the server's (internal/operating/criteria_test.go).
  it.each([
    ['MACH-041', 'VCOV', false, ['keyboard', 'nominal', 'vco+keyboard']],
    ['MACH-042', 'VCOV', true, ['keyboard', 'vco+keyboard']],
    ['MACH-043', 'OFF', false, ['none', 'vco']],
    ['MACH-044', 'OFF', true, ['none']],
    ['MACH-045', 'VELOCIDADNOMINAL', false, ['none', 'vco']],
    ['MACH-046', '1XESPECTRO', false, ['virtual', 'vco+virtual']],
    ['MACH-047', 'DESCONOCIDO', false, ['DESCONOCIDO']],
  ] as const)('%s: %s (digital %s) offers %j', (_, mode, digital, want) => {
    const offered = Object.entries(criteria)
      .filter(([name, entries]) => criterionOffered(mode, digital, name === 'DESCONOCIDO', entries))
      .map(([name]) => name);
    expect(offered.sort()).toEqual([...want].sort());
  });

  it('MACH-080: the criterion is required online, unless DESCONOCIDO', () => {
    expect(criterionRequired(true, 'VCOV')).toBe(true);
    expect(criterionRequired(true, 'DESCONOCIDO')).toBe(false);
    expect(criterionRequired(false, 'VCOV')).toBe(false);
  });
});

describe('equipment exclusivity', () => {
  // State: O online, G gateway, A alert device, C alert device G, K KOS Sensor ('.' = not).
  // Enabled: G gateway select, A alert-device select, C alert-device-G select, K KOS Sensor
  // box ('-' = disabled). Then the rules that disable something in that state.
  const table: [string, string, string][] = [
    ['O....', 'GACK', ''],
    ['O...K', 'G--K', 'MACH-030 MACH-033'],
    ['O..C.', 'GAC-', 'MACH-035'],
    ['O..CK', 'G---', 'MACH-030 MACH-033 MACH-035'],
    ['O.A..', '-A--', 'MACH-027 MACH-032 MACH-034'],
    ['O.A.K', '----', 'MACH-027 MACH-030 MACH-032 MACH-033 MACH-034'],
    ['O.AC.', '-A--', 'MACH-027 MACH-032 MACH-034 MACH-035'],
    ['O.ACK', '----', 'MACH-027 MACH-030 MACH-032 MACH-033 MACH-034 MACH-035'],
    ['OG...', 'G-CK', 'MACH-029'],
    ['OG..K', 'G--K', 'MACH-029 MACH-030 MACH-033'],
    ['OG.C.', 'G-C-', 'MACH-029 MACH-035'],
    ['OG.CK', 'G---', 'MACH-029 MACH-030 MACH-033 MACH-035'],
    ['OGA..', '----', 'MACH-027 MACH-029 MACH-032 MACH-034'],
    ['OGA.K', '----', 'MACH-027 MACH-029 MACH-030 MACH-032 MACH-033 MACH-034'],
    ['OGAC.', '----', 'MACH-027 MACH-029 MACH-032 MACH-034 MACH-035'],
    ['OGACK', '----', 'MACH-027 MACH-029 MACH-030 MACH-032 MACH-033 MACH-034 MACH-035'],
    ['.....', 'G--K', 'MACH-028 MACH-031'],
    ['....K', 'G--K', 'MACH-028 MACH-030 MACH-031 MACH-033'],
    ['...C.', 'G---', 'MACH-028 MACH-031 MACH-035'],
    ['...CK', 'G---', 'MACH-028 MACH-030 MACH-031 MACH-033 MACH-035'],
    ['..A..', '----', 'MACH-027 MACH-028 MACH-031 MACH-032 MACH-034'],
    ['..A.K', '----', 'MACH-027 MACH-028 MACH-030 MACH-031 MACH-032 MACH-033 MACH-034'],
    ['..AC.', '----', 'MACH-027 MACH-028 MACH-031 MACH-032 MACH-034 MACH-035'],
    ['..ACK', '----', 'MACH-027 MACH-028 MACH-030 MACH-031 MACH-032 MACH-033 MACH-034 MACH-035'],
    ['.G...', 'G--K', 'MACH-028 MACH-029 MACH-031'],
    ['.G..K', 'G--K', 'MACH-028 MACH-029 MACH-030 MACH-031 MACH-033'],
    ['.G.C.', 'G---', 'MACH-028 MACH-029 MACH-031 MACH-035'],
    ['.G.CK', 'G---', 'MACH-028 MACH-029 MACH-030 MACH-031 MACH-033 MACH-035'],
    ['.GA..', '----', 'MACH-027 MACH-028 MACH-029 MACH-031 MACH-032 MACH-034'],
    ['.GA.K', '----', 'MACH-027 MACH-028 MACH-029 MACH-030 MACH-031 MACH-032 MACH-033 MACH-034'],
    ['.GAC.', '----', 'MACH-027 MACH-028 MACH-029 MACH-031 MACH-032 MACH-034 MACH-035'],
    ['.GACK', '----', 'MACH-027 MACH-028 MACH-029 MACH-030 MACH-031 MACH-032 MACH-033 MACH-034 MACH-035'],
  ];

  it('covers every combination once', () => {
    expect(new Set(table.map(([state]) => state)).size).toBe(32);
  });

  it.each(table)('%s enables %s (%s)', (state, enabled) => {
    const on = (i: number) => state[i] !== '.';
    const e = equipmentEnabled({
      Online: on(0),
      EquipoConcentrador: on(1) ? 'gateway' : null,
      EquipoAlert10: on(2) ? 'alert10' : null,
      EquipoAlert10C: on(3) ? 'alert10c' : null,
      KOSSensor: on(4),
    });
    const shown = [e.gateway ? 'G' : '-', e.alert10 ? 'A' : '-', e.alert10c ? 'C' : '-', e.kosSensor ? 'K' : '-'].join('');
    expect(shown).toBe(enabled);
  });

  it.each([
    ['MACH-036: a new gateway clears the alert device G', { EquipoConcentrador: 'g2' }, { EquipoAlert10C: null }],
    ['MACH-036: so does clearing the gateway', { EquipoConcentrador: undefined }, { EquipoAlert10C: null }],
    ['MACH-038: choosing an alert device resets KOS Sensor', { EquipoAlert10: 'a1' }, { KOSSensor: false }],
    ['clearing the alert device changes nothing else', { EquipoAlert10: undefined }, {}],
    ['MACH-028 MACH-031: going offline clears the alert devices', { Online: false }, { EquipoAlert10: null, EquipoAlert10C: null }],
    ['going online changes nothing else', { Online: true }, {}],
    ['KOS Sensor changes nothing else', { KOSSensor: true }, {}],
  ] as const)('%s', (_, changed, patch) => {
    expect(onEquipmentChange(changed)).toEqual(patch);
  });

  it('MACH-006: the machine works through its alert device, else its alert device G, else its gateway', () => {
    expect(machineDevice({ EquipoAlert10: 'a', EquipoConcentrador: 'g' })).toEqual({ family: 'ALERT10', guid: 'a' });
    expect(machineDevice({ EquipoConcentrador: 'g', EquipoAlert10C: 'c' })).toEqual({ family: 'ALERT10C', guid: 'c' });
    expect(machineDevice({ EquipoConcentrador: 'g', KOSSensor: true })).toEqual({ family: 'GATEWAY', guid: 'g' });
    expect(machineDevice({ KOSSensor: true })).toBeUndefined();
    expect(alertDevice({ EquipoConcentrador: 'g', EquipoAlert10C: 'c' })).toEqual({ family: 'ALERT10C', guid: 'c' });
    expect(alertDevice({ EquipoConcentrador: 'g' })).toBeUndefined();
  });
});
