// Pure rules of the history screens: the reasons of a refused import by line, and what a
// machine's data cleaning may be narrowed to.
import type { ApiErrorDetail } from '../../api/errors';
import type { MachineAlarm } from '../assoc/api';
import { conditionName } from '../assoc/machineAlarms';

/** One reason an import was refused, with the place it names: a CSV line, or an entry of a JSON batch. */
export interface ImportReason {
  /** The CSV line (1 is the header), or the entry's list and index in a JSON batch. */
  line?: number;
  list?: string;
  index?: number;
  /** The value at fault (Fecha, VrId...), when the reason is not about the whole line. */
  field?: string;
  message: string;
}

const PLACE = /^(\w+)\[(\d+)\](?:\.(.+))?$/;

/**
 * Why a file cannot be imported, found before it is sent: neither CSV nor JSON (a file dropped
 * on the zone is not filtered by its `accept`), or empty (the server could only say the request
 * is not valid).
 */
export function fileProblem(file: { name: string; size: number; type: string }): 'format' | 'empty' | undefined {
  if (!/\.(csv|json)$/i.test(file.name) && !['text/csv', 'application/json'].includes(file.type)) return 'format';
  return file.size === 0 ? 'empty' : undefined;
}

/**
 * The reasons of a refused import, each with its place ("Lineas[12].Fecha", "Valores[3].VrId"),
 * and how many more there are ('Y 25 errores más.'), which is no reason of its own.
 */
export function importReasons(errors: readonly ApiErrorDetail[]): { reasons: ImportReason[]; more?: string } {
  const reasons = errors
    .filter((e) => e.code !== 'more_errors')
    .map((e): ImportReason => {
      const m = PLACE.exec(e.field ?? '');
      if (!m) return { field: e.field, message: e.message };
      const [, list, n, field] = m;
      return list === 'Lineas' ? { line: Number(n), field, message: e.message } : { list, index: Number(n), field, message: e.message };
    });
  return { reasons, more: errors.find((e) => e.code === 'more_errors')?.message };
}

/** A choice of a data cleaning's narrowing select. */
export interface Choice {
  value: number;
  label: string;
}

function unique(rows: readonly MachineAlarm[], value: (r: MachineAlarm) => number, label: (r: MachineAlarm) => string): Choice[] {
  const seen = new Map<number, string>();
  for (const r of rows) if (!seen.has(value(r))) seen.set(value(r), label(r));
  return [...seen].map(([v, l]) => ({ value: v, label: l }));
}

/**
 * What a machine's data cleaning may be narrowed to, from its alert list: its points; the VCVs
 * and VCPs of the chosen point (all of them without one); the conditions of the chosen item
 * (or of the machine's criterion).
 */
export function cleaningChoices(rows: readonly MachineAlarm[], point?: number, item?: number) {
  const ofPoint = point === undefined ? rows : rows.filter((r) => r.UsuPuntoVibracionID === point);
  const ofItem = item === undefined ? ofPoint : ofPoint.filter((r) => r.UsuMaqPuntoVcvId === item);
  return {
    points: unique(rows, (r) => r.UsuPuntoVibracionID, (r) => `${r.ComponenteNombre} · ${r.PuntoNombre}`),
    items: unique(ofPoint, (r) => r.UsuMaqPuntoVcvId, (r) => (point === undefined ? `${r.PuntoNombre} · ${r.VcvNombre}` : r.VcvNombre)),
    conditions: unique(ofItem, (r) => r.UsuCondicionId, conditionName),
  };
}
