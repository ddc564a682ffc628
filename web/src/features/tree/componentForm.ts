// The component form's values, its motor section and how they map to the API (pure).
import type { Component, ComponentInput, Motor } from '../../api/types';
import type { DecimalSpec } from '../../lib/decimal';
import { formatDecimal } from '../../lib/decimal';
import { UNITS, type Unit } from '../../lib/units';
import { englishName } from './editors/names';

/** Power: optional minus, 6 integer digits, 2 decimals (TREE-070, TREE-071). */
export const POWER: DecimalSpec = { int: 6, dec: 2, negative: true };
/** Nominal speed: not negative, 7 integer digits, 3 decimals (TREE-072, decision 13). */
export const NOMINAL_SPEED: DecimalSpec = { int: 7, dec: 3 };

export type MotorField = keyof Motor & string;

/** Fields every motor has, each required (TREE-064, TREE-068). */
export const MOTOR_REQUIRED: MotorField[] = ['Marca', 'Velocidad', 'Tipo', 'NumeroSerie'];

/** The unit of a motor's rated values (the others are names, codes or ratios). */
export const MOTOR_UNITS: Partial<Record<MotorField, Unit>> = {
  Velocidad: UNITS.speed,
  Intensidad: UNITS.ampere,
  Tension: UNITS.volt,
  IntensidadRotor: UNITS.ampere,
  TensionRotor: UNITS.volt,
  TensionExcitacion: UNITS.volt,
  TensionInducido: UNITS.volt,
  IntensidadExcitacion: UNITS.ampere,
  IntensidadInducido: UNITS.ampere,
};

/**
 * The optional motor fields of a motor family (enums SubtipoComponente Motor): AC and wound
 * rotor (1, 2) add electrical ratings (TREE-065), wound rotor its rotor values (TREE-066), any
 * other motor the DC values (TREE-067). 0 is no motor.
 */
export function motorOptionalFields(kind: number): MotorField[] {
  if (kind === 0) return [];
  if (kind === 1 || kind === 2) {
    const ac: MotorField[] = ['CosenoPhi', 'Intensidad', 'ClaseTermica', 'Tension', 'IndiceProteccion'];
    return kind === 2 ? [...ac, 'IntensidadRotor', 'TensionRotor'] : ac;
  }
  return ['TensionExcitacion', 'TensionInducido', 'IntensidadExcitacion', 'IntensidadInducido'];
}

export interface ComponentValues {
  NombreEs: string;
  Potencia: string;
  Montaje?: number;
  VelocidadNominal: string;
  UsuCalculoVrId?: number;
  ComentarioEs: string;
  ParametrosDinamicos: boolean;
  GenSubtipoComponenteId?: number;
  Motor: Partial<Record<MotorField, string>>;
}

export function toForm(c: Component): ComponentValues {
  return {
    NombreEs: c.NombreEs,
    Potencia: c.Potencia ?? '',
    Montaje: c.Montaje ?? undefined,
    VelocidadNominal: c.VelocidadNominal ?? '',
    UsuCalculoVrId: c.UsuCalculoVrId ?? undefined,
    ComentarioEs: c.ComentarioEs ?? '',
    ParametrosDinamicos: c.ParametrosDinamicos ?? false,
    GenSubtipoComponenteId: c.GenSubtipoComponenteId ?? undefined,
    Motor: { ...(c.Motor ?? {}) } as Partial<Record<MotorField, string>>,
  };
}

/**
 * The update body: power with 2 decimals and speed with 3; the motor only for a motor subtype
 * (`motor` is its family), with the fields of that family.
 */
export function toBody(v: ComponentValues, c: Component, motor: number): ComponentInput {
  const nombre = v.NombreEs.trim();
  const comentario = v.ComentarioEs.trim();
  let Motor: Motor | undefined;
  if (motor > 0) {
    const fields = [...MOTOR_REQUIRED, ...motorOptionalFields(motor)];
    Motor = Object.fromEntries(fields.map((f) => [f, (v.Motor[f] ?? '').trim()])) as unknown as Motor;
  }
  return {
    NombreEs: nombre,
    NombreEn: englishName(c, nombre),
    Potencia: formatDecimal(v.Potencia, 2) ?? undefined,
    Montaje: v.Montaje,
    VelocidadNominal: formatDecimal(v.VelocidadNominal, 3) ?? undefined,
    UsuCalculoVrId: v.UsuCalculoVrId ?? undefined,
    ComentarioEs: comentario,
    ComentarioEn: c.ComentarioEn && c.ComentarioEn !== c.ComentarioEs ? c.ComentarioEn : comentario,
    ParametrosDinamicos: v.ParametrosDinamicos,
    GenSubtipoComponenteId: v.GenSubtipoComponenteId ?? undefined,
    Motor,
  };
}
