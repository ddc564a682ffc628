import { describe, expect, it } from 'vitest';
import {
  checkDecimal,
  coordinateText,
  decimalMark,
  decimalPattern,
  decimalText,
  formatCount,
  formatDecimal,
  formatNumber,
  formatThousandths,
  intervalText,
  localDecimal,
  parseDecimal,
  parseLatLng,
  thousandthsText,
  toThousandths,
} from './decimal';

describe('parseDecimal', () => {
  it('reads a dot or a comma as the decimal separator', () => {
    expect(parseDecimal('1480.5')).toBe(1480.5);
    expect(parseDecimal('1480,5')).toBe(1480.5);
    expect(parseDecimal(' -3,25 ')).toBe(-3.25);
    expect(parseDecimal(7)).toBe(7);
  });

  it('gives null for blank and NaN for text that is no number', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('   ')).toBeNull();
    expect(parseDecimal(null)).toBeNull();
    expect(parseDecimal(undefined)).toBeNull();
    expect(parseDecimal('12a')).toBeNaN();
    expect(parseDecimal('1.2.3')).toBeNaN();
    expect(parseDecimal('1,2,3')).toBeNaN();
  });
});

describe('checkDecimal', () => {
  // TREE-070: optional minus, up to 6 integer digits, 1 to 2 decimals.
  const power = { int: 6, dec: 2, negative: true };
  it('TREE-070: power accepts a sign, 6 digits and 2 decimals', () => {
    expect(checkDecimal('-999999,99', power)).toBeNull();
    expect(checkDecimal('15', power)).toBeNull();
    expect(checkDecimal('15.5', power)).toBeNull();
    expect(checkDecimal('1234567', power)).toBe('format');
    expect(checkDecimal('1.234', power)).toBe('format');
    expect(checkDecimal('1.', power)).toBe('format');
  });

  // MACH-077, MACH-078: 7 integer digits, 3 decimals, at least 0.001.
  const amplitude = { int: 7, dec: 3, min: 0.001 };
  it('MACH-077 MACH-078: amplitude has 7 + 3 digits, comma or dot, and is at least 0.001', () => {
    expect(checkDecimal('9999999,999', amplitude)).toBeNull();
    expect(checkDecimal('0.001', amplitude)).toBeNull();
    expect(checkDecimal('0,000', amplitude)).toBe('min');
    expect(checkDecimal('12345678', amplitude)).toBe('format');
    expect(checkDecimal('-1', amplitude)).toBe('format');
    expect(checkDecimal('0.0001', amplitude)).toBe('format');
  });

  it('accepts blank (requiredness is a separate rule) and checks the maximum', () => {
    expect(checkDecimal('', amplitude)).toBeNull();
    expect(checkDecimal('300', { int: 3, dec: 0, max: 255 })).toBe('max');
  });

  it('builds the pattern from the digit counts', () => {
    expect(decimalPattern({ int: 3, dec: 0 }).test('12,5')).toBe(false);
    expect(decimalPattern({ int: 5, dec: 5 }).test('99999,99999')).toBe(true);
  });
});

describe('formatDecimal', () => {
  // MACH-083: speeds and amplitude are sent as numeric strings with 3 decimals.
  it('MACH-083: sends a fixed number of decimals with a dot', () => {
    expect(formatDecimal('1480', 3)).toBe('1480.000');
    expect(formatDecimal('2,5', 3)).toBe('2.500');
    expect(formatDecimal('', 3)).toBeNull();
    expect(formatDecimal('x', 3)).toBeNull();
  });
});

describe('parseLatLng', () => {
  it('TREE-032: latitude and longitude accept comma decimals', () => {
    expect(parseLatLng('40,4168', '-3,7038')).toEqual({ lat: 40.4168, lng: -3.7038 });
    expect(parseLatLng('40.4168', '-3.7038')).toEqual({ lat: 40.4168, lng: -3.7038 });
  });

  it('TREE-033: latitude and longitude are cleared together if either is empty', () => {
    expect(parseLatLng('', '-3.7')).toBeNull();
    expect(parseLatLng('40.4', ' ')).toBeNull();
    expect(parseLatLng(undefined, undefined)).toBeNull();
  });

  it('refuses values outside the globe', () => {
    expect(parseLatLng('91', '0')).toBeUndefined();
    expect(parseLatLng('0', '-181')).toBeUndefined();
    expect(parseLatLng('abc', '0')).toBeUndefined();
  });

  it('shows coordinates with at most 6 decimals', () => {
    expect(coordinateText(40.41680000001)).toBe('40.4168');
    expect(coordinateText(null)).toBe('');
  });
});

describe('numbers in the language', () => {
  it('writes a decimal comma in Spanish and French, a point in English, never grouping inside a value', () => {
    expect(['es', 'fr', 'en'].map(decimalMark)).toEqual([',', ',', '.']);
    expect(decimalText(2.8, 'es')).toBe('2,800');
    expect(decimalText(2.8, 'fr')).toBe('2,800');
    expect(decimalText(2.8, 'en')).toBe('2.800');
    expect(decimalText(1234.5, 'es')).toBe('1234,500');
    expect(decimalText(1234.5, 'en')).toBe('1234.500');
    expect(decimalText(0.3, 'es', 1, 3)).toBe('0,3');
  });

  it('separates an interval\'s ends with a semicolon where the decimal mark is a comma', () => {
    expect(intervalText('0,001', '9999999,999', 'es')).toBe('[0,001; 9999999,999]');
    expect(intervalText(1, 5, 'fr')).toBe('[1 ; 5]');
    expect(intervalText('0.001', '9999999.999', 'en')).toBe('[0.001, 9999999.999]');
  });

  it('shows a typed or stored decimal text with the language mark, so that 300.000 rpm reads as three hundred', () => {
    expect(localDecimal('300.000', 'es')).toBe('300,000');
    expect(localDecimal('300.000', 'fr')).toBe('300,000');
    expect(localDecimal('300,000', 'en')).toBe('300.000');
    expect(localDecimal('-10.5', 'es')).toBe('-10,5');
    expect(localDecimal('2975', 'es')).toBe('2975');
    expect(localDecimal(1.25, 'es')).toBe('1,25');
    expect(localDecimal('1.', 'es')).toBe('1,');
    expect(localDecimal('', 'es')).toBe('');
    expect(localDecimal(null, 'es')).toBe('');
    // Not a plain decimal: shown as typed, for its check to refuse.
    expect(localDecimal('1.2.3', 'es')).toBe('1.2.3');
    expect(localDecimal('abc', 'en')).toBe('abc');
  });

  // REF-007, REF-022: stored in thousandths, shown divided by 1000, empty as null.
  it('REF-007, REF-022: converts to and from thousandths', () => {
    expect(toThousandths('2,8')).toBe(2800);
    expect(toThousandths('999.999')).toBe(999999);
    expect(toThousandths('0,001')).toBe(1);
    expect(toThousandths('')).toBeNull();
    expect(toThousandths(null)).toBeNull();
    expect(toThousandths('x')).toBeNull();
    expect(thousandthsText(2800, 'es')).toBe('2,800');
    expect(thousandthsText(7100, 'fr')).toBe('7,100');
    expect(thousandthsText(7100, 'en')).toBe('7.100');
    expect(thousandthsText(1, 'es')).toBe('0,001');
    expect(thousandthsText(null, 'es')).toBe('');
  });

  it('writes counts whole, grouped where the language groups them', () => {
    expect(formatCount(1234, 'es')).toBe('1234');
    expect(formatCount(12345, 'es')).toBe('12.345');
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(formatCount(0, 'fr')).toBe('0');
  });

  it('reads values with thousands grouped only where the language groups them', () => {
    expect(formatThousandths(11838, 'es')).toBe('11,838');
    expect(formatThousandths(3000, 'en')).toBe('3.000');
    expect(formatThousandths(2500, 'fr')).toBe('2,500');
    expect(formatThousandths(1234567, 'en')).toBe('1,234.567');
    expect(formatThousandths(1234567, 'es')).toBe('1234,567');
    expect(formatThousandths(12345678, 'es')).toBe('12.345,678');
    expect(formatThousandths(null, 'es')).toBe('');
  });

  it("reads a chart's values with the decimals asked, thousands grouped as the language groups them", () => {
    expect(formatNumber(2287, 'en', 0)).toBe('2,287');
    expect(formatNumber(2287, 'es', 0)).toBe('2287');
    expect(formatNumber(22870.5, 'es', 1)).toBe('22.870,5');
    expect(formatNumber(2287.25, 'fr', 1)).toBe('2\u202f287,3');
  });
});
