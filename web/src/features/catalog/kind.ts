// The declaration of a catalogue kind (sensors, bands, spectra, VCVs, VCPs, VCO/VCOVs,
// criteria) and the pure rules every kind shares: ids, names, form values, request bodies and field checks.
// A kind is data: its path segment, its id fields, its titles and its fields. The generic
// screen (CatalogScreen), tree (CatalogColumns) and editor (CatalogModal) serve every kind.
import type { ComponentType } from 'react';
import type { ParseKeys, TFunction } from 'i18next';
import type { paths } from '../../api/schema';
import type es from '../../i18n/es.json';
import { isAdmin, isEditor } from '../../app/roles';
import { localName } from '../../i18n/names';
import { checkDecimal, formatDecimal, isBlank, parseDecimal, type DecimalSpec } from '../../lib/decimal';

/** The item paths of a factory: /api/user/{factory}/<segment>/{id}. */
type FactoryItemSegment<P> = P extends `/api/user/{factory}/${infer S}/{id}` ? S : never;

/**
 * Path segments of the catalogue kinds the server serves ("sensor/dynamic", "sensor/420"...):
 * those with factory items and templates, read from the OpenAPI paths, so that a declaration of a
 * kind the server lacks fails to compile.
 */
export type CatalogSegment = {
  [S in FactoryItemSegment<keyof paths>]: `/api/${S}/{id}` extends keyof paths ? S : never;
}[FactoryItemSegment<keyof paths>];

/** The segments whose copy is a PUT (sensors, S3 §7.1); the others' copy is a POST. */
type PutCopySegment = {
  [S in CatalogSegment]: `/api/user/{factory}/${S}/{id}/copy` extends keyof paths
    ? paths[`/api/user/{factory}/${S}/{id}/copy`]['put'] extends object
      ? S
      : never
    : never;
}[CatalogSegment];

/**
 * A kind's path segment (below /api/user/{factory}/ and /api/; also the kind's key on the
 * screen) with the method of its copy call, paired as the OpenAPI paths pair them.
 */
type SegmentDecl = { segment: PutCopySegment; copyMethod: 'PUT' } | { segment: Exclude<CatalogSegment, PutCopySegment>; copyMethod: 'POST' };

type Translations = typeof es;
/** The translations' namespaces that hold the labels of a screen's fields (`<ns>.fields.<key>`). */
type FieldsNamespace = { [N in keyof Translations]: Translations[N] extends { fields: object } ? N : never }[keyof Translations];

/** The key of a field's label on the screen `ns` (`<ns>.fields.<key>`). */
export type FieldKey<N extends FieldsNamespace> = keyof Translations[N]['fields'] & string;

/** The label of a field of the screen `ns`, translated when the editor shows it. */
export function fieldLabel<N extends FieldsNamespace>(ns: N) {
  // tsc cannot check a key built from a generic namespace: the type of `key` checks it instead.
  return (key: FieldKey<N>) => (t: TFunction) => t(`${ns}.fields.${key}` as ParseKeys);
}

/** An item as the API sends it: the kind's own fields (Spanish PascalCase) and ids. */
export type CatalogItem = Record<string, unknown>;

/**
 * Where an item lives: the current factory or the template catalogue. It is also a screen's
 * scope: the factory's items with the templates to download, or (ADMIN) the templates to edit.
 */
export type Side = 'factory' | 'template';

/** Whether a user may change the items of a scope: the factory's as ADMIN or U_EDITOR, the templates as ADMIN. */
export function canEditIn(scope: Side, types: readonly string[] | null | undefined): boolean {
  return scope === 'template' ? isAdmin(types) : isEditor(types);
}

/** The editor's modes (CAT-010..CAT-012): a new item, a factory item, a template item. */
export type Mode = 'add' | 'edit' | 'template';

/** What the editor offers in each mode (CAT-012, CAT-013, CAT-015): declared once for every kind. */
export const MODE_ACTIONS = {
  add: ['save'],
  edit: ['delete', 'copy', 'save'],
  template: ['download'],
} as const satisfies Record<Mode, readonly string[]>;

/**
 * What the editor offers for a factory item opened under the item holding it (a band under its
 * spectrum, BAND-039): its fields are locked and it is only dissociated from that item there.
 */
export const HELD_ACTIONS = ['unlink'] as const;

export type ActionKey = (typeof MODE_ACTIONS)[Mode][number] | (typeof HELD_ACTIONS)[number];

/** The item holding another, as its editor is opened under it: the link and the holder's id. */
export interface Holder {
  link: LinkDecl;
  id: string;
}

/**
 * The form's values: the name and every field as text (decimals, integers) or option id. A
 * custom field keeps its control's value (a list) in the same store: read it with `customValue`.
 */
export type FormValues = Record<string, string | undefined>;

/** The value a custom field holds in the form (whatever its control keeps: a list of rows...). */
export function customValue(values: FormValues, name: string): unknown {
  return (values as Record<string, unknown>)[name];
}

/** Form field of the item's name, whatever the kind calls it in the API. */
export const NAME = 'Nombre';
/** Longest name the server accepts (CAT-024). */
export const NAME_MAX = 100;

/** What a field's rules see besides the values: the editor's mode, whether it is read-only, the user's types. */
export interface FieldContext {
  mode: Mode;
  readOnly: boolean;
  types: readonly string[];
  /** The side of the item edited (the factory's when not given): item selects offer the items of that side. */
  side?: Side;
}

/** A rule of a field that depends on the other values or on the editor (e.g. shown only for a summation). */
export type FieldPredicate = (values: FormValues, ctx: FieldContext) => boolean;

interface FieldBase {
  /** Field of the request body and of the form, as the API spells it ("Sensibilidad"). */
  name: string;
  label: (t: TFunction) => string;
  /** Blank is invalid (always, or when the predicate holds). */
  required?: boolean | FieldPredicate;
  /** Marked required, though blank passes the form: the server says why it is refused (a VCV's band, VCV-035). */
  serverRequired?: boolean;
  /** Not editable (always, e.g. the dynamic sensors' input, or when the predicate holds); its value is still sent. */
  disabled?: boolean | FieldPredicate;
  /** Shown only when the predicate holds; a hidden field is neither checked nor sent. */
  visible?: FieldPredicate;
  /** Values to set when the user changes this field (e.g. choosing a summation sets its defaults). */
  onChange?: (values: FormValues) => FormValues;
  /** Starts a row of the two-column layout, so that pairs stay side by side whatever is hidden before them. */
  newRow?: boolean;
  /** A new item's value (text or option id). */
  initial?: string;
  /** Unit shown after the value: fixed, or following the other values (a band's frequency type). */
  unit?: string | ((values: FormValues, t: TFunction) => string | undefined);
  /** What the field is, shown under it (e.g. which of two filters it is). */
  help?: (t: TFunction) => string;
}

/** A decimal typed with a dot or a comma, sent as a string with `spec.dec` decimals, or null when blank. */
export interface DecimalField extends FieldBase {
  type: 'decimal';
  spec: DecimalSpec;
  /** The narrower bounds the other values set (a digital band's range), which the range hint shows. */
  narrow?: (values: FormValues) => DecimalSpec;
}

/** A whole number written without leading zeros, within [min, max], sent as a number. */
export interface IntegerField extends FieldBase {
  type: 'integer';
  min: number;
  max: number;
}

/** An option declared with the kind: its id and its label. */
export interface Choice {
  id: string;
  label: (t: TFunction) => string;
}

interface SelectBase extends FieldBase {
  type: 'select';
  /** Whether an option is offered given the other values (summations by frequency type); the chosen one always is. */
  offered?: (id: string, values: FormValues, ctx: FieldContext) => boolean;
  /** Stored values shown as another option (MM/S is shown as G, SENS-026). */
  alias?: Readonly<Record<string, string>>;
  /** Sent as a number (choices and item selects). */
  numeric?: boolean;
  /** What the chosen id is sent as, given the other values (an alert-device band's range as its sensor-type code). */
  send?: (id: string, values: FormValues) => string;
}

/** One option of a server list, sent as `{[idKey]: id}` (e.g. Magnitud: {EnumMagnitudID: "G"}). */
export interface ListSelectField extends SelectBase {
  /** Name of the option list (a key of the kind's option lists, e.g. "Magnitud"). */
  list: string;
  /** Sent as `{[idKey]: id}`; without it, as the id (a number when `numeric`: a component subtype). */
  idKey?: string;
}

/** One of the kind's own choices, sent as its id (a number when `numeric`). */
export interface ChoiceSelectField extends SelectBase {
  choices: readonly Choice[];
  /** Sent as `{[idKey]: id}` instead (a VCO's type: {EnumTipoVcoID: "VCO"}). */
  idKey?: string;
}

/** One item of another kind, of the editor's side (a spectrum's accelerometer), sent as its id. */
export interface ItemSelectField extends SelectBase {
  items: CatalogKind;
  /** Whether an item is offered given the other values and the editor (a VCP's bands of its type's ranges); the chosen one always is. */
  fits?: (item: CatalogItem, values: FormValues, ctx: FieldContext) => boolean;
  /** An option's text, when not the item's name (a band with its range). */
  itemLabel?: (item: CatalogItem, name: string, t: TFunction) => string;
}

export type SelectField = ListSelectField | ChoiceSelectField | ItemSelectField;

/** What a custom field's control gets besides the value and its setter (bound by the form). */
export interface CustomControlProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** The form's values (the other fields), the editor, the current factory (for item lists). */
  values: FormValues;
  ctx: FieldContext;
  factoryId: number;
}

/**
 * A field edited with a control the kind declares (a list of conditions, one sensor among
 * several kinds): the control is bound to the form value as antd binds controls, and the field
 * says how an item's value reads into it, what it sends and what it refuses.
 */
export interface CustomField extends FieldBase {
  type: 'custom';
  control: ComponentType<CustomControlProps>;
  /** The form value of a loaded item (the whole item: a choice may read one of several fields). */
  read: (item: CatalogItem) => unknown;
  /** The body fields the value sends (a choice may write one of several fields), given the other values. */
  write: (value: unknown, values: FormValues) => CatalogItem;
  /** Its own check; the kind's check runs after it. */
  check?: (value: unknown, values: FormValues) => FieldProblem | null;
  /** Takes the whole width of the editor (lists). */
  wide?: boolean;
}

export type FieldDecl = DecimalField | IntegerField | SelectField | CustomField;

/** Why a field's value is refused, or null when it is fine. */
export type FieldProblem = 'required' | 'format' | 'min' | 'max' | 'order' | 'range' | 'duplicate';

/** The problems a kind's cross-field check finds, by field. */
export type Problems = Partial<Record<string, FieldProblem>>;

/** A catalogue kind, declared once. */
export type CatalogKind = KindDecl & SegmentDecl;

/** The namespaces that name their kinds: `<ns>.types.<key>` (the kind as a type) and `<ns>.titles.<key>` (its editor's title). */
type KindsNamespace = { [N in keyof Translations]: Translations[N] extends { types: object; titles: object } ? N : never }[keyof Translations];
type KindKey<N extends KindsNamespace> = keyof Translations[N]['types'] & keyof Translations[N]['titles'] & string;

/** A kind's id fields: a factory item's id, a template's id in its paths, a template's GUID (the same field for GUID kinds). */
export type KindIds = readonly [idField: string, templateIdField: string, templateGuidField: string];

/** What names a kind's items: its id fields, and its label and title read under `ns` at `key`. */
export function kindNaming<N extends KindsNamespace>(ns: N, key: KindKey<N>, [idField, templateIdField, templateGuidField]: KindIds) {
  return {
    idField,
    templateIdField,
    templateGuidField,
    // tsc cannot check a key built from a generic namespace: the type of `key` checks it instead.
    label: (t: TFunction) => t(`${ns}.types.${key}` as ParseKeys),
    title: (t: TFunction) => t(`${ns}.titles.${key}` as ParseKeys),
  };
}

/**
 * A kind whose copy is a POST (every kind but the sensors), keyed in the translations of `ns` by
 * its segment.
 */
export function catalogKind<N extends KindsNamespace>(
  ns: N,
  segment: Exclude<CatalogSegment, PutCopySegment> & KindKey<N>,
  ids: KindIds,
  decl: Omit<KindDecl, keyof ReturnType<typeof kindNaming>>,
): CatalogKind {
  return { segment, copyMethod: 'POST', ...kindNaming(ns, segment, ids), ...decl };
}

/** What a catalogue kind declares besides its segment. */
interface KindDecl {
  /** Field of a factory item's id (an integer id, or the GUID for kinds identified by GUID). */
  idField: string;
  /** Field that identifies a template in its paths (its id, or its GUID for GUID kinds). */
  templateIdField: string;
  /** Field of a template's GUID; a downloaded factory item keeps its template's GUID in it. */
  templateGuidField: string;
  /** Names in Spanish and English (NombreEs, NombreEn), or a single name (Nombre). */
  names: 'bilingual' | 'single';
  /** The kind as a type (type selector, tree groups). */
  label: (t: TFunction) => string;
  /** Title of its editor. */
  title: (t: TFunction) => string;
  fields: readonly FieldDecl[];
  /** Groups of the items in the columns by a field's value (spectra by range). */
  groups?: GroupDecl;
  /** Lists of other kinds' items an item holds (a spectrum's bands). */
  links?: readonly LinkDecl[];
  /** Checks between fields (final frequency above initial...), run after each field's own checks. */
  check?: (values: FormValues) => Problems;
  /** Text before an item's name in the columns (a digital VCV's 'VCO: ', VCV-029). */
  prefix?: (item: CatalogItem, t: TFunction) => string;
  /** Items that can be neither changed nor deleted (a factory's DESCONOCIDO criterion): opened read-only. */
  fixed?: (item: CatalogItem) => boolean;
}

/** The items of a kind grouped in the columns by the value of `field`, in the order of `values`. */
export interface GroupDecl {
  field: string;
  /** The value an item is grouped by, when it is not `item[field]` (a VCV's band's range). */
  of?: (item: CatalogItem) => string;
  values: readonly Choice[];
  /**
   * Whether the user sees a group (digital envelope and magnetometer spectra: ADMIN, AUTH-009),
   * on a side, holding `count` items (VCV bearings: factory side, or templates that hold some, VCV-009).
   */
  shown?: (id: string, types: readonly string[], side: Side, count: number) => boolean;
  /** Groups within each group (a VCV's band's range within its frequency type, VCV-010). */
  sub?: GroupDecl;
  /** Groups without items are left out (sub-groups that would mostly be empty). */
  omitEmpty?: boolean;
  /** Values whose items are not grouped further by `sub` (VCVs for any component have no subtype). */
  leaves?: readonly string[];
}

/** The value of an item a group declaration groups it by. */
export function groupValue(by: GroupDecl, item: CatalogItem): string {
  return by.of ? by.of(item) : text(item[by.field]);
}

/** The holder's and the held items' segments of the link paths (.../spectrum/{id}/band/{link}). */
type LinkSegments<P> = P extends `/api/user/{factory}/${infer H}/{id}/${infer L}/{link}` ? { holder: H; segment: L } : never;
/** A holder's segment with the segment of a list it has, paired as the OpenAPI paths pair them. */
export type LinkPath = LinkSegments<keyof paths>;

/**
 * A list of another kind's items an item holds, read with the item in `field` and changed at
 * .../{id}/{segment}/{key}, or emptied at .../{id}/{segment} (a spectrum's bands, a digital
 * spectrum's associated spectra, S2 §2.7): listed in the item's editor, whose button opens a
 * sub-modal where items are associated and dissociated.
 */
export type LinkDecl = LinkPath & {
  field: string;
  kind: CatalogKind;
  /** Whether the item has the list at all (a high-range spectrum's associated spectra); always when not given. */
  shown?: (item: CatalogItem) => boolean;
  /** Whether the item may hold the other, for a user of `types` (a spectrum, the bands of its range). */
  fits?: (item: CatalogItem, linked: CatalogItem, types: readonly string[]) => boolean;
  /** Items to mark, and the items holding them (a band with a summation, SPEC-009). */
  mark?: (linked: CatalogItem) => boolean;
  /** Listed under the item in the columns too (a spectrum's bands, SPEC-005); not when false. */
  inColumns?: boolean;
  /** What a linked item's row says besides its name (a band's frequency type and limits). */
  details?: (linked: CatalogItem, t: TFunction, language: string) => string;
  /**
   * The list's title (the sub-modal's too), the editor's button that opens the sub-modal, the
   * select's label, the message when none is chosen, and the confirmation of dissociating
   * every item from the one called `name`.
   */
  label: (t: TFunction) => string;
  associate: (t: TFunction) => string;
  choose: (t: TFunction) => string;
  pick: (t: TFunction) => string;
  unlinkAll: (t: TFunction, name: string) => string;
};

/** The links an item has (those whose `shown` holds for it). */
export function linksOf(kind: CatalogKind, item: CatalogItem): LinkDecl[] {
  return (kind.links ?? []).filter((l) => l.shown?.(item) ?? true);
}

/** The mark before a marked item's name (SPEC-009). */
export const MARK = 'Σ ';

/** The items of a link an item holds. */
export function linkedOf(link: LinkDecl, item: CatalogItem): CatalogItem[] {
  const v = item[link.field];
  return Array.isArray(v) ? (v as CatalogItem[]) : [];
}

/** The mark before a linked item's name ('' for none). */
export function markOf(link: LinkDecl, linked: CatalogItem): string {
  return link.mark?.(linked) ? MARK : '';
}

/** The mark before an item's name: it holds a marked item ('' for none). */
export function itemMark(kind: CatalogKind, item: CatalogItem): string {
  return (kind.links ?? []).some((l) => linkedOf(l, item).some((x) => markOf(l, x) !== '')) ? MARK : '';
}

/** The id of an item in its paths: a factory item's id or GUID, or a template's id or GUID. */
export function itemKey(kind: CatalogKind, side: Side, item: CatalogItem): string {
  const v = item[side === 'factory' ? kind.idField : kind.templateIdField];
  return typeof v === 'number' || typeof v === 'string' ? String(v) : '';
}

/** The GUID of the template an item is, or was downloaded from ('' when none). */
export function templateGuid(kind: CatalogKind, item: CatalogItem): string {
  const v = item[kind.templateGuidField];
  return typeof v === 'string' ? v : '';
}

function text(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' ? v : '';
}

/** The name shown in `language`: Spanish in Spanish, English otherwise (Spanish when it has none). */
export function itemName(kind: CatalogKind, item: CatalogItem, language: string): string {
  if (kind.names === 'single') return text(item.Nombre);
  return localName({ NombreEs: text(item.NombreEs), NombreEn: text(item.NombreEn) }, language);
}

/** The form's values of a new item: blank name, each field's initial value (CAT-010). */
export function initialValues(kind: CatalogKind): FormValues {
  const values: FormValues = { [NAME]: '' };
  for (const f of kind.fields) values[f.name] = f.initial;
  return values;
}

/** The option id held by a select field of an item, after the field's aliases. */
function optionOf(field: SelectField, value: unknown): string | undefined {
  const key = 'idKey' in field ? field.idKey : undefined;
  const raw = key && typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : value;
  const id = text(raw);
  if (!id) return field.initial;
  return field.alias?.[id] ?? id;
}

/** The text a field shows of an item's value: decimals with the field's decimals ("1.50000" → "1.5000"). */
function valueOf(field: Exclude<FieldDecl, CustomField>, value: unknown): string | undefined {
  if (field.type === 'select') return optionOf(field, value);
  if (value === null || value === undefined) return field.initial;
  return field.type === 'decimal' ? (formatDecimal(value, field.spec.dec) ?? text(value)) : text(value);
}

/** The form's values of a loaded item (edit and template modes). */
export function toFormValues(kind: CatalogKind, item: CatalogItem, language: string): FormValues {
  const values: FormValues = { [NAME]: itemName(kind, item, language) };
  for (const f of kind.fields) {
    if (f.type === 'custom') (values as Record<string, unknown>)[f.name] = f.read(item);
    else values[f.name] = valueOf(f, item[f.name]);
  }
  return values;
}

const holds = (rule: boolean | FieldPredicate | undefined, values: FormValues, ctx: FieldContext) =>
  typeof rule === 'function' ? rule(values, ctx) : !!rule;

/** Whether a field is shown, editable and required, given the other values and the editor. */
export function fieldState(field: FieldDecl, values: FormValues, ctx: FieldContext) {
  return {
    visible: field.visible?.(values, ctx) ?? true,
    disabled: holds(field.disabled, values, ctx),
    required: holds(field.required, values, ctx),
  };
}

/** The fields shown, in the declared order. */
export function visibleFields(kind: CatalogKind, values: FormValues, ctx: FieldContext): FieldDecl[] {
  return kind.fields.filter((f) => fieldState(f, values, ctx).visible);
}

/**
 * The values to set after the user changed the fields `changed`: each changed field's effect,
 * in the declared order, each seeing what the one before set. Undefined when nothing changes.
 */
export function afterChange(kind: CatalogKind, changed: readonly string[], values: FormValues): FormValues | undefined {
  let set: FormValues | undefined;
  for (const f of kind.fields) {
    if (!f.onChange || !changed.includes(f.name)) continue;
    set = { ...set, ...f.onChange({ ...values, ...set }) };
  }
  return set;
}

/**
 * The names to send. A new item takes the one name in both languages (SENS-020). An edited
 * item's name of the UI language takes it, and the other language's follows it only when the
 * two were the same, so that a translated name (e.g. of a download) is not lost.
 */
export function namesBody(kind: CatalogKind, name: string, item: CatalogItem | undefined, language: string): CatalogItem {
  const n = name.trim();
  if (kind.names === 'single') return { Nombre: n };
  if (!item) return { NombreEs: n, NombreEn: n };
  const es = text(item.NombreEs);
  const en = text(item.NombreEn) || es;
  // A name left as shown keeps the stored ones (French shows some English names in French).
  if (n === itemName(kind, item, language)) return { NombreEs: es, NombreEn: en };
  if (language === 'es') return { NombreEs: n, NombreEn: en === es ? n : en };
  return { NombreEs: es === en ? n : es, NombreEn: n };
}

/**
 * The value a field sends: decimals as fixed-decimal strings or null when blank (SENS-021,
 * SENS-027, SENS-057), integers as numbers, options as objects; undefined leaves it out.
 */
export function fieldBody(field: FieldDecl, value: string | undefined, values: FormValues = {}): unknown {
  switch (field.type) {
    case 'decimal':
      return formatDecimal(value, field.spec.dec);
    case 'integer':
      return isBlank(value) ? undefined : Number(value);
    case 'select':
      if (!value) return undefined;
      if ('idKey' in field && field.idKey) return { [field.idKey]: value };
      if (field.send) return field.send(value, values);
      return field.numeric ? Number(value) : value;
    case 'custom':
      return undefined; // a custom field sends the fields it writes (toBody)
  }
}

/** The body of an add or edit call (CAT-019): names and every field shown. */
export function toBody(
  kind: CatalogKind,
  values: FormValues,
  item: CatalogItem | undefined,
  language: string,
  ctx: FieldContext,
): CatalogItem {
  const body = namesBody(kind, values[NAME] ?? '', item, language);
  for (const f of visibleFields(kind, values, ctx)) {
    if (f.type === 'custom') {
      Object.assign(body, f.write(customValue(values, f.name), values));
      continue;
    }
    const v = fieldBody(f, values[f.name], values);
    if (v !== undefined) body[f.name] = v;
  }
  return body;
}

/** Integers: 0 or a number without leading zeros (SENS-030). */
const INTEGER = /^(0|[1-9]\d*)$/;

/** Checks a field's value against its own declaration. */
function ownProblem(field: Exclude<FieldDecl, CustomField>, value: string | undefined, required: boolean): FieldProblem | null {
  if (isBlank(value)) return required ? 'required' : null;
  const s = (value ?? '').trim();
  switch (field.type) {
    case 'select':
      return null;
    case 'integer': {
      if (!INTEGER.test(s)) return 'format';
      const n = Number(s);
      if (n < field.min) return 'min';
      return n > field.max ? 'max' : null;
    }
    case 'decimal':
      return checkDecimal(s, field.spec);
  }
}

/**
 * The problem of the field `name`: its own checks (required, format, bounds), then the kind's
 * cross-field check. A hidden field has none.
 */
export function problemOf(kind: CatalogKind, name: string, values: FormValues, ctx: FieldContext): FieldProblem | null {
  const field = kind.fields.find((f) => f.name === name);
  if (!field) return null;
  const { visible, required } = fieldState(field, values, ctx);
  if (!visible) return null;
  const own = field.type === 'custom' ? (field.check?.(customValue(values, name), values) ?? null) : ownProblem(field, values[name], required);
  return own ?? kind.check?.(values)[name] ?? null;
}

/** The number a field holds, or null when it is blank or not a number (for cross-field checks). */
export function numberOf(values: FormValues, name: string): number | null {
  const n = parseDecimal(values[name]);
  return n === null || Number.isNaN(n) ? null : n;
}

/** The problem with an item's name: required, at most NAME_MAX characters (CAT-024). */
export function nameProblem(value: string | undefined): FieldProblem | null {
  const s = (value ?? '').trim();
  if (!s) return 'required';
  return Array.from(s).length > NAME_MAX ? 'max' : null;
}

/** The form field that shows a server field's error (both names are edited in one field). */
export const SERVER_FIELDS: Record<string, string> = { NombreEs: NAME, NombreEn: NAME, Nombre: NAME };
