import { describe, expect, it } from 'vitest';
// The vectors the Go tests of internal/assoc read too: both sides refuse the same field.
import vectors from '../../../../testdata/reference-values.json';
import { refusal, refusedField } from './referenceValues';

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

  it('name the rule a refused value breaks, for the message under it', () => {
    expect(refusal(['2,8', '4,5', '7,1'])).toBeNull();
    expect(refusal(['2,8', '4,5', ''])).toEqual({ field: 'Peligro', rule: 'pair' });
    expect(refusal(['', '4,5', '7,1'])).toEqual({ field: 'Alarma', rule: 'warningFirst' });
    expect(refusal(['', '', '7,1'])).toEqual({ field: 'Peligro', rule: 'warningFirst' });
    expect(refusal(['5', '4,5', '7,1'])).toEqual({ field: 'Aviso', rule: 'warningAboveAlarm' });
    expect(refusal(['2,8', '7,5', '7,1'])).toEqual({ field: 'Alarma', rule: 'alarmAboveDanger' });
    expect(refusal(['2,8', '4,5', '1000'])).toEqual({ field: 'Peligro', rule: 'format' });
    expect(refusal(['2,8', '4,5', 'x'])).toEqual({ field: 'Peligro', rule: 'format' });
    expect(refusal(['0', '4,5', '7,1'])).toEqual({ field: 'Aviso', rule: 'range' });
  });
});
