// The sensor list's filter and server paging: plain functions, no I/O.
import type { Equipment, ModoMedicion } from '../equipment/api';

/** What the user filters the sensors by; empty texts filter nothing. */
export interface MemsFilter {
  NumeroSerie: string;
  Alias: string;
  ModoMedicion?: ModoMedicion;
}

export const NO_FILTER: MemsFilter = { NumeroSerie: '', Alias: '' };

/** The filter as GET /api/mems/count and the pages take it. */
export interface MemsQuery {
  NumeroSerie?: string;
  Alias?: string;
  ModoMedicion?: ModoMedicion;
}

/** Rows per page offered; the first is the default. */
export const PAGE_SIZES = [10, 20, 50] as const;

/**
 * The query of GET /api/mems/count and of the pages: the filter's non-empty fields, texts
 * trimmed (a filter of spaces would match nothing useful).
 */
export function filterQuery(filter: MemsFilter): MemsQuery {
  const query: MemsQuery = {};
  const serial = filter.NumeroSerie.trim();
  const alias = filter.Alias.trim();
  if (serial) query.NumeroSerie = serial;
  if (alias) query.Alias = alias;
  if (filter.ModoMedicion) query.ModoMedicion = filter.ModoMedicion;
  return query;
}

/** Rows of a page (1-based) as the page call takes them: `from` inclusive, `to` exclusive. */
export function pageRange(page: number, size: number): { from: number; to: number } {
  const from = (Math.max(1, page) - 1) * size;
  return { from, to: from + size };
}

/** The last page holding rows of `total`; 1 for an empty list. */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** `page` within the pages of `total` rows (after a filter or an edit left fewer). */
export function clampPage(page: number, total: number, size: number): number {
  return Math.min(Math.max(1, page), lastPage(total, size));
}

/**
 * The factory a sensor is verified for: the one it is assigned to, else the one the user is
 * working on (the check then says that it is not assigned to it).
 */
export function verifyFactory(sensor: Pick<Equipment, 'Asignacion'>, current: number | undefined): number | undefined {
  return sensor.Asignacion?.UsuFabricaId ?? current;
}
