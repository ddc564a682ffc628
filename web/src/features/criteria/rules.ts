// The rules of VCO/VCOV items and criteria as the server applies them (internal/operating):
// the one sensor a VCO or VCOV reads, its named conditions, a criterion's entries and its
// conditions over them. Pure functions: the form values they read and the bodies they write.
import { checkDecimal, formatDecimal, isBlank, parseDecimal, type DecimalSpec } from '../../lib/decimal';
import type { CatalogItem, FieldProblem } from '../catalog/kind';
import { SENSORS, type SensorType } from '../sensors/kinds';

/** VCO types (Tipo.EnumTipoVcoID): measured or virtual. */
export type VcoType = 'VCO' | 'VCOV';

/** The conversion factor: 6 integer and 4 decimal digits, above 0 (server: factorFormat, minimum 0.0001). */
export const FACTOR: DecimalSpec = { int: 6, dec: 4, min: 0.0001 };
/** A condition's bounds: sign, 8 integer and 3 decimal digits (server: valueFormat). */
export const BOUND: DecimalSpec = { int: 8, dec: 3, negative: true };

/** A sensor field of a VCO/VCOV: the body field, the sensor kind it names, whether it holds a GUID. */
export interface SensorSlot {
  field: string;
  type: SensorType;
  guid: boolean;
}

/** The sensor fields, in the order of the sensor select's groups (VCO-011). */
export const SENSOR_SLOTS: readonly SensorSlot[] = [
  { field: 'UsuSensor420', type: '420', guid: false },
  { field: 'UsuSensorTacometro', type: 'taco', guid: false },
  { field: 'UsuSensorVoltajeEstatico', type: 'staticvoltage', guid: false },
  { field: 'UsuSensorVirtual', type: 'virtual', guid: false },
  { field: 'SensorTeclado', type: 'keyboard', guid: true },
  { field: 'SensorNominal', type: 'nominal', guid: true },
];

/** The sensor kinds each type reads: a VCO a 4-20 mA, tachometer, static voltage or virtual sensor; a VCOV a virtual, keyboard or nominal one. */
const READS: Record<VcoType, readonly SensorType[]> = {
  VCO: ['420', 'taco', 'staticvoltage', 'virtual'],
  VCOV: ['virtual', 'keyboard', 'nominal'],
};

/** The sensor fields a VCO type may fill (none for an unknown type). */
export function slotsOf(type: string | undefined): SensorSlot[] {
  const reads = READS[type as VcoType] ?? [];
  return SENSOR_SLOTS.filter((s) => reads.includes(s.type));
}

/** The catalogue kind of a sensor field's sensors. */
export const sensorKind = (slot: SensorSlot) => SENSORS[slot.type];

/** The sensor select's value: the field and the sensor's id or GUID ("UsuSensorTacometro:3"). */
export function sensorValue(field: string, id: string): string {
  return `${field}:${id}`;
}

/** The field and id of a sensor select's value, or null when blank or unknown. */
export function parseSensor(value: string | undefined): { slot: SensorSlot; id: string } | null {
  const at = (value ?? '').indexOf(':');
  if (at < 0) return null;
  const slot = SENSOR_SLOTS.find((s) => s.field === value?.slice(0, at));
  const id = value?.slice(at + 1) ?? '';
  return slot && id ? { slot, id } : null;
}

/**
 * What the sensor of a sensor field measures (its Magnitud id): a tachometer counts revolutions,
 * in rpm; the other kinds say it, and `sensor` is the chosen one (undefined while unknown).
 */
export function sensorMagnitude(slot: SensorSlot, sensor: CatalogItem | undefined): string | undefined {
  if (slot.type === 'taco') return 'RPM';
  const magnitude = sensor?.Magnitud as { EnumMagnitudID?: string } | undefined;
  return magnitude?.EnumMagnitudID;
}

/** The sensor an item reads, as the select's value (the first filled field; undefined when none). */
export function readSensor(item: CatalogItem): string | undefined {
  for (const s of SENSOR_SLOTS) {
    const v = item[s.field];
    if ((typeof v === 'number' && v !== 0) || (typeof v === 'string' && v !== '')) return sensorValue(s.field, String(v));
  }
  return undefined;
}

/** The body field of the chosen sensor (ids as numbers, GUIDs as text); nothing when none is chosen (the server answers 'one_sensor'). */
export function writeSensor(value: unknown): CatalogItem {
  const chosen = parseSensor(typeof value === 'string' ? value : undefined);
  if (!chosen) return {};
  return { [chosen.slot.field]: chosen.slot.guid ? chosen.id : Number(chosen.id) };
}

/** Whether a type may read the chosen sensor (blank: yes); a type change clears a sensor it may not read. */
export function sensorFits(type: string | undefined, value: string | undefined): boolean {
  const chosen = parseSensor(value);
  return !chosen || slotsOf(type).includes(chosen.slot);
}

/** A VCO/VCOV condition as the editor holds it: a named range, bounds as typed (blank: open). */
export interface ConditionRow {
  CondicionID?: number;
  Nombre: string;
  Minimo: string;
  Maximo: string;
}

/** What is wrong with a row, by its input. */
export type RowProblems = Partial<Record<'name' | 'min' | 'max', FieldProblem>>;

/** The rows a list field holds (none when it holds no list). */
export function rowsOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The condition rows of an item (bounds without trailing zeros: "10.000" reads "10"). */
export function readConditions(item: CatalogItem): ConditionRow[] {
  const bound = (v: unknown) => {
    const n = parseDecimal(v);
    return n === null || Number.isNaN(n) ? text(v) : String(n);
  };
  return rowsOf<CatalogItem>(item.Condiciones).map((c) => ({
    CondicionID: typeof c.CondicionID === 'number' ? c.CondicionID : undefined,
    Nombre: text(c.Nombre),
    Minimo: bound(c.Minimo),
    Maximo: bound(c.Maximo),
  }));
}

/** The conditions' body: trimmed names, bounds with 3 decimals or null when open; new rows without id (the server numbers them). */
export function writeConditions(value: unknown): CatalogItem {
  return {
    Condiciones: rowsOf<ConditionRow>(value).map((r) => ({
      ...(r.CondicionID ? { CondicionID: r.CondicionID } : {}),
      Nombre: r.Nombre.trim(),
      Minimo: formatDecimal(r.Minimo, BOUND.dec),
      Maximo: formatDecimal(r.Maximo, BOUND.dec),
    })),
  };
}

/** Names given, not repeated (ignoring case), as the server requires of conditions. */
function nameProblems(names: readonly string[]): (FieldProblem | undefined)[] {
  const keys = names.map((n) => n.trim().toLowerCase());
  return keys.map((k, i) => (!k ? 'required' : keys.indexOf(k) !== i ? 'duplicate' : undefined));
}

/**
 * The problems of each condition row: a name, unique; bounds in the format; at least one
 * bound; the maximum above the minimum.
 */
export function conditionProblems(rows: readonly ConditionRow[]): RowProblems[] {
  const names = nameProblems(rows.map((r) => r.Nombre));
  return rows.map((r, i) => {
    const p: RowProblems = {};
    if (names[i]) p.name = names[i];
    const min = checkDecimal(r.Minimo, BOUND);
    const max = checkDecimal(r.Maximo, BOUND);
    if (min) p.min = min;
    if (max) p.max = max;
    if (isBlank(r.Minimo) && isBlank(r.Maximo)) p.min = p.max = 'required';
    const lo = parseDecimal(r.Minimo);
    const hi = parseDecimal(r.Maximo);
    if (!min && !max && lo !== null && hi !== null && hi <= lo) p.max = 'order';
    return p;
  });
}

/** The first problem of a list of rows, for the form field (null: fine). */
export function firstProblem(problems: readonly RowProblems[]): FieldProblem | null {
  for (const p of problems) {
    const found = p.name ?? p.min ?? p.max;
    if (found) return found;
  }
  return null;
}

/** A criterion's entries as the editor holds them: the VCO/VCOV ids, in order. */
export function readEntries(item: CatalogItem): string[] {
  return rowsOf<CatalogItem>(item.Vco_v).map((e) => text(e.UsuVco_vId));
}

/** The entries a form value holds. */
export function entriesOf(value: unknown): string[] {
  return rowsOf<string>(value);
}

/** The entries' body (MACH-020: Vco_v entries; the server reads the rest of each back). */
export function writeEntries(value: unknown): CatalogItem {
  return { Vco_v: entriesOf(value).map((id) => ({ UsuVco_vId: Number(id) })) };
}

/** ANY: a criterion condition's range that takes any value of its entry. */
export const ANY = '0';

/**
 * A criterion condition as the editor holds it: its name and, by entry (VCO/VCOV id), the
 * CondicionID of one of that entry's conditions, or ANY. Kept by id, so that choosing the
 * entries again keeps what each entry had.
 */
export interface CriterionRow {
  UsuCondicionID?: number;
  CondicionNombre: string;
  Rangos: Record<string, string>;
}

/** The criterion condition rows of an item: Rangos[i] belongs to the i-th entry. */
export function readCriterionConditions(item: CatalogItem): CriterionRow[] {
  const entries = readEntries(item);
  return rowsOf<CatalogItem>(item.Condiciones).map((c) => {
    const ranges = rowsOf<unknown>(c.Rangos);
    return {
      UsuCondicionID: typeof c.UsuCondicionID === 'number' ? c.UsuCondicionID : undefined,
      CondicionNombre: text(c.CondicionNombre),
      Rangos: Object.fromEntries(entries.map((id, i) => [id, text(ranges[i]) || ANY])),
    };
  });
}

/** The criterion conditions' body: one range per current entry, in the entries' order (ANY when not chosen). */
export function writeCriterionConditions(value: unknown, entries: readonly string[]): CatalogItem {
  return {
    Condiciones: rowsOf<CriterionRow>(value).map((r) => ({
      ...(r.UsuCondicionID ? { UsuCondicionID: r.UsuCondicionID } : {}),
      CondicionNombre: r.CondicionNombre.trim(),
      Rangos: entries.map((id) => Number(r.Rangos[id] ?? ANY)),
    })),
  };
}

/** The problems of each criterion condition: a name, unique. */
export function criterionConditionProblems(rows: readonly CriterionRow[]): RowProblems[] {
  return nameProblems(rows.map((r) => r.CondicionNombre)).map((p) => (p ? { name: p } : {}));
}
