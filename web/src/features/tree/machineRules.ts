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

/** The criterion every factory has, forced by the DESCONOCIDO update mode (MACH-047). */
export const UNKNOWN_CRITERION = 'DESCONOCIDO';

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
 * DESCONOCIDO only the DESCONOCIDO criterion, which no other mode offers.
 */
export function criterionOffered(mode: string | undefined, digital: boolean, name: string, entries: readonly CriterionEntry[]): boolean {
  if (mode === 'DESCONOCIDO' || name === UNKNOWN_CRITERION) return mode === 'DESCONOCIDO' && name === UNKNOWN_CRITERION;
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
