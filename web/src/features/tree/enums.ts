// Option lists of /enums as select options in the UI language.
import type { EnumOption } from '../../api/types';
import { frenchName } from '../../i18n/names';

/** A select option. */
export interface SelectOption<T> {
  value: T;
  label: string;
}

/**
 * An option's name in the language: the server's Spanish or English name (I18N-005); in French,
 * the French name of the English one (i18n/fr-options.json), else the English name.
 */
export function optionName(o: Pick<EnumOption, 'nameSPA' | 'nameENG'>, language: string): string {
  if (language === 'es') return o.nameSPA;
  return language === 'fr' ? frenchName(o.nameENG) : o.nameENG;
}

/**
 * Options of an enum list, named in the language (optionName). Spanish keeps the server's
 * order; other languages sort by the English name (I18N-004).
 */
export function enumOptions(list: readonly EnumOption[] | null | undefined, language: string): SelectOption<string>[] {
  const options = (list ?? []).map((o) => ({ value: o.id, label: optionName(o, language), english: o.nameENG }));
  if (language !== 'es') options.sort((a, b) => a.english.localeCompare(b.english, 'en'));
  return options.map(({ value, label }) => ({ value, label }));
}

/** The same options for lists whose ids are numbers in the API (anchoring, mounting, ...). */
export function numericOptions(list: readonly EnumOption[] | null | undefined, language: string): SelectOption<number>[] {
  return enumOptions(list, language).map((o) => ({ value: Number(o.value), label: o.label }));
}

/** Mounting options of a point for its component's mounting (1 horizontal, 2 vertical). */
export function orientationOptions(
  list: readonly EnumOption[] | null | undefined,
  mounting: number | undefined,
  language: string,
): SelectOption<number>[] {
  const fitting = (list ?? []).filter((o) => mounting === undefined || o.Montaje === mounting);
  return numericOptions(fitting, language);
}

/** The motor family of a component subtype: 0 none, 1 AC, 2 wound rotor, 3 DC. */
export function motorKind(list: readonly EnumOption[] | null | undefined, subtype: number | null | undefined): number {
  if (subtype === null || subtype === undefined) return 0;
  return (list ?? []).find((o) => Number(o.id) === subtype)?.Motor ?? 0;
}
