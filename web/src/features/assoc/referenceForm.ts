// The reference-values editor of one condition of an association (S1 §2, S2 §5.5), as plain
// data: its groups and fields named as the API names them, the values shown and sent, and the
// fields that break the rules. The rules of a group are features/tree/referenceValues.
import { thousandthsText, toThousandths } from '../../lib/decimal';
import { UNITS, type Unit } from '../../lib/units';
import { REFERENCE_FIELDS, refusedField, type ReferenceField } from './referenceValues';
import type { Reference, ReferenceValues } from './api';

/** The direction groups (V/H1, H/H2, A) and the VCPs' temperature (REF-002, REF-008), as the API prefixes them. */
export const REFERENCE_GROUPS = ['V_H1', 'H_H2', 'A', 'Temperatura'] as const;
export type ReferenceGroupKey = (typeof REFERENCE_GROUPS)[number];

/** An API field of a threshold: V_H1_Aviso... Temperatura_Peligro. */
export type ReferenceName = `${ReferenceGroupKey}_${ReferenceField}`;

/** The editor's values as typed, by API field. */
export type ReferenceForm = Partial<Record<ReferenceName, string>>;

export const referenceName = (group: ReferenceGroupKey, field: ReferenceField): ReferenceName => `${group}_${field}`;

/**
 * The groups an association's references have: temperature for VCPs only, and only it for a
 * VCP of type TEM (`vcpType`), which measures no vibration in the directions.
 */
export function groupsOf(temperature: boolean, vcpType?: string): readonly ReferenceGroupKey[] {
  if (!temperature) return REFERENCE_GROUPS.filter((g) => g !== 'Temperatura');
  return vcpType === 'TEM' ? ['Temperatura'] : REFERENCE_GROUPS;
}

/** A condition's name; a criterion without conditions has one nameless condition, shown 'CDNG' (REF-006). */
export function conditionName(ref: Pick<Reference, 'Nombre'>): string {
  return ref.Nombre ?? 'CDNG';
}

const stored = (ref: Reference, name: ReferenceName) => ref[name] as number | null | undefined;

/** The values a reference row shows in the editor: thousandths as three decimals, '' when empty (REF-007). */
export function toForm(ref: Reference, groups: readonly ReferenceGroupKey[], language: string): ReferenceForm {
  const form: ReferenceForm = {};
  for (const g of groups) for (const f of REFERENCE_FIELDS) form[referenceName(g, f)] = thousandthsText(stored(ref, referenceName(g, f)), language);
  return form;
}

/** A group's warning, alarm and danger as the conditions list shows them: '2,800' in Spanish, '—' when empty. */
export function groupValues(ref: Reference, group: ReferenceGroupKey, language: string): string[] {
  return REFERENCE_FIELDS.map((f) => thousandthsText(stored(ref, referenceName(group, f)), language) || '—');
}

/** The unit of a group's values: °C for the temperature, else the item's (`itemUnit`). */
export function groupUnit(group: ReferenceGroupKey, unit: Unit | undefined): Unit | undefined {
  return group === 'Temperatura' ? UNITS.temperature : unit;
}

/** The fields that break the rules, the first of each failing group, in the editor's order (REF-014, REF-024). */
export function refusedFields(form: ReferenceForm, groups: readonly ReferenceGroupKey[]): ReferenceName[] {
  return groups.flatMap((g) => {
    const field = refusedField(REFERENCE_FIELDS.map((f) => form[referenceName(g, f)]) as [unknown, unknown, unknown]);
    return field ? [referenceName(g, field)] : [];
  });
}

/**
 * What the save sends: every threshold, as the server requires, in thousandths, null when empty or
 * of a group the item has not (REF-022, REF-025); only for valid values.
 */
export function toBody(form: ReferenceForm, groups: readonly ReferenceGroupKey[]): ReferenceValues {
  const body: Partial<ReferenceValues> = {};
  for (const g of REFERENCE_GROUPS)
    for (const f of REFERENCE_FIELDS) body[referenceName(g, f)] = groups.includes(g) ? toThousandths(form[referenceName(g, f)]) : null;
  return body as ReferenceValues;
}
