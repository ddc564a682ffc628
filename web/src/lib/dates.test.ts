import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';

describe('formatDateTime', () => {
  // The tests run in UTC (vite.config.ts); a date reads in the language's order, its year whole.
  const at = '2026-12-07T05:48:07Z';

  it('writes day, month, a four-digit year and the time of the 24-hour clock in each language', () => {
    expect(formatDateTime(at, 'es')).toBe('07/12/2026, 05:48');
    expect(formatDateTime(at, 'fr')).toBe('07/12/2026 05:48');
    expect(formatDateTime(at, 'en')).toBe('12/07/2026, 05:48');
    expect(formatDateTime('2026-12-07T17:48:07Z', 'en')).toBe('12/07/2026, 17:48');
  });

  it('adds the seconds when asked, and gives nothing for no date', () => {
    expect(formatDateTime(at, 'es', true)).toBe('07/12/2026, 05:48:07');
    expect(formatDateTime(null, 'es')).toBe('');
  });
});
