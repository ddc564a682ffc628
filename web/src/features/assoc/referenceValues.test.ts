import { describe, expect, it } from 'vitest';
// The vectors the Go tests of internal/assoc read too: both sides refuse the same field.
import vectors from '../../../../testdata/reference-values.json';
import { refusedField } from './referenceValues';

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

});
