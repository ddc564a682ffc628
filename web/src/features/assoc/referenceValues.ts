// Reference values (S1 §5, S2 §5.5 with decisions 1 and 2 of requirements.md): one direction's
// warning, alarm and danger as typed, checked as the server checks them (internal/assoc) and
// stored in thousandths. Both sides test the vectors of testdata/reference-values.json.
import { checkDecimal, toThousandths, type DecimalSpec } from '../../lib/decimal';

/** The fields of a group, in the order they are checked. */
export const REFERENCE_FIELDS = ['Aviso', 'Alarma', 'Peligro'] as const;
export type ReferenceField = (typeof REFERENCE_FIELDS)[number];

/** A group as typed: warning, alarm, danger (blank or null: empty). */
export type ReferenceGroup = readonly [unknown, unknown, unknown];

/** Up to 3 integer digits and 1–3 decimals, dot or comma; 0.001 to 999.999 (REF-012, REF-023). */
export const REFERENCE_VALUE: DecimalSpec = { int: 3, dec: 3, min: 0.001, max: 999.999 };

/** The rule a refused value breaks, which the message under it names. */
export type ReferenceRule = 'format' | 'range' | 'warningFirst' | 'pair' | 'warningAboveAlarm' | 'alarmAboveDanger';

/** The first field of a group that breaks the rules and the rule it breaks. */
export interface Refusal {
  field: ReferenceField;
  rule: ReferenceRule;
}

/**
 * The first field of the group that breaks the rules, with the rule, or null when it is valid:
 * first each value's format and range, then an alarm or danger needs a warning, with a warning
 * the alarm and danger are both set or both empty, and warning <= alarm <= danger.
 */
export function refusal(group: ReferenceGroup): Refusal | null {
  for (const [i, field] of REFERENCE_FIELDS.entries()) {
    const problem = checkDecimal(group[i], REFERENCE_VALUE);
    if (problem) return { field, rule: problem === 'format' ? 'format' : 'range' };
  }
  const [warning, alarm, danger] = group.map(toThousandths);
  if (warning === null && alarm !== null) return { field: 'Alarma', rule: 'warningFirst' };
  if (warning === null && danger !== null) return { field: 'Peligro', rule: 'warningFirst' };
  if ((alarm === null) !== (danger === null)) return { field: alarm === null ? 'Alarma' : 'Peligro', rule: 'pair' };
  if (warning === null || alarm === null || danger === null) return null;
  if (warning > alarm) return { field: 'Aviso', rule: 'warningAboveAlarm' };
  if (alarm > danger) return { field: 'Alarma', rule: 'alarmAboveDanger' };
  return null;
}

/** The first field of the group that breaks the rules (see refusal), or null when it is valid. */
export function refusedField(group: ReferenceGroup): ReferenceField | null {
  return refusal(group)?.field ?? null;
}
