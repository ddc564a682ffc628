import { describe, expect, it } from 'vitest';
// The vectors the Go tests of internal/assoc read too: both sides refuse the same field.
import vectors from '../../../../testdata/reference-values.json';
import { fromThousandths, refusedField, toThousandths } from './referenceValues';

describe('reference values', () => {
  it('REF-012, REF-016..REF-021, REF-023: each shared vector refuses the field the file says', () => {
    expect(vectors.cases.length).toBeGreaterThan(10);
    for (const c of vectors.cases) {
      const [warning, alarm, danger] = c.values;
      expect(refusedField([warning, alarm, danger]), c.name).toBe(c.field);
    }
  });

  it('blank text is an empty value', () => {
    expect(refusedField(['  ', '', undefined])).toBeNull();
    expect(refusedField(['', '2', ''])).toBe('Alarma');
  });

  // REF-007, REF-022: stored in thousandths, empty as null.
  it('REF-007, REF-022: converts to and from thousandths', () => {
    expect(toThousandths('2,8')).toBe(2800);
    expect(toThousandths('999.999')).toBe(999999);
    expect(toThousandths('0,001')).toBe(1);
    expect(toThousandths('')).toBeNull();
    expect(toThousandths(null)).toBeNull();
    expect(fromThousandths(2800)).toBe('2.800');
    expect(fromThousandths(7100)).toBe('7.100');
    expect(fromThousandths(1)).toBe('0.001');
    expect(fromThousandths(null)).toBe('');
  });
});
