import type { TFunction } from 'i18next';
import type { CatalogKind, FieldContext, FieldDecl } from '../features/catalog/kind';

/** An editor adding an item, as a U_EDITOR. */
export const EDITING: FieldContext = { mode: 'add', readOnly: false, types: ['U_EDITOR'] };

/** A translator that answers the key, for labels declared with their i18n keys. */
export const keyT = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key}${JSON.stringify(options)}` : key) as unknown as TFunction;

/** The field `name` of a kind; fails the test when the kind has none. */
export function fieldOf(kind: CatalogKind, name: string): FieldDecl {
  const f = kind.fields.find((x) => x.name === name);
  if (!f) throw new Error(`${kind.segment} has no field ${name}`);
  return f;
}
