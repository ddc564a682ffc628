// Decimal text fields. The spec's decimals are typed with a dot or a comma, checked by digit
// counts and bounds, and sent as strings with a fixed number of decimals ("1480.000").

/** Shape of a decimal field: integer and decimal digits allowed, sign, bounds. */
export interface DecimalSpec {
  /** Most integer digits. */
  int: number;
  /** Most decimal digits (0: integers only). */
  dec: number;
  /** Whether a leading minus is accepted. */
  negative?: boolean;
  /** Smallest value accepted (inclusive). */
  min?: number;
  /** Largest value accepted (inclusive). */
  max?: number;
}

/** Why a decimal text was refused. */
export type DecimalProblem = 'format' | 'min' | 'max';

/** The text as typed, trimmed; numbers (as the server may send them) become their text. */
function text(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value.trim() : '';
}

/** True for an empty value: undefined, null or blank text. */
export function isBlank(value: unknown): boolean {
  return text(value) === '';
}

/**
 * The number a decimal text holds ("1,5" and "1.5" both give 1.5), null when it is blank, NaN
 * when it is not a number.
 */
export function parseDecimal(value: unknown): number | null {
  const s = text(value);
  if (s === '') return null;
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/.test(s)) return NaN;
  return Number(s.replace(',', '.'));
}

/** Pattern of the digits a spec allows, dot or comma as the decimal separator. */
export function decimalPattern(spec: DecimalSpec): RegExp {
  const sign = spec.negative ? '-?' : '';
  const decimals = spec.dec > 0 ? `(?:[.,]\\d{1,${spec.dec}})?` : '';
  return new RegExp(`^${sign}\\d{1,${spec.int}}${decimals}$`);
}

/** What is wrong with a non-blank decimal text, or null when it fits the spec. Blank is fine. */
export function checkDecimal(value: unknown, spec: DecimalSpec): DecimalProblem | null {
  const s = text(value);
  if (s === '') return null;
  if (!decimalPattern(spec).test(s)) return 'format';
  const n = Number(s.replace(',', '.'));
  if (spec.min !== undefined && n < spec.min) return 'min';
  if (spec.max !== undefined && n > spec.max) return 'max';
  return null;
}

/** A decimal text as the API takes it: dot separator, `decimals` fixed digits; null when blank. */
export function formatDecimal(value: unknown, decimals: number): string | null {
  const n = parseDecimal(value);
  if (n === null || Number.isNaN(n)) return null;
  return n.toFixed(decimals);
}

/** The decimal mark of a language: a comma in Spanish and French, a point in English. */
export function decimalMark(language: string): ',' | '.' {
  return language.startsWith('en') ? '.' : ',';
}

/**
 * An interval as the language writes it: "[0,001; 999,999]" where the decimal mark is a comma,
 * which would be ambiguous as the separator too ("[0,001 ; 999,999]" in French, which spaces
 * its semicolons); "[0.001, 999.999]" in English.
 */
export function intervalText(min: string | number, max: string | number, language: string): string {
  const separator = decimalMark(language) === '.' ? ',' : language.startsWith('fr') ? ' ;' : ';';
  return `[${min}${separator} ${max}]`;
}

/**
 * A decimal text as typed or as the API sends it ("300.000") with the language's mark ("300,000"
 * in Spanish), so that a Spanish reader never takes a decimal point for a thousands separator;
 * any other text is left as it is.
 */
export function localDecimal(value: unknown, language: string): string {
  const s = text(value);
  return /^[-+]?\d*[.,]?\d*$/.test(s) ? s.replace(/[.,]/, decimalMark(language)) : s;
}

/** A number as the language writes it (comma or point), with `min` to `max` decimals, no grouping. */
export function decimalText(value: number, language: string, min = 3, max = min): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: false }).format(value);
}

/** A value the API holds in thousandths as shown and edited: three decimals in the language's mark, '' when empty. */
export function thousandthsText(value: number | null | undefined, language: string): string {
  return value === null || value === undefined ? '' : decimalText(value / 1000, language);
}

/**
 * A number as read, not edited: `decimals` decimals in the language's mark, thousands grouped
 * where the language groups them ('12.345,678' in Spanish, whose four-digit numbers stay whole).
 */
export function formatNumber(value: number, language: string, decimals = 3): string {
  return value.toLocaleString(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** A value the API holds in thousandths as read, not edited (formatNumber's); '' when empty. */
export function formatThousandths(value: number | null | undefined, language: string): string {
  return value === null || value === undefined ? '' : formatNumber(value / 1000, language);
}

/** A count as the language writes it, thousands grouped where it groups them ('12.345' in Spanish, '1234' whole). */
export function formatCount(value: number, language: string): string {
  return value.toLocaleString(language, { maximumFractionDigits: 0 });
}

/** A typed value in thousandths (whole), or null when it is blank or not a number. */
export function toThousandths(value: unknown): number | null {
  const n = parseDecimal(value);
  return n === null || Number.isNaN(n) ? null : Math.round(n * 1000);
}

/** A site's position as the API holds it (`Gps`). A type, not an interface, so that it fits the API's open object types. */
export type LatLng = {
  lat: number;
  lng: number;
};

/** Latitude and longitude limits. */
export const LATITUDE: DecimalSpec = { int: 2, dec: 10, negative: true, min: -90, max: 90 };
export const LONGITUDE: DecimalSpec = { int: 3, dec: 10, negative: true, min: -180, max: 180 };

/**
 * The position of the latitude and longitude texts: both are needed, so when either is blank
 * the position is cleared (TREE-033). Commas are accepted as decimal separators (TREE-032).
 * Returns undefined when a text is not a valid coordinate.
 */
export function parseLatLng(lat: unknown, lng: unknown): LatLng | null | undefined {
  if (isBlank(lat) || isBlank(lng)) return null;
  if (checkDecimal(lat, LATITUDE) || checkDecimal(lng, LONGITUDE)) return undefined;
  return { lat: parseDecimal(lat) as number, lng: parseDecimal(lng) as number };
}

/** A coordinate as shown in its field: at most 6 decimals (about 0.1 m), no trailing zeros. */
export function coordinateText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(Number(value.toFixed(6)));
}
