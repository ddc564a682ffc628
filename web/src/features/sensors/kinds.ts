// The eight sensor kinds (S3 §2.3–§2.9, §3, §5, §9), each declared as data for the generic
// catalogue screen: its path segment, its ids, its titles and its fields with their rules.
import type { DecimalSpec } from '../../lib/decimal';
import {
  fieldLabel,
  kindNaming,
  numberOf,
  type CatalogKind,
  type FieldDecl,
  type FieldKey,
  type FormValues,
  type IntegerField,
  type KindIds,
  type ListSelectField,
  type Problems,
} from '../catalog/kind';
import { UNITS } from '../../lib/units';

/** The sensor types, as the segment after "sensor/" in their paths (S3 §7.1). */
export type SensorType = 'staticvoltage' | '420' | 'dynamic' | 'digitaldynamic' | 'taco' | 'virtual' | 'keyboard' | 'nominal';

/** Sensitivity in mV: optional minus, 5 integer digits, 2 decimals (SENS-029). */
export const SENSITIVITY: DecimalSpec = { int: 5, dec: 2, negative: true };
/** BIAS check limits in V: 0 to 99.9 (SENS-034). */
export const BIAS: DecimalSpec = { int: 2, dec: 1, min: 0, max: 99.9 };
/** 4-20 mA readings and static voltage DC values: sign, 7 integer digits, 3 decimals (SENS-042, SENS-053). */
export const READING: DecimalSpec = { int: 7, dec: 3, negative: true };
/** Longest stability time: 9 digits, in seconds (SENS-030). */
export const STABILITY_MAX = 999_999_999;

const field = fieldLabel('sensors');

const stability: IntegerField = {
  type: 'integer',
  name: 'TiempoEstabilidad',
  label: field('stability'),
  unit: UNITS.second,
  min: 0,
  max: STABILITY_MAX,
  required: true,
  initial: '0',
};

function select(name: 'Magnitud' | 'Power' | 'Entrada' | 'TiempoMuestra', rest: Partial<ListSelectField> = {}): ListSelectField {
  const idKey = { Magnitud: 'EnumMagnitudID', Power: 'EnumPotenciaID', Entrada: 'EnumEntradaVoltajeID', TiempoMuestra: 'EnumTiempoMuestraID' }[name];
  const label = ({ Magnitud: 'magnitude', Power: 'power', Entrada: 'input', TiempoMuestra: 'sampleTime' } as const)[name];
  return { type: 'select', name, list: name, idKey, label: field(label), required: true, ...rest };
}

function reading(name: string, label: FieldKey<'sensors'>): FieldDecl {
  return { type: 'decimal', name, label: field(label), spec: READING };
}

/**
 * Dynamic and digital dynamic sensors (SENS-016..SENS-034): the input is always disabled (±8),
 * the magnitude is G or A (G by default, MM/S shown as G).
 */
const DYNAMIC_FIELDS: readonly FieldDecl[] = [
  select('Power'),
  select('Entrada', { disabled: true, initial: '±8' }),
  { type: 'decimal', name: 'Sensibilidad', label: field('sensitivity'), spec: SENSITIVITY, unit: UNITS.millivolt },
  select('Magnitud', { initial: 'G', offered: (id) => id === 'G' || id === 'A', alias: { 'MM/S': 'G' } }),
  { type: 'decimal', name: 'BIASmin', label: field('biasMin'), spec: BIAS, unit: UNITS.volt },
  { type: 'decimal', name: 'BIASmax', label: field('biasMax'), spec: BIAS, unit: UNITS.volt },
  stability,
];

/** SENS-033: the BIAS minimum must not exceed the maximum. */
function biasProblems(v: FormValues): Problems {
  const min = numberOf(v, 'BIASmin');
  const max = numberOf(v, 'BIASmax');
  return min !== null && max !== null && min > max ? { BIASmin: 'order' } : {};
}

/** 4-20 mA sensors (SENS-036..SENS-045): the power is disabled, OFF. */
const CURRENT_FIELDS: readonly FieldDecl[] = [
  reading('Lectura4ma', 'reading4'),
  reading('Lectura20ma', 'reading20'),
  select('Magnitud'),
  { type: 'integer', name: 'Unidades', label: field('units'), min: 0, max: STABILITY_MAX },
  stability,
  select('TiempoMuestra'),
  select('Power', { disabled: true, initial: 'OFF' }),
];

/** Static voltage sensors (SENS-048..SENS-057): input DC_0_10 and power OFF, both read-only. */
const VOLTAGE_FIELDS: readonly FieldDecl[] = [
  reading('DcOffset', 'dcOffset'),
  reading('DcTop', 'dcTop'),
  select('Magnitud'),
  select('TiempoMuestra'),
  select('Entrada', { disabled: true, initial: 'DC_0_10' }),
  select('Power', { disabled: true, initial: 'OFF' }),
  stability,
];

/** Tachometers: pulses per revolution, 1 to 255 (SENS-058, SENS-061). */
const TACHO_FIELDS: readonly FieldDecl[] = [
  { type: 'integer', name: 'Cuentas', label: field('pulses'), min: 1, max: 255, required: true, initial: '1' },
];

/** Virtual, keyboard and nominal sensors: the magnitude, RPM by default (SENS-063, SENS-067). */
const RPM_FIELDS: readonly FieldDecl[] = [select('Magnitud', { initial: 'RPM' })];

/** A sensor kind: bilingual names, its fields, and what `rest` adds or overrides. */
function sensor(type: SensorType, ids: KindIds, fields: readonly FieldDecl[], rest: Partial<Pick<CatalogKind, 'names' | 'check'>> = {}): CatalogKind {
  return {
    segment: `sensor/${type}`,
    copyMethod: 'PUT', // S3 §7.1; decision 17: every type copies with its own copy call
    ...kindNaming('sensors', type, ids),
    names: 'bilingual',
    fields,
    ...rest,
  };
}

/** The sensor kinds, by type, with their ids (SENS-007..SENS-014). */
export const SENSORS: Record<SensorType, CatalogKind> = {
  staticvoltage: sensor('staticvoltage', ['UsuSensorVoltajeEstaticoID', 'AdminSensorVoltajeEstaticoID', 'AdminSensorVoltajeEstaticoGUID'], VOLTAGE_FIELDS),
  420: sensor('420', ['UsuSensor420ID', 'AdminSensor420ID', 'AdminSensor420GUID'], CURRENT_FIELDS),
  dynamic: sensor('dynamic', ['UsuSensorDinamicoID', 'AdminSensorDinamicoID', 'AdminSensorDinamicoGUID'], DYNAMIC_FIELDS, { check: biasProblems }),
  digitaldynamic: sensor(
    'digitaldynamic',
    ['UsuSensorDinamicoDigitalID', 'AdminSensorDinamicoDigitalID', 'AdminSensorDinamicoDigitalGUID'],
    DYNAMIC_FIELDS,
    { check: biasProblems },
  ),
  taco: sensor('taco', ['UsuSensorTacometroID', 'AdminSensorTacometroID', 'AdminSensorTacometroGUID'], TACHO_FIELDS),
  virtual: sensor('virtual', ['UsuSensorVirtualID', 'AdminSensorVirtualID', 'AdminSensorVirtualGUID'], RPM_FIELDS),
  // Keyboard and nominal sensors are identified by GUID and have a single name (SENS-013, SENS-014).
  keyboard: sensor('keyboard', ['UsuSensorTecladoGUID', 'AdminSensorTecladoGUID', 'AdminSensorTecladoGUID'], RPM_FIELDS, { names: 'single' }),
  nominal: sensor('nominal', ['UsuSensorNominalGUID', 'AdminSensorNominalGUID', 'AdminSensorNominalGUID'], RPM_FIELDS, { names: 'single' }),
};

/** The sensor kinds in the order of the type selector and the trees (SENS-003). */
export const SENSOR_KINDS: readonly CatalogKind[] = [
  SENSORS.staticvoltage,
  SENSORS[420],
  SENSORS.dynamic,
  SENSORS.digitaldynamic,
  SENSORS.taco,
  SENSORS.virtual,
  SENSORS.keyboard,
  SENSORS.nominal,
];
