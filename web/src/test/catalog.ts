import type { TFunction } from 'i18next';
import openapi from '../api/openapi.json';
import { selectOptions } from '../features/catalog/CatalogFields';
import { fieldState, visibleFields, type CatalogKind, type FieldContext, type FieldDecl, type FormValues } from '../features/catalog/kind';

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

/** The names of the fields a kind's editor shows with these values. */
export const shown = (kind: CatalogKind, values: FormValues, ctx: FieldContext = EDITING) => visibleFields(kind, values, ctx).map((f) => f.name);

/** Whether the field `name` is shown, disabled and required with these values. */
export const state = (kind: CatalogKind, name: string, values: FormValues, ctx: FieldContext = EDITING) =>
  fieldState(fieldOf(kind, name), values, ctx);

/** The option ids the select `name` offers with these values. */
export function options(kind: CatalogKind, name: string, values: FormValues, ctx: FieldContext = EDITING): string[] {
  const field = fieldOf(kind, name);
  if (field.type !== 'select') throw new Error(`${name} is not a select`);
  return selectOptions(field, { lists: undefined, t: keyT, language: 'es', values, ctx }).map((o) => o.value);
}

/** Each kind's segment, ids, names and copy call, in the order of the spec's tables. */
export const kindIds = (kinds: readonly CatalogKind[]) =>
  kinds.map((k) => [k.segment, k.idField, k.templateIdField, k.templateGuidField, k.names, k.copyMethod]);

/** The property names of the server's schema `name`, from its OpenAPI document. */
export function schemaProperties(name: string): string[] {
  const { schemas } = (openapi as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } }).components;
  return Object.keys(schemas[name].properties);
}
