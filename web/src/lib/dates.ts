// Dates and times as the console shows them: one format in every screen, the language's own
// order and marks, a four-digit year, the 24-hour clock (the one the date pickers are typed in
// and the charts read), in the browser's time zone.

/**
 * A date and time read in `language` ('24/11/2026, 12:00'); with `seconds`, to the second, for
 * events that follow each other closely (a delivery's steps, the log of changes). '' when none.
 */
export function formatDateTime(iso: string | null | undefined, language: string, seconds = false): string {
  if (!iso) return '';
  return new Date(iso).toLocaleString(language, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(seconds ? { second: '2-digit' } : {}),
  });
}
