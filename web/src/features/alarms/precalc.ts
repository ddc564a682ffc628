// The machine's alarm precalculation (S1 §2 'Machine alarm edition screen', §4 'Alarm screen',
// §5 'Precalculation', §7, §9): the form's defaults and checks, the request it sends, the
// result lines as the table holds them (checked, edited, changed, shown) and what a save
// sends. Pure, tested without a browser.
import type { Dayjs } from 'dayjs';
import { checkDecimal, decimalText, isBlank, thousandthsText, toThousandths, type DecimalSpec } from '../../lib/decimal';
import type { PrecalcLine, PrecalcLists, Precalculate, SavedLevel } from './api';
import { LEVEL_FIELDS, refusedLevel, type LevelField, type LevelTexts, type Three } from './levels';

/** The default period: 30 days (2,592,000,000 ms) before today up to today (ALRM-025, ALRM-026). */
export const DEFAULT_PERIOD_MS = 2_592_000_000;
/** The default 'change' thresholds, fractions of the baseline (ALRM-027). */
export const DEFAULT_CHANGE: Three<number> = [0.3, 0.5, 0.8];
/** The default 'to-change' values in mm/s (ALRM-028). */
export const DEFAULT_TO_CHANGE: Three<number> = [0.1, 0.2, 0.3];
/** Lines from fewer values come back 'Insuficiente' (the server's default). */
export const DEFAULT_MIN_VALUES = 10;
/** Result lines per page (ALRM-015). */
export const PAGE_SIZE = 20;
/** Pages shown each side of the current one (ALRM-013). */
export const PAGE_NEIGHBOURS = 2;

/** A 'change' threshold: a fraction of the baseline, 0 to 99.999. */
export const CHANGE: DecimalSpec = { int: 2, dec: 3, min: 0 };
/** A 'to-change' value in mm/s, 0 to 999.999. */
export const TO_CHANGE: DecimalSpec = { int: 3, dec: 3, min: 0 };
/** How many values a line needs, at least. */
export const MIN_VALUES: DecimalSpec = { int: 6, dec: 0, min: 1 };

export type Method = Precalculate['Metodo'];
export const METHODS: Method[] = ['P95', 'MEDIA_SIGMA', 'MULTIPLO'];
export type Zone = NonNullable<Precalculate['ISO']>;

/** One period: its start and end days ('2026-11-24'), null while not chosen. */
export interface DatePair {
  start: string | null;
  end: string | null;
}

/** The precalculation form, as the user fills it. */
export interface PrecalcForm {
  /** The checked components (ALRM-002). */
  components: number[];
  /** Every condition (ALRM-034), or those of `conditions`. */
  allConditions: boolean;
  conditions: number[];
  periods: DatePair[];
  change: LevelTexts;
  toChange: LevelTexts;
  method: Method;
  outliers: boolean;
  minValues: string;
  iso: { on: boolean } & Zone;
}

const DAY = 'YYYY-MM-DD';

/** The default period up to `today` (ALRM-025, ALRM-026). */
export function defaultPeriod(today: Dayjs): DatePair {
  return { start: today.subtract(DEFAULT_PERIOD_MS, 'millisecond').format(DAY), end: today.format(DAY) };
}

/** The form's defaults (S1 §4 'Alarm screen'): every component checked, every condition, the last 30 days. */
export function defaultForm(components: readonly number[], today: Dayjs, language: string): PrecalcForm {
  const texts = (v: Three<number>) => v.map((n) => decimalText(n, language, 1, 3)) as unknown as LevelTexts;
  return {
    components: [...components],
    allConditions: true,
    conditions: [],
    periods: [defaultPeriod(today)],
    change: texts(DEFAULT_CHANGE),
    toChange: texts(DEFAULT_TO_CHANGE),
    method: 'P95',
    outliers: false,
    minValues: String(DEFAULT_MIN_VALUES),
    iso: { on: false, Grupo: 2, Cimentacion: 'RIGIDA' },
  };
}

/** Why the form cannot be sent: the problem and where it is. */
export type PrecalcProblem =
  | { kind: 'noStart' | 'noEnd' | 'badRange'; period: number }
  | { kind: 'noComponent' | 'noCondition' | 'badMinValues' }
  | { kind: 'badChange' | 'badToChange' | 'changeBelow' | 'toChangeBelow'; field: LevelField };

/** A decimal field's text as a number (dot or comma). */
function number(text: string): number {
  return Number(text.trim().replace(',', '.'));
}

/**
 * The request of the form, or the first problem that keeps it from being sent (S1 §5): each
 * period needs its start (ALRM-031) and end (ALRM-032), in order; at least one component
 * (ALRM-033); at least one condition unless all are (ALRM-034); our options within bounds,
 * each level's at least the level's beneath.
 * The 'change' and 'to-change' values are only those of the P95 method.
 */
export function precalcRequest(form: PrecalcForm): { body: Precalculate } | { problem: PrecalcProblem } {
  for (const [period, p] of form.periods.entries()) {
    if (!p.start) return { problem: { kind: 'noStart', period } };
    if (!p.end) return { problem: { kind: 'noEnd', period } };
    if (p.end < p.start) return { problem: { kind: 'badRange', period } };
  }
  if (form.components.length === 0) return { problem: { kind: 'noComponent' } };
  if (!form.allConditions && form.conditions.length === 0) return { problem: { kind: 'noCondition' } };
  const p95 = form.method === 'P95';
  if (p95) {
    for (const [i, field] of LEVEL_FIELDS.entries()) {
      if (isBlank(form.change[i]) || checkDecimal(form.change[i], CHANGE)) return { problem: { kind: 'badChange', field } };
    }
    for (const [i, field] of LEVEL_FIELDS.entries()) {
      if (isBlank(form.toChange[i]) || checkDecimal(form.toChange[i], TO_CHANGE)) return { problem: { kind: 'badToChange', field } };
    }
    // A level's values below the level beneath would propose a warning above its alarm.
    for (const [kind, texts] of [['changeBelow', form.change], ['toChangeBelow', form.toChange]] as const) {
      const i = [1, 2].find((j) => number(texts[j]) < number(texts[j - 1]));
      if (i !== undefined) return { problem: { kind, field: LEVEL_FIELDS[i] } };
    }
  }
  if (isBlank(form.minValues) || checkDecimal(form.minValues, MIN_VALUES)) return { problem: { kind: 'badMinValues' } };

  const body: Precalculate = {
    Componentes: form.components.join(','),
    Condiciones: form.allConditions ? '' : form.conditions.join(','),
    Fechas: form.periods.map((p) => ({ Inicio: p.start ?? '', Fin: p.end ?? '' })),
    Metodo: form.method,
    Atipicos: form.outliers,
    MuestrasMinimas: Number(form.minValues),
  };
  if (p95) {
    [body.VrAvisoLimite, body.VrAlarmaLimite, body.VrPeligroLimite] = form.change.map(number);
    [body.VrAvisoAplicarValor, body.VrAlarmaAplicarValor, body.VrPeligroAplicarValor] = form.toChange.map(number);
  }
  if (form.iso.on) body.ISO = { Grupo: form.iso.Grupo, Cimentacion: form.iso.Cimentacion };
  return { body };
}

/** A result line as the table holds it: the proposal, the three values as typed, checked or not. */
export interface Line {
  key: string;
  line: PrecalcLine;
  texts: LevelTexts;
  checked: boolean;
}

/** A line's key: a reference row holds one line per direction. */
export function lineKey(line: Pick<PrecalcLine, 'UsuValorReferenciaID' | 'Direccion'>): string {
  return `${line.UsuValorReferenciaID}:${line.Direccion}`;
}

/** A line's proposal in thousandths. */
export function proposal(line: PrecalcLine): Three<number> {
  return [line.VrAviso, line.VrAlarma, line.VrPeligro];
}

/** The values the line's reference row holds now, in thousandths (null: empty). */
export function current(line: PrecalcLine): Three<number | null> {
  return [line.ActualAviso, line.ActualAlarma, line.ActualPeligro];
}

/** Values in thousandths as the fields show them. */
export function textsOf(values: Three<number | null>, language: string): LevelTexts {
  return values.map((v) => thousandthsText(v, language)) as unknown as LevelTexts;
}

/**
 * The table's lines of an answer: each with its proposal, checked and shown (ALRM-020), except
 * the lines from too few values, which start unchecked.
 */
export function initialLines(lines: readonly PrecalcLine[], language: string): Line[] {
  return lines.map((line) => ({ key: lineKey(line), line, texts: textsOf(proposal(line), language), checked: !line.Insuficiente }));
}

/** Whether the line's values, as typed, differ from its proposal (ALRM-021). */
export function lineChanged(l: Line): boolean {
  const proposed = proposal(l.line);
  return l.texts.some((text, i) => toThousandths(text) !== proposed[i]);
}

/**
 * Whether lines checked to be saved hold values (proposed or typed) that are not those stored:
 * leaving the screen would lose them.
 */
export function unsavedLines(lines: readonly Line[]): boolean {
  return lines.some((l) => {
    const stored = current(l.line);
    return l.checked && l.texts.some((text, i) => toThousandths(text) !== stored[i]);
  });
}

/** The points and conditions the table's header filters keep (null: all). */
export interface LineFilter {
  points: number[] | null;
  conditions: number[] | null;
}

export const NO_FILTER: LineFilter = { points: null, conditions: null };

/** The lines the filters leave (ALRM-009, ALRM-010): the shown lines. */
export function shownLines(lines: readonly Line[], filter: LineFilter): Line[] {
  return lines.filter(
    (l) =>
      (filter.points === null || filter.points.includes(l.line.UsuPuntoId)) &&
      (filter.conditions === null || filter.conditions.includes(l.line.UsuCondicionId)),
  );
}

/** The machine's points (S1 §3 'Point list entry'), each under its component's name, by component as listed: the point filter's options. */
export function pointFilters({ Componentes, Puntos }: Pick<PrecalcLists, 'Componentes' | 'Puntos'>) {
  return Componentes.flatMap((c) =>
    Puntos.filter((p) => p.UsuComponenteId === c.UsuComponenteID).map((p) => ({ value: p.UsuPuntoVibracionID, text: `${c.NombreEs} · ${p.NombreEs}` })),
  );
}

/** The shown lines that are checked: what a save sends (ALRM-035). */
export function linesToSave(shown: readonly Line[]): Line[] {
  return shown.filter((l) => l.checked);
}

/** The lines to save whose values break the rules (ALRM-074..ALRM-078): they keep the save back. */
export function refusedLines(toSave: readonly Line[]): Line[] {
  return toSave.filter((l) => refusedLevel(l.texts) !== null);
}

/** What a save sends for the lines (ALRM-035): each row and direction with its three values in thousandths. */
export function savedLevels(toSave: readonly Line[]): SavedLevel[] {
  return toSave.map((l) => {
    const [Av, Al, Pl] = l.texts.map((t) => toThousandths(t) ?? 0);
    return { VrId: l.line.UsuValorReferenciaID, Dir: l.line.Direccion, Av, Al, Pl };
  });
}

/** After a save, the saved lines' rows hold their values: the lines show them as current. */
export function afterSave(lines: readonly Line[], saved: readonly SavedLevel[]): Line[] {
  const byKey = new Map(saved.map((s) => [lineKey({ UsuValorReferenciaID: s.VrId, Direccion: s.Dir }), s]));
  return lines.map((l) => {
    const s = byKey.get(l.key);
    return s ? { ...l, line: { ...l.line, ActualAviso: s.Av, ActualAlarma: s.Al, ActualPeligro: s.Pl } } : l;
  });
}

/** How many pages `total` lines fill (at least one). */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The page numbers the pager shows: the current one and up to two each side (ALRM-013). */
export function pageList(current: number, count: number): number[] {
  const page = Math.min(Math.max(current, 1), Math.max(count, 1));
  const out: number[] = [];
  for (let p = Math.max(1, page - PAGE_NEIGHBOURS); p <= Math.min(count, page + PAGE_NEIGHBOURS); p++) out.push(p);
  return out;
}
