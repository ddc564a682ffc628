// Rules of the machine form that depend on the update mode (Actualizacion) and on variable
// speed: which fields are enabled, what changing the mode clears, and the decimals sent.
import type { DecimalSpec } from '../../lib/decimal';

/** Update modes (Actualizacion.EnumActualizacionID, MACH-017). */
export const UPDATE_MODES = ['VCOV', 'OFF', 'VELOCIDADNOMINAL', '1XESPECTRO', 'DESCONOCIDO'] as const;
export type UpdateMode = (typeof UPDATE_MODES)[number];

/**
 * The "software" update modes: only with them are minimum speed and minimum 1x amplitude
 * enabled and sent (requirements, decision 14).
 */
const SOFTWARE_MODES: readonly string[] = ['1XESPECTRO', 'VELOCIDADNOMINAL'];

/** Speeds: (0, 9999999.999], step 0.001 (MACH-082). */
export const SPEED: DecimalSpec = { int: 7, dec: 3, min: 0.001, max: 9999999.999 };
/** Maximum working speed: at least 0.003 rpm (MACH-075). */
export const MAX_SPEED: DecimalSpec = { ...SPEED, min: 0.003 };
/** Minimum 1x amplitude: 7 integer digits, 3 decimals, at least 0.001 (MACH-077, MACH-078). */
export const AMPLITUDE: DecimalSpec = { int: 7, dec: 3, min: 0.001, max: 9999999.999 };
/** Power: 0 or a positive integer of up to 9 digits (MACH-079). */
export const KW: DecimalSpec = { int: 9, dec: 0, min: 0 };

/** Whether minimum speed and minimum 1x amplitude can be edited (MACH-039, MACH-040). */
export function speedFieldsEnabled(mode: string | null | undefined): boolean {
  return mode !== null && mode !== undefined && SOFTWARE_MODES.includes(mode);
}

/**
 * Whether the maximum working speed must exceed the minimum speed (MACH-076): with the 1x
 * spectrum update and variable speed (decision 14).
 */
export function maxSpeedMustExceedMin(mode: string | null | undefined, variableSpeed: boolean | null | undefined): boolean {
  return mode === '1XESPECTRO' && variableSpeed === true;
}

/** The part of the machine form the update mode acts on. */
export interface SpeedFields {
  VelocidadVariable?: boolean;
  VelocidadMinima?: string | null;
  AmplitudMinima1x?: string | null;
}

/**
 * What changing the update mode to `mode` does to the form: the disabled fields are emptied
 * (they are sent as null, MACH-084), and DESCONOCIDO clears the 1x amplitude (MACH-048) and
 * sets variable speed to false (MACH-049).
 */
export function onUpdateModeChange(mode: string | null | undefined): SpeedFields {
  const patch: SpeedFields = {};
  if (!speedFieldsEnabled(mode)) {
    patch.VelocidadMinima = null;
    patch.AmplitudMinima1x = null;
  }
  if (mode === 'DESCONOCIDO') patch.VelocidadVariable = false;
  return patch;
}

/** A criterion's VCO/VCOV entry as the update-mode rules read it (MACH-020). */
export interface CriterionEntry {
  Tipo?: string;
  SensorVirtual?: number;
  SensorTeclado?: string;
}

/**
 * Whether a machine in update mode `mode` may take a criterion (MACH-041..MACH-047), as the
 * server decides: VCOV wants a VCOV entry without a virtual sensor (on a digital-sensor
 * machine, with a keyboard sensor); OFF no VCOV entry (digital: no entry at all);
 * VELOCIDADNOMINAL only VCO entries; 1XESPECTRO a VCOV entry with a virtual sensor;
 * DESCONOCIDO only the factory's DESCONOCIDO criterion (the system's: `system`), which no other
 * mode offers.
 */
export function criterionOffered(mode: string | undefined, digital: boolean, system: boolean, entries: readonly CriterionEntry[]): boolean {
  if (mode === 'DESCONOCIDO' || system) return mode === 'DESCONOCIDO' && system;
  const vcov = (e: CriterionEntry) => e.Tipo === 'VCOV';
  switch (mode) {
    case 'VCOV':
      return entries.some((e) => vcov(e) && !e.SensorVirtual && (!digital || !!e.SensorTeclado));
    case 'OFF':
      return !entries.some((e) => vcov(e) || (digital && e.Tipo === 'VCO'));
    case 'VELOCIDADNOMINAL':
      return entries.every((e) => e.Tipo === 'VCO');
    case '1XESPECTRO':
      return entries.some((e) => vcov(e) && !!e.SensorVirtual);
  }
  return false;
}

/** The criterion is required when the machine is online, unless the mode is DESCONOCIDO (MACH-080). */
export function criterionRequired(online: boolean | undefined, mode: string | undefined): boolean {
  return online === true && mode !== 'DESCONOCIDO';
}

/**
 * The machine's equipment (MACH-013): gateway (EquipoGUID), alert device (GenEquipoGUID),
 * alert device G behind the gateway (EquipoGUID) and the KOS Sensor digital-sensor flag.
 */
export interface EquipmentFields {
  Online?: boolean;
  EquipoConcentrador?: string | null;
  EquipoAlert10?: string | null;
  EquipoAlert10C?: string | null;
  KOSSensor?: boolean;
}

/** Which equipment controls may be changed. */
export interface EquipmentEnabled {
  gateway: boolean;
  alert10: boolean;
  alert10c: boolean;
  kosSensor: boolean;
}

/**
 * Equipment exclusivity (S1 §4, MACH-027..MACH-035): an alert device excludes the gateway,
 * the alert device G and KOS Sensor; both alert devices need the machine online and no KOS
 * Sensor; the alert device also no gateway (the alert device G sits behind one).
 */
export function equipmentEnabled(v: EquipmentFields): EquipmentEnabled {
  const alert10 = !!v.EquipoAlert10;
  return {
    gateway: !alert10,
    alert10: v.Online === true && !v.EquipoConcentrador && !v.KOSSensor,
    alert10c: v.Online === true && !alert10 && !v.KOSSensor,
    kosSensor: !alert10 && !v.EquipoAlert10C,
  };
}

/**
 * What a change of the form does to the equipment (S1 §4): a new gateway clears the alert
 * device G (MACH-036, it sat behind the old one); choosing an alert device resets KOS Sensor
 * (MACH-038); going offline clears both alert devices, which are then disabled and which the
 * server refuses offline (`needs_online`).
 */
export function onEquipmentChange(changed: EquipmentFields): EquipmentFields {
  const patch: EquipmentFields = {};
  if ('EquipoConcentrador' in changed) patch.EquipoAlert10C = null;
  if (changed.EquipoAlert10) patch.KOSSensor = false;
  if (changed.Online === false) {
    patch.EquipoAlert10 = null;
    patch.EquipoAlert10C = null;
  }
  return patch;
}

/** The device families a machine's actions are sent through (MACH-006). */
export type DeviceFamily = 'ALERT10' | 'ALERT10C' | 'GATEWAY';

/**
 * The device the machine's monitor, spectra and VCV actions go through (MACH-006): its alert
 * device, else its alert device G, else its gateway (the KOS Sensor machines'); undefined
 * without equipment.
 */
export function machineDevice(m: EquipmentFields): { family: DeviceFamily; guid: string } | undefined {
  if (m.EquipoAlert10) return { family: 'ALERT10', guid: m.EquipoAlert10 };
  if (m.EquipoAlert10C) return { family: 'ALERT10C', guid: m.EquipoAlert10C };
  if (m.EquipoConcentrador) return { family: 'GATEWAY', guid: m.EquipoConcentrador };
  return undefined;
}

/** An alert device: a KOS Alert 10 or a KOS Alert 10 G, and its GUID. */
export interface AlertDevice {
  family: 'ALERT10' | 'ALERT10C';
  guid: string;
}

/** The machine's alert device, whose channels its points and VCOs use (TREE-101, VCO-015). */
export function alertDevice(m: EquipmentFields): AlertDevice | undefined {
  const device = machineDevice(m);
  return device && device.family !== 'GATEWAY' ? { family: device.family, guid: device.guid } : undefined;
}
