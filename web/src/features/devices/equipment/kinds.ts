import type { paths } from '../../../api/schema';
import { nameMatches } from '../../catalog/columns';
import type { Equipment, EquipmentBody, ModoMedicion } from './api';

/** The paths a kind may be served at: those with a device's `{id}/admintree` below them in the OpenAPI document. */
type KindBase = { [P in keyof paths]: P extends `${infer B}/{id}/admintree` ? B : never }[keyof paths];

/** The registry's kinds, one tab each. */
export type EquipmentKindKey = 'concentrator' | 'alert10' | 'alert10c' | 'mems';

/** A kind of device, declared once: where it is served and which fields it has. */
export interface EquipmentKind {
  key: EquipmentKindKey;
  /** Path of the list and of registration; a device's own calls hang below it ({base}/{id}). */
  base: KindBase;
  /** Whether the device sits behind a gateway: never, optionally or always. */
  gateway: 'none' | 'optional' | 'required';
  /** A KOS Sensor: order number on its gateway and measurement mode. */
  sensor: boolean;
  /** A gateway: another one may take its place (Sustituir, EQP-018). */
  replaceable: boolean;
  /** Installed on one machine (a sensor: on one point), which the device names in `Maquina`; a gateway serves several. */
  installed: boolean;
}

export const GATEWAYS: EquipmentKind = {
  key: 'concentrator',
  base: '/api/equipment/concentrator',
  gateway: 'none',
  sensor: false,
  replaceable: true,
  installed: false,
};

/** The tabs, in order: gateways, alert devices, alert devices behind a gateway, KOS Sensors. */
export const EQUIPMENT_KINDS: readonly EquipmentKind[] = [
  GATEWAYS,
  { key: 'alert10', base: '/api/equipment/alert10', gateway: 'none', sensor: false, replaceable: false, installed: true },
  { key: 'alert10c', base: '/api/equipment/alert10c', gateway: 'required', sensor: false, replaceable: false, installed: true },
  { key: 'mems', base: '/api/mems', gateway: 'optional', sensor: true, replaceable: false, installed: true },
];

export const MEASUREMENT_MODES: readonly ModoMedicion[] = ['PROTECCION', 'PREDICCION'];

/** Longest serial number or alias the server accepts. */
export const EQUIPMENT_TEXT_MAX = 100;

/** Highest order number of a KOS Sensor on its gateway (the server's limit). */
export const ORDER_MAX = 999;

/** The registration / edit form. */
export interface EquipmentFormValues {
  NumeroSerie: string;
  Alias: string;
  ConcentradorId?: number | null;
  ModoMedicion?: ModoMedicion;
  NumeroOrden?: number | null;
}

/** The form's values for a new device (no `item`) or for editing one. */
export function formValues(kind: EquipmentKind, item?: Equipment): EquipmentFormValues {
  const values: EquipmentFormValues = { NumeroSerie: item?.NumeroSerie ?? '', Alias: item?.Alias ?? '' };
  if (kind.gateway !== 'none') values.ConcentradorId = item?.ConcentradorId ?? null;
  if (kind.sensor) {
    values.ModoMedicion = item?.ModoMedicion ?? 'PROTECCION';
    values.NumeroOrden = item?.NumeroOrden ?? null;
  }
  return values;
}

/**
 * Body of registration and edit (EQP-020, EQP-021, EQP-036, EQP-037): texts trimmed, and only
 * the fields the kind has (no gateway for a gateway or a KOS Alert 10).
 */
export function equipmentBody(kind: EquipmentKind, values: EquipmentFormValues): EquipmentBody {
  const body: EquipmentBody = { NumeroSerie: values.NumeroSerie.trim(), Alias: (values.Alias ?? '').trim() };
  if (kind.gateway !== 'none') body.ConcentradorId = values.ConcentradorId ?? null;
  if (kind.sensor) {
    body.ModoMedicion = values.ModoMedicion ?? 'PROTECCION';
    body.NumeroOrden = values.NumeroOrden ?? null;
  }
  return body;
}

/** Whether a device's serial number or alias holds the filter's text (without case or accents). */
export function matchesFilter(e: Equipment, filter: string): boolean {
  return nameMatches(e.NumeroSerie, filter) || nameMatches(e.Alias ?? '', filter);
}

/** Where a device is installed, in the UI's language: its machine, and its point for a sensor. */
export function installationPath(e: Equipment, language: string): string[] | undefined {
  const name = (n: { NombreEs: string; NombreEn: string }) => (language === 'es' ? n.NombreEs : n.NombreEn || n.NombreEs);
  if (!e.Maquina) return undefined;
  return e.Punto ? [name(e.Maquina), name(e.Punto)] : [name(e.Maquina)];
}
