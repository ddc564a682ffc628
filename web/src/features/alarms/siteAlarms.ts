// The site's 'alarms' tab (S1 §2, docs/API.md "Alarms"): the states of its series, their
// colours and labels, the filters sent to GET .../site/{site}/alarms, how values read (the API
// keeps thousandths) and what a row's chart asks for and draws. Pure functions, no React.
import type { components } from '../../api/schema';
import { formatThousandths } from '../../lib/decimal';
import { LEVEL_COLORS, type LevelField } from './levels';
import { directionLabel } from '../assoc/machineAlarms';
import { editorUrl } from '../tree/model';

/** One series of the site: its last value, thresholds and state. */
export type SeriesState = components['schemas']['SiteState'];
/** A page of the site's series with the counts per state. */
export type SiteAlarms = components['schemas']['SiteAlarms'];
export type AlarmState = SeriesState['Estado'];

/** The states, worst first: the order of the counts at the top of the tab. */
export const STATES: readonly AlarmState[] = ['PELIGRO', 'ALARMA', 'AVISO', 'NORMAL', 'SIN_UMBRALES', 'SIN_DATOS'];

/** Rows of a page (the server's default too). */
export const PAGE_SIZE = 50;

/** The colours of the thresholds: warning, alarm, danger (their lines on the charts too). */
export const THRESHOLD_COLORS = { VrAviso: LEVEL_COLORS[0], VrAlarma: LEVEL_COLORS[1], VrPeligro: LEVEL_COLORS[2] } as const;
export type ThresholdField = keyof typeof THRESHOLD_COLORS;

/** The level a threshold field holds. */
export const THRESHOLD_LEVEL: Record<ThresholdField, LevelField> = { VrAviso: 'Aviso', VrAlarma: 'Alarma', VrPeligro: 'Peligro' };

/** Background of each state: the thresholds' colours, green for a normal series, greys for the others. */
export const STATE_COLORS: Record<AlarmState, string> = {
  PELIGRO: THRESHOLD_COLORS.VrPeligro,
  ALARMA: THRESHOLD_COLORS.VrAlarma,
  AVISO: THRESHOLD_COLORS.VrAviso,
  NORMAL: '#52C41A',
  SIN_UMBRALES: '#BFBFBF',
  SIN_DATOS: '#E8E8E8',
};

/** The relative luminance of a #RRGGBB colour (WCAG 2). */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The contrast ratio of two #RRGGBB colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background`. */
export function readableText(background: string): '#000000' | '#FFFFFF' {
  return contrast(background, '#000000') >= contrast(background, '#FFFFFF') ? '#000000' : '#FFFFFF';
}

/** What the tab is narrowed to: an area, a machine, a state (undefined: all). */
export interface AlarmFilter {
  area?: number;
  machine?: number;
  state?: AlarmState;
}

/** Whether the tab is narrowed at all: an empty list then says no row matches, not that there are none. */
export function isFiltered(filter: AlarmFilter): boolean {
  return filter.area !== undefined || filter.machine !== undefined || filter.state !== undefined;
}

/** The query of a page: the filter and the rows from `page` (1-based), PAGE_SIZE at a time. */
export function alarmsQuery(filter: AlarmFilter, page: number) {
  return {
    ...(filter.area !== undefined && { UsuAreaId: filter.area }),
    ...(filter.machine !== undefined && { UsuMaquinaId: filter.machine }),
    ...(filter.state !== undefined && { Estado: filter.state }),
    Desde: (page - 1) * PAGE_SIZE,
    Cuantas: PAGE_SIZE,
  };
}

/** The site's alarms tab, narrowed to a state when one is given (its `estado` query). */
export function siteAlarmsUrl(site: number, state?: AlarmState): string {
  const url = editorUrl({ site }, 'alarms');
  return state ? `${url}&estado=${state}` : url;
}

/** What the tab's URL narrows it to: its `estado` when that is a state. */
export function filterOfSearch(search: URLSearchParams): AlarmFilter {
  const state = STATES.find((s) => s === search.get('estado'));
  return state ? { state } : {};
}

/** A state count clicked: its state is chosen, or dropped when it was the chosen one. */
export function toggleState(filter: AlarmFilter, state: AlarmState | undefined): AlarmFilter {
  return { ...filter, state: state === undefined || filter.state === state ? undefined : state };
}

/** Another area: its machines only, so a machine of another area is dropped. */
export function chooseArea(filter: AlarmFilter, area: number | undefined, machinesOf: (area: number) => readonly { ID: number }[]): AlarmFilter {
  const keep = filter.machine !== undefined && area !== undefined && machinesOf(area).some((m) => m.ID === filter.machine);
  return { ...filter, area, machine: keep ? filter.machine : undefined };
}

/** A node of the side-bar tree: an area or a machine. */
interface Named {
  ID: number;
  Nombre: string;
}

/** An option of the machine filter: a machine, or an area's group of machines. */
export interface MachineOption {
  value?: number;
  label: string;
  title?: string;
  options?: MachineOption[];
}

/** The machine filter's options: those of the chosen area, or every area's grouped by area. */
export function machineOptions(areas: readonly Named[], machinesOf: (area: number) => readonly Named[], area?: number): MachineOption[] {
  const options = (id: number): MachineOption[] => machinesOf(id).map((m) => ({ value: m.ID, label: m.Nombre }));
  if (area !== undefined) return options(area);
  return areas.map((a) => ({ label: a.Nombre, title: a.Nombre, options: options(a.ID) })).filter((g) => g.options.length > 0);
}

/** The counts of the states, in their order (0 for a state the answer leaves out). */
export function stateCounts(totals: Readonly<Record<string, number>> | undefined): { state: AlarmState; count: number }[] {
  return STATES.map((state) => ({ state, count: totals?.[state] ?? 0 }));
}

/** A row's key: one series (an association, a condition, a direction). */
export function seriesKey(row: SeriesState): string {
  return `${row.Tipo}:${row.UsuMaqPuntoVcvId}:${row.UsuCondicionId}:${row.Direccion}`;
}

/** The axis of a row (V/H/A or H1/H2/A by its mounting), undefined for a VCP's temperature. */
export function directionText(row: SeriesState): string | undefined {
  return directionLabel(row.Orientacion, row.Direccion);
}

/** A value with its unit ('11,838 mm/s RMS'); '' when none. */
export function withUnit(value: number | null | undefined, unit: string | undefined, language: string): string {
  const text = formatThousandths(value, language);
  return text && unit ? `${text} ${unit}` : text;
}

/**
 * The y range of a chart: from 0 (or the lowest value, below 0) to `headroom` above the
 * highest value or line, so every line shows and the marks' labels at the top stay clear.
 */
export function chartRange(values: readonly (number | null)[], lines: readonly { value: number }[], headroom = 0.08): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const v of [...values, ...lines.map((l) => l.value)]) {
    if (v === null) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (hi === lo) hi = lo + 1;
  return [lo < 0 ? lo * (1 + headroom) : 0, hi * (1 + headroom)];
}
