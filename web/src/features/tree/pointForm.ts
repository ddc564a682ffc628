// The point form's values, its measurement matrix and how they map to the API (pure).
import type { Point, PointInput } from '../../api/types';
import { formatDecimal, type DecimalSpec } from '../../lib/decimal';
import { BEARING_SLOTS, bearingsBody, choiceOf, type BearingChoice, type BearingSlot } from './bearings';
import { englishName } from './editors/names';

/** Position: an integer 1 to 255, no leading zero (TREE-121). */
export const POSITION = { int: 3, dec: 0, min: 1, max: 255 } as const satisfies DecimalSpec;
/** Whether a position text is an integer 1 to 255 without a leading zero (TREE-121). */
export function isValidPosition(text: string): boolean {
  return /^[1-9]\d{0,2}$/.test(text.trim()) && Number(text) <= POSITION.max;
}

/** Relative speed: 5 integer and 5 decimal digits, at least 0.00001 (TREE-122, TREE-123). */
export const RELATIVE_SPEED: DecimalSpec = { int: 5, dec: 5, min: 0.00001 };

/**
 * Rows of the measurement matrices (directions) and their columns (ranges): the ranges an alert
 * device measures a point in, and those of a digital sensor's prediction (also the magnetometer).
 */
export const DIRECTIONS = ['V_H1', 'H_H2', 'A'] as const;
export const POINT_RANGES = ['br', 'ar', 'dm'] as const;
export const RANGES = [...POINT_RANGES, 'mg'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export type Range = (typeof RANGES)[number];
export type MeasureField = `Medida_${Direction}_${Range}`;
export type PointMeasureField = `Medida_${Direction}_${(typeof POINT_RANGES)[number]}`;

const measureFields = <R extends Range>(ranges: readonly R[]) =>
  DIRECTIONS.flatMap((d) => ranges.map((r) => `Medida_${d}_${r}` as const));

/** The point's nine measurement flags, row by row (TREE-095). */
export const POINT_MEASURE_FIELDS: PointMeasureField[] = measureFields(POINT_RANGES);
/** The prediction's twelve measurement flags, row by row (TREE-096). */
export const MEASURE_FIELDS: MeasureField[] = measureFields(RANGES);

/** Label of a direction row: V, H, A for a horizontal point; H1, H2, A for a vertical one. */
export function directionLabel(direction: Direction, horizontal: boolean): string {
  if (direction === 'A') return 'A';
  if (direction === 'V_H1') return horizontal ? 'V' : 'H1';
  return horizontal ? 'H' : 'H2';
}

/** The point's alert-device spectrum slots, one per range (TREE-098). */
export const SPECTRUM_SLOTS = [
  { field: 'UsuEspectroBrId', range: 'BR' },
  { field: 'UsuEspectroArId', range: 'AR' },
  { field: 'UsuEspectroDmId', range: 'DM' },
] as const;
export type SpectrumSlot = (typeof SPECTRUM_SLOTS)[number]['field'];

/** A channel of the machine's alert device wired to the point, in one direction (TREE-101). */
export type PointChannel = NonNullable<Point['Canales']>[number];

/** Channels of an alert device a point may take (TREE-101). */
export const POINT_CHANNELS = Array.from({ length: 10 }, (_, i) => i + 1);

/**
 * The Direccion of a channel on the row `direction` (TREE-102..TREE-104): 1–3 are V, H, A of
 * a horizontal point, 4–6 H1, H2, A of a vertical one.
 */
export function channelDireccion(direction: Direction, horizontal: boolean): number {
  return DIRECTIONS.indexOf(direction) + (horizontal ? 1 : 4);
}

/** The row a channel's Direccion shows on: 1 and 4 the first, 2 and 5 the second, 3 and 6 the third. */
export function channelRow(direccion: number): Direction | undefined {
  return Number.isInteger(direccion) && direccion >= 1 && direccion <= 6 ? DIRECTIONS[(direccion - 1) % 3] : undefined;
}

/** Form field of the channel of each row. */
export type ChannelField = `Canal_${Direction}`;
export const channelField = (d: Direction): ChannelField => `Canal_${d}`;

export type PointValues = {
  NombreEs: string;
  Posicion: string;
  MontajeId?: number;
  Referencia: string;
  Vr: string;
} & Record<PointMeasureField, boolean> &
  Record<BearingSlot, BearingChoice> &
  Partial<Record<SpectrumSlot, number>> &
  Partial<Record<ChannelField, number>>;

export function toForm(p: Point): PointValues {
  const flags = Object.fromEntries(POINT_MEASURE_FIELDS.map((f) => [f, p[f] === true])) as Record<PointMeasureField, boolean>;
  const bearings = Object.fromEntries(BEARING_SLOTS.map((s) => [s, choiceOf(p[s])])) as Record<BearingSlot, BearingChoice>;
  return {
    NombreEs: p.NombreEs,
    Posicion: p.Posicion ? String(p.Posicion) : '',
    MontajeId: p.MontajeId ?? undefined,
    Referencia: p.Referencia ?? '',
    Vr: p.Vr ?? '',
    ...flags,
    ...bearings,
    ...Object.fromEntries(SPECTRUM_SLOTS.map(({ field }) => [field, p[field] ?? undefined])),
    ...Object.fromEntries(
      (p.Canales ?? []).flatMap((c) => {
        const row = channelRow(c.Direccion);
        return row ? [[channelField(row), c.Canal]] : [];
      }),
    ),
  };
}

/** The channels chosen, one per row that has one, with the Direccion of the point's mounting. */
export function channelsBody(v: PointValues, horizontal: boolean): PointChannel[] {
  return DIRECTIONS.flatMap((d) => {
    const canal = v[channelField(d)];
    return canal ? [{ Canal: canal, Direccion: channelDireccion(d, horizontal) }] : [];
  });
}

/**
 * The update body. `channels` is given when the form shows the associated channels (the
 * machine has an alert device): they are sent for the point's mounting; otherwise the point's
 * stored channels are left as they are.
 */
export function toBody(v: PointValues, p: Point, channels?: { horizontal: boolean }): PointInput {
  const nombre = v.NombreEs.trim();
  const flags = Object.fromEntries(POINT_MEASURE_FIELDS.map((f) => [f, v[f] === true])) as Record<PointMeasureField, boolean>;
  return {
    NombreEs: nombre,
    NombreEn: englishName(p, nombre),
    Posicion: Number(v.Posicion),
    MontajeId: v.MontajeId,
    Referencia: v.Referencia.trim(),
    Vr: formatDecimal(v.Vr, 5) ?? undefined,
    ...flags,
    // Template bearings were downloaded before (resolveBearings); a slot without one is none.
    ...bearingsBody(BEARING_SLOTS.map((s) => v[s])),
    // A cleared slot is sent as null, so that the server empties it.
    ...Object.fromEntries(SPECTRUM_SLOTS.map(({ field }) => [field, v[field] ?? null])),
    ...(channels && { Canales: channelsBody(v, channels.horizontal) }),
  };
}
