/** Width of a letter of a 14 px semibold level or column name, at the widest of them ('Dépassements': 8.24 px). */
const LETTER = 8.25;

/**
 * A fixed-layout column's width that shows its header `title` whole in every language (a word
 * is not broken across lines: 'Avertissement' needs half again the width of 'Aviso'): about
 * 8.25 px a letter plus `extra` (the cell's padding, a marker, a filter icon), at least `min`
 * for its cells.
 */
export function headerWidth(title: string, min: number, extra: number): number {
  return Math.max(min, Math.ceil(title.length * LETTER + extra));
}
