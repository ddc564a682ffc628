import { describe, expect, it } from 'vitest';
import { headerWidth } from './columnWidth';

describe('headerWidth', () => {
  it('keeps the cells’ width for a short header', () => {
    expect(headerWidth('Aviso', 80, 12)).toBe(80);
  });

  it('widens the column for a long header, with its padding and marker', () => {
    // 13 letters × 8.25 px + 34 px: wider than the 130 px 'Avertissement' takes with its marker in Chromium.
    expect(headerWidth('Avertissement', 80, 34)).toBe(142);
  });
});
