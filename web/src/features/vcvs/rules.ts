// The pure rules of the VCV and VCP kinds (S2 §3.4–§3.6, §5.3, §5.4), the server's
// (internal/catalog/vcv.go): the bands each VCP type takes, the component types and their
// subtypes, the digital VCVs' label prefixes and the values the columns group items by.
import type { TFunction } from 'i18next';
import type { CatalogItem } from '../catalog/kind';

/** VCP types (VCP-020): velocity, acceleration, crest factor, envelope, magnetic field, temperature, position. */
export const VCP_TYPES = ['VEL', 'ACE', 'CRE', 'DEM', 'MAG', 'TEM', 'POS'] as const;
export type VcpType = (typeof VCP_TYPES)[number];

/** The band ranges each VCP type takes (VCP-030..VCP-032); CRE, TEM and POS take none (VCP-021). */
export const VCP_RANGES: Readonly<Partial<Record<string, readonly string[]>>> = {
  VEL: ['BR', 'AR'],
  ACE: ['BR', 'AR'],
  DEM: ['DM'],
  MAG: ['MG'],
};

/** Whether a VCP of the type takes a band (VCP-029). */
export function takesBand(type: string | undefined): boolean {
  return VCP_RANGES[type ?? ''] !== undefined;
}

/** Whether a digital band suits a VCP's type (S2 §5.4). */
export function bandFitsVcp(type: string | undefined, band: CatalogItem): boolean {
  return VCP_RANGES[type ?? '']?.includes(String(band.Rango)) ?? false;
}

/** Component types and their subtypes (the tree's component subtypes; internal/catalog ComponentTypes). */
export const COMPONENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  '1': ['1', '2', '3'], // motor
  '2': ['4', '5'], // pump
  '3': ['6', '7'], // fan
  '4': ['8', '9'], // compressor
  '5': ['10'], // gearbox
  '6': ['11'], // other
};

/** The subtypes a component type offers (none without a type). */
export function subtypesOf(type: string | undefined): readonly string[] {
  return COMPONENT_TYPES[type ?? ''] ?? [];
}

/** Choosing a component type clears a subtype that is not one of its own. */
export function componentTypeEffect(v: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const sub = v.GenSubtipoComponenteId;
  return sub && !subtypesOf(v.GenTipoComponenteId).includes(sub) ? { GenSubtipoComponenteId: undefined } : {};
}

/** A digital VCV's type (VCO or VCOV, VCV-028), '' when it has none. */
export function vcoType(item: CatalogItem): string {
  const tipo = item.Tipo;
  const id = typeof tipo === 'object' && tipo !== null ? (tipo as Record<string, unknown>).EnumTipoVcoID : undefined;
  return typeof id === 'string' ? id : '';
}

/** A digital VCV's label prefix: 'VCO: ' / 'VCOV: ' in Spanish, 'OCV: ' / 'SOCV: ' in English (VCV-029, VCV-030). */
export function vcoPrefix(item: CatalogItem, t: TFunction): string {
  const type = vcoType(item);
  return type === 'VCO' || type === 'VCOV' ? t(`vcvs.prefixes.${type}`) : '';
}

/** The band a VCV holds (analog `Banda`, digital `BandaDigital`), as the server reads it back: the VCV's groups are its band's category. */
export function bandOf(item: CatalogItem): CatalogItem {
  const b = item.Banda ?? item.BandaDigital;
  return typeof b === 'object' && b !== null ? (b as CatalogItem) : {};
}

/** The group of a digital VCV by component type: its type's id, or 'none' (VCV-016). */
export const NO_COMPONENT = 'none';
export function componentGroup(item: CatalogItem): string {
  const id = item.GenTipoComponenteId;
  return typeof id === 'number' ? String(id) : NO_COMPONENT;
}

/** The group of a digital VCV by component subtype within its type: the subtype's id, or 'none' (VCV-016). */
export function subtypeGroup(item: CatalogItem): string {
  const id = item.GenSubtipoComponenteId;
  return typeof id === 'number' ? String(id) : NO_COMPONENT;
}

/** A band's range and frequency type in words ('Rango bajo (BR) · Órdenes'). */
export function bandSummary(band: CatalogItem, t: TFunction): string {
  const tr = t as (key: string) => string;
  const range = band.Rango ? tr(`bands.ranges.${String(band.Rango)}`) : '';
  const frequency = band.Frecuencia ? tr(`bands.frequencies.${String(band.Frecuencia)}`) : '';
  return [range, frequency].filter(Boolean).join(' · ');
}
