// The machine's alert list (the 'reference-value-edition' tab, TREE-003): how a row is named,
// labelled and filtered. Rows come from GET .../machine/{machine}/alarm, one per direction.
import type { TableColumnType } from 'antd';
import type { MachineAlarm } from './api';
import { UNITS, itemUnit, type Unit } from '../../lib/units';

/** A row's key: a reference row holds one row per direction. */
export function alarmKey(row: MachineAlarm): string {
  return `${row.UsuValorReferenciaID}:${row.Direccion}`;
}

/** Direction 3 is a VCP's temperature, which has no axis. */
export const TEMPERATURE = 3;

/**
 * The axis of a direction (S1 §3 'Alarm row'): a horizontal mounting (Orientacion 0) names
 * them V, H, A; a vertical one H1, H2, A. Undefined for the temperature.
 */
export function directionLabel(orientation: number, direction: number): string | undefined {
  if (direction === TEMPERATURE) return undefined;
  const axes = orientation === 0 ? ['V', 'H'] : ['H1', 'H2'];
  return axes[direction] ?? 'A';
}

/**
 * The unit of a row's values: °C for a VCP's temperature, else its item's (a VCP type's, a
 * VCV's band range's).
 */
export function referenceUnit(row: { Tipo: string; TipoVcp: string; Rango: string; Direccion: number }): Unit | undefined {
  if (row.Tipo !== 'MPVP') return itemUnit(undefined, row.Rango);
  return row.Direccion === TEMPERATURE ? UNITS.temperature : itemUnit(row.TipoVcp, undefined);
}

/** The column of each row's unit, where a list's rows have different ones (the alert list, the precalculation). */
export function unitColumn<T>(title: string, unitOf: (row: T) => Unit | undefined): TableColumnType<T> {
  return { key: 'unit', title, width: 84, render: (_, row) => unitOf(row), onCell: () => ({ className: 'vigia-nowrap' }) };
}

/** A row in one condition: of the alert list, of the precalculation, of the site's alarms. */
interface ConditionRow {
  UsuCondicionId: number;
  CondicionNombre: string | null;
}

/** A criterion without conditions has one nameless condition, shown 'CDNG' (REF-006). */
export function conditionName(row: Pick<ConditionRow, 'CondicionNombre'>): string {
  return row.CondicionNombre ?? 'CDNG';
}

/** The conditions of the rows, once each in their order: a condition filter's options. */
export function conditionOptions(rows: readonly ConditionRow[]): { value: number; label: string }[] {
  const seen = new Map<number, string>();
  for (const row of rows) if (!seen.has(row.UsuCondicionId)) seen.set(row.UsuCondicionId, conditionName(row));
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** The rows whose component, point or item name contains `text` (any case), of `condition` if given. */
export function filterAlarms(rows: readonly MachineAlarm[], text: string, condition: number | undefined): MachineAlarm[] {
  const needle = text.trim().toLocaleLowerCase();
  return rows.filter(
    (row) =>
      (condition === undefined || row.UsuCondicionId === condition) &&
      [row.ComponenteNombre, row.PuntoNombre, row.VcvNombre].some((name) => name.toLocaleLowerCase().includes(needle)),
  );
}

/** A heading line of the alert list: the component and point of the rows under it. */
export interface GroupLine {
  group: string;
  component: string;
  point: string;
}

/** The rows with a heading line before each run of one component's point, so that neither repeats on every row. */
export function groupByPoint(rows: readonly MachineAlarm[]): (GroupLine | MachineAlarm)[] {
  const out: (GroupLine | MachineAlarm)[] = [];
  let last = '';
  for (const row of rows) {
    const group = `${row.UsuComponenteId}:${row.UsuPuntoVibracionID}`;
    if (group !== last) out.push({ group, component: row.ComponenteNombre, point: row.PuntoNombre });
    last = group;
    out.push(row);
  }
  return out;
}

/** A CSV cell: quoted when it holds a separator, a quote or a line break. */
const cell = (v: string | number) => (/[",;\r\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));

/**
 * The series of a machine's alert list as a CSV a plant maps its old history on before importing
 * it: each row's VrId and Dir (the import's own columns), then what they are, under `headers`
 * (component, point, item, direction, condition, unit, in the user's language). Cells are
 * separated as a spreadsheet of the language expects (`;` where the decimal mark is a comma), and
 * a byte-order mark tells it the text is UTF-8 (its accents).
 */
export function seriesCsv(rows: readonly MachineAlarm[], headers: readonly string[], temperature: string, separator: ',' | ';'): string {
  const lines = rows.map((r) =>
    [r.UsuValorReferenciaID, r.Direccion, r.ComponenteNombre, r.PuntoNombre, r.VcvNombre, directionLabel(r.Orientacion, r.Direccion) ?? temperature, conditionName(r), referenceUnit(r) ?? '']
      .map(cell)
      .join(separator),
  );
  return '\uFEFF' + [['VrId', 'Dir', ...headers].map(cell).join(separator), ...lines].join('\r\n') + '\r\n';
}
