// A point's KOS Sensor data (TREE-099, TREE-100): the protection and prediction forms' values
// and the point's update body each page sends. Pure, tested without a browser.
import type { Point, PointInput } from '../../api/types';
import { DIRECTIONS, MEASURE_FIELDS, toBody, toForm, type Direction, type MeasureField } from '../tree/pointForm';

/** What protection watches in each direction (the columns of its matrix). */
export const PROTECTION_MEASURES = ['Vibracion', 'Magneto', 'Posicion'] as const;
export type ProtectionMeasure = (typeof PROTECTION_MEASURES)[number];
export type ProtectionField = `${ProtectionMeasure}_${Direction}`;

/** The nine protection flags (TREE-099). */
export const PROTECTION_FIELDS: ProtectionField[] = DIRECTIONS.flatMap((d) => PROTECTION_MEASURES.map((m) => `${m}_${d}` as ProtectionField));

/** The prediction's digital spectrum slots, one per range (TREE-100, TREE-109). */
export const DIGITAL_SPECTRUM_SLOTS = [
  { field: 'UsuEspectroDigitalBRId', range: 'BR' },
  { field: 'UsuEspectroDigitalARId', range: 'AR' },
  { field: 'UsuEspectroDigitalDMId', range: 'DM' },
  { field: 'UsuEspectroDigitalMGId', range: 'MG' },
] as const;
export type DigitalSpectrumSlot = (typeof DIGITAL_SPECTRUM_SLOTS)[number]['field'];

/** The protection form: the flags and the sensor (undefined: none). */
export type ProtectionValues = Record<ProtectionField, boolean> & { SensorProteccionGUID?: string };

/** The prediction form: the flags, the spectra and the sensor (undefined: none). */
export type PredictionValues = Record<MeasureField, boolean> &
  Partial<Record<DigitalSpectrumSlot, number>> & { SensorPrediccionGUID?: string };

function flags<F extends string>(fields: readonly F[], from: Partial<Record<F, unknown>> | null | undefined): Record<F, boolean> {
  return Object.fromEntries(fields.map((f) => [f, from?.[f] === true])) as Record<F, boolean>;
}

/** The point as stored, as an update body (without its KOS Sensor data and channels, kept). */
function storedBody(p: Point): PointInput {
  return toBody(toForm(p), p);
}

export function protectionForm(p: Point): ProtectionValues {
  const m = p.MEMSProteccion;
  return { ...flags(PROTECTION_FIELDS, m), SensorProteccionGUID: m?.SensorProteccionGUID ?? undefined };
}

/**
 * The point's update body with its protection. The prediction and the channels are left out,
 * which the server reads as "keep what is stored": this page does not overwrite the others'.
 */
export function protectionBody(v: ProtectionValues, p: Point): PointInput {
  return {
    ...storedBody(p),
    MEMSProteccion: { ...flags(PROTECTION_FIELDS, v), SensorProteccionGUID: v.SensorProteccionGUID ?? null },
  };
}

export function predictionForm(p: Point): PredictionValues {
  const m = p.MEMSPrediccion;
  return {
    ...flags(MEASURE_FIELDS, m),
    ...Object.fromEntries(DIGITAL_SPECTRUM_SLOTS.map(({ field }) => [field, m?.[field] ?? undefined])),
    SensorPrediccionGUID: m?.SensorPrediccionGUID ?? undefined,
  };
}

/** The point's update body with its prediction; the protection and the channels are kept. */
export function predictionBody(v: PredictionValues, p: Point): PointInput {
  return {
    ...storedBody(p),
    MEMSPrediccion: {
      ...flags(MEASURE_FIELDS, v),
      ...(Object.fromEntries(DIGITAL_SPECTRUM_SLOTS.map(({ field }) => [field, v[field] ?? null])) as Record<
        DigitalSpectrumSlot,
        number | null
      >),
      SensorPrediccionGUID: v.SensorPrediccionGUID ?? null,
    },
  };
}
