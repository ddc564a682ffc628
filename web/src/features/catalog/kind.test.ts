import { describe, expect, it } from 'vitest';
import {
  MODE_ACTIONS,
  afterChange,
  canEditIn,
  fieldBody,
  fieldState,
  initialValues,
  itemKey,
  itemName,
  nameProblem,
  namesBody,
  numberOf,
  problemOf,
  templateGuid,
  toBody,
  toFormValues,
  visibleFields,
  type CatalogKind,
  type FieldDecl,
  type FormValues,
} from './kind';
import { buildColumn, columnKey, downloadedGuids } from './columns';
import { selectOptions } from './CatalogFields';
import { modeOf } from './CatalogModal';
import { EDITING, keyT } from '../../test/catalog';

const label = () => '';

/** A bilingual kind with integer ids and one field of each type; Low must not exceed High. */
const GAUGE: CatalogKind = {
  segment: 'sensor/dynamic',
  idField: 'UsuGaugeID',
  templateIdField: 'AdminGaugeID',
  templateGuidField: 'AdminGaugeGUID',
  names: 'bilingual',
  copyMethod: 'PUT',
  label: () => 'Gauge',
  title: () => 'Gauges',
  fields: [
    { type: 'decimal', name: 'Low', label, spec: { int: 2, dec: 1, min: 0, max: 99.9 } },
    { type: 'decimal', name: 'High', label, spec: { int: 2, dec: 1, min: 0, max: 99.9 } },
    { type: 'integer', name: 'Count', label, min: 1, max: 255, required: true, initial: '1' },
    { type: 'select', name: 'Unit', label, list: 'Unit', idKey: 'UnitID', required: true, initial: 'G', alias: { 'MM/S': 'G' } },
  ],
  check: (v) => {
    const low = numberOf(v, 'Low');
    const high = numberOf(v, 'High');
    return low !== null && high !== null && low > high ? { Low: 'order' } : {};
  },
};

/**
 * A kind whose fields depend on each other: a mode chosen among declared choices (sent as a
 * number) shows, requires, locks and fills the others.
 */
const LINKED: CatalogKind = {
  ...GAUGE,
  segment: 'band',
  copyMethod: 'POST',
  fields: [
    {
      type: 'select',
      name: 'Mode',
      label,
      choices: ['0', '1', '2'].map((id) => ({ id, label: () => `mode ${id}` })),
      numeric: true,
      initial: '0',
      offered: (id, v) => id !== '2' || v.Kind === 'wide',
      onChange: (v) => (v.Mode === '1' ? { Width: '5', Extra: '' } : { Width: '' }),
    },
    { type: 'select', name: 'Kind', label, choices: [{ id: 'wide', label }], onChange: () => ({ Mode: '0' }) },
    { type: 'integer', name: 'Width', label, min: 0, max: 9, visible: (v) => v.Mode === '1', required: true },
    { type: 'integer', name: 'Extra', label, min: 0, max: 9, disabled: (v) => v.Mode !== '1', required: (v) => v.Mode === '2' },
    { type: 'integer', name: 'Shown', label, min: 0, max: 9, visible: (_, ctx) => !ctx.readOnly },
  ],
  check: undefined,
};

/** A single-name kind identified by GUID. */
const NAMED: CatalogKind = {
  ...GAUGE,
  segment: 'sensor/keyboard',
  idField: 'UsuNamedGUID',
  templateIdField: 'AdminNamedGUID',
  templateGuidField: 'AdminNamedGUID',
  names: 'single',
  fields: [],
};

const [low, , count, unit] = GAUGE.fields as [FieldDecl, FieldDecl, FieldDecl, FieldDecl];

describe('editor modes', () => {
  it('CAT-015: a new item offers Save only', () => {
    expect(MODE_ACTIONS.add).toEqual(['save']);
  });
  it('CAT-013: an existing factory item offers Delete, Copy and Save', () => {
    expect(MODE_ACTIONS.edit).toEqual(['delete', 'copy', 'save']);
  });
  it('CAT-012: a template offers Download only', () => {
    expect(MODE_ACTIONS.template).toEqual(['download']);
  });
});

describe('ids and names', () => {
  it('takes the factory id, or the template id, or the GUID of GUID kinds', () => {
    const item = { UsuGaugeID: 12, AdminGaugeID: 0, AdminGaugeGUID: 'g-1', NombreEs: 'a' };
    expect(itemKey(GAUGE, 'factory', item)).toBe('12');
    expect(itemKey(GAUGE, 'template', { AdminGaugeID: 3 })).toBe('3');
    expect(itemKey(NAMED, 'factory', { UsuNamedGUID: 'u-9', AdminNamedGUID: 't-1' })).toBe('u-9');
    expect(itemKey(NAMED, 'template', { AdminNamedGUID: 't-1' })).toBe('t-1');
    expect(templateGuid(GAUGE, item)).toBe('g-1');
    expect(templateGuid(GAUGE, { UsuGaugeID: 4 })).toBe('');
  });

  it('shows the Spanish name in Spanish and the English one otherwise', () => {
    const item = { NombreEs: 'Sonda', NombreEn: 'Probe' };
    expect(itemName(GAUGE, item, 'es')).toBe('Sonda');
    expect(itemName(GAUGE, item, 'en')).toBe('Probe');
    expect(itemName(GAUGE, { NombreEs: 'Sonda' }, 'fr')).toBe('Sonda');
    expect(itemName(NAMED, { Nombre: 'Velocidad' }, 'en')).toBe('Velocidad');
  });

  it('SENS-020: a new item takes its one name in both languages', () => {
    expect(namesBody(GAUGE, '  Sonda  ', undefined, 'es')).toEqual({ NombreEs: 'Sonda', NombreEn: 'Sonda' });
    expect(namesBody(NAMED, 'Teclado', undefined, 'es')).toEqual({ Nombre: 'Teclado' });
  });

  it('keeps a different translation of an edited name, and follows an equal one', () => {
    const translated = { NombreEs: 'Sonda (descarga)', NombreEn: 'Probe (download)' };
    expect(namesBody(GAUGE, 'Sonda 2', translated, 'es')).toEqual({ NombreEs: 'Sonda 2', NombreEn: 'Probe (download)' });
    expect(namesBody(GAUGE, 'Probe 2', translated, 'en')).toEqual({ NombreEs: 'Sonda (descarga)', NombreEn: 'Probe 2' });
    const same = { NombreEs: 'Sonda', NombreEn: 'Sonda' };
    expect(namesBody(GAUGE, 'Sonda 2', same, 'es')).toEqual({ NombreEs: 'Sonda 2', NombreEn: 'Sonda 2' });
  });

  it("shows an English name in its French form in French, and keeps it stored as it is when left so", () => {
    const other = { NombreEs: 'Otro', NombreEn: 'Other' };
    expect(itemName(GAUGE, other, 'fr')).toBe('Autre');
    expect(namesBody(GAUGE, 'Autre', other, 'fr')).toEqual({ NombreEs: 'Otro', NombreEn: 'Other' });
    expect(namesBody(GAUGE, 'Autre 2', other, 'fr')).toEqual({ NombreEs: 'Otro', NombreEn: 'Autre 2' });
  });

  it('CAT-024: a name is required and at most 100 characters', () => {
    expect(nameProblem('  ')).toBe('required');
    expect(nameProblem('x'.repeat(100))).toBeNull();
    expect(nameProblem('x'.repeat(101))).toBe('max');
  });
});

describe('form values and bodies', () => {
  it('CAT-010: a new item starts blank with the declared initial values', () => {
    expect(initialValues(GAUGE)).toEqual({ Nombre: '', Low: undefined, High: undefined, Count: '1', Unit: 'G' });
  });

  it('reads an item into the form: numbers as text, decimals with their digits, options by id, aliases applied', () => {
    const item = { NombreEs: 'Sonda', NombreEn: 'Probe', Low: '8.0', High: '9.50', Count: 4, Unit: { UnitID: 'MM/S' } };
    expect(toFormValues(GAUGE, item, 'es')).toEqual({ Nombre: 'Sonda', Low: '8.0', High: '9.5', Count: '4', Unit: 'G' });
    expect(toFormValues(GAUGE, { NombreEs: 'x' }, 'es').Unit).toBe('G');
    expect(toFormValues(LINKED, { NombreEs: 'x', Mode: 2 }, 'es').Mode).toBe('2');
    expect(toFormValues(LINKED, { NombreEs: 'x' }, 'es').Mode).toBe('0');
  });

  it('sends decimals with their fixed decimals or null, integers as numbers, options as objects', () => {
    expect(fieldBody(low, '8,25')).toBe('8.3');
    expect(fieldBody(low, ' ')).toBeNull();
    expect(fieldBody(count, '12')).toBe(12);
    expect(fieldBody(count, '')).toBeUndefined();
    expect(fieldBody(unit, 'A')).toEqual({ UnitID: 'A' });
    expect(fieldBody(unit, undefined)).toBeUndefined();
    expect(toBody(GAUGE, { Nombre: 'Sonda', Low: '8', High: '', Count: '3', Unit: 'A' }, undefined, 'es', EDITING)).toEqual({
      NombreEs: 'Sonda',
      NombreEn: 'Sonda',
      Low: '8.0',
      High: null,
      Count: 3,
      Unit: { UnitID: 'A' },
    });
  });
});

describe('field checks', () => {
  const problem = (kind: CatalogKind, name: string, value: string | undefined, values: FormValues = {}) =>
    problemOf(kind, name, { ...values, [name]: value }, EDITING);

  it('refuses blanks of required fields only', () => {
    expect(problem(GAUGE, 'Count', '')).toBe('required');
    expect(problem(GAUGE, 'Unit', undefined)).toBe('required');
    expect(problem(GAUGE, 'Low', '')).toBeNull();
  });

  it('takes whole numbers without leading zeros within their range', () => {
    expect(problem(GAUGE, 'Count', '1')).toBeNull();
    expect(problem(GAUGE, 'Count', '255')).toBeNull();
    expect(problem(GAUGE, 'Count', '0')).toBe('min');
    expect(problem(GAUGE, 'Count', '256')).toBe('max');
    expect(problem(GAUGE, 'Count', '01')).toBe('format');
    expect(problem(GAUGE, 'Count', '1.5')).toBe('format');
  });

  it("checks decimals against their spec, then the kind's cross-field check", () => {
    expect(problem(GAUGE, 'Low', '99,9')).toBeNull();
    expect(problem(GAUGE, 'Low', '100')).toBe('format');
    expect(problem(GAUGE, 'Low', '-1')).toBe('format');
    expect(problem(GAUGE, 'Low', '9', { High: '8' })).toBe('order');
    expect(problem(GAUGE, 'Low', '8', { High: '8' })).toBeNull();
    expect(problem(GAUGE, 'Low', '9', { High: '' })).toBeNull();
    expect(problem(GAUGE, 'Low', '1.55', { High: '1' })).toBe('format');
  });

  it('requires by predicate, and checks nothing of a hidden field', () => {
    expect(problem(LINKED, 'Extra', '', { Mode: '2' })).toBe('required');
    expect(problem(LINKED, 'Extra', '', { Mode: '0' })).toBeNull();
    expect(problem(LINKED, 'Width', '', { Mode: '1' })).toBe('required');
    expect(problem(LINKED, 'Width', '', { Mode: '0' })).toBeNull();
  });
});

describe('fields that depend on each other', () => {
  const names = (values: FormValues, ctx = EDITING) => visibleFields(LINKED, values, ctx).map((f) => f.name);

  it('shows, locks and requires fields by the other values and the editor', () => {
    expect(names({ Mode: '0' })).toEqual(['Mode', 'Kind', 'Extra', 'Shown']);
    expect(names({ Mode: '1' })).toEqual(['Mode', 'Kind', 'Width', 'Extra', 'Shown']);
    expect(names({ Mode: '1' }, { ...EDITING, readOnly: true })).toEqual(['Mode', 'Kind', 'Width', 'Extra']);
    const extra = LINKED.fields[3];
    expect(fieldState(extra, { Mode: '0' }, EDITING)).toEqual({ visible: true, disabled: true, required: false });
    expect(fieldState(extra, { Mode: '2' }, EDITING)).toEqual({ visible: true, disabled: true, required: true });
    expect(fieldState(extra, { Mode: '1' }, EDITING)).toEqual({ visible: true, disabled: false, required: false });
  });

  it("sets the values a changed field's effect returns, each effect seeing the one before", () => {
    expect(afterChange(LINKED, ['Mode'], { Mode: '1', Extra: '3' })).toEqual({ Width: '5', Extra: '' });
    expect(afterChange(LINKED, ['Width'], { Mode: '1' })).toBeUndefined();
    // Mode's effect runs first (declared first), then Kind's, which puts Mode back.
    expect(afterChange(LINKED, ['Kind', 'Mode'], { Mode: '1', Kind: 'wide' })).toEqual({ Width: '5', Extra: '', Mode: '0' });
  });

  it('sends the fields shown only, declared choices as numbers when numeric', () => {
    expect(toBody(LINKED, { Nombre: 'a', Mode: '0', Width: '5', Extra: '2', Shown: '1' }, undefined, 'es', EDITING)).toEqual({
      NombreEs: 'a',
      NombreEn: 'a',
      Mode: 0,
      Extra: 2,
      Shown: 1,
    });
    expect(toBody(LINKED, { Nombre: 'a', Mode: '1', Width: '5' }, undefined, 'es', EDITING)).toMatchObject({ Mode: 1, Width: 5 });
    const kind = LINKED.fields[1];
    expect(fieldBody(kind, 'wide')).toBe('wide');
  });

  it('offers the options the values allow, and always the one chosen', () => {
    const mode = LINKED.fields[0];
    if (mode.type !== 'select') throw new Error('Mode is a select');
    const source = { lists: undefined, t: keyT, language: 'es', ctx: EDITING };
    expect(selectOptions(mode, { ...source, values: {} })).toEqual([
      { value: '0', label: 'mode 0' },
      { value: '1', label: 'mode 1' },
    ]);
    expect(selectOptions(mode, { ...source, values: { Kind: 'wide' } }).map((o) => o.value)).toEqual(['0', '1', '2']);
    expect(selectOptions(mode, { ...source, values: { Mode: '2' } }).map((o) => o.value)).toEqual(['0', '1', '2']);
  });
});

describe('scopes', () => {
  it('factory items are edited by ADMIN and U_EDITOR, templates by ADMIN only', () => {
    expect(canEditIn('factory', ['U_EDITOR'])).toBe(true);
    expect(canEditIn('factory', ['LECTOR'])).toBe(false);
    expect(canEditIn('template', ['U_EDITOR'])).toBe(false);
    expect(canEditIn('template', ['ADMIN'])).toBe(true);
    expect(canEditIn('factory', null)).toBe(false);
  });

  it('CAT-010..CAT-012: a template is downloaded from the factory scope and edited in the templates scope', () => {
    expect(modeOf({ kind: GAUGE, side: 'template', id: '1' }, 'factory')).toBe('template');
    expect(modeOf({ kind: GAUGE, side: 'template', id: '1' }, 'template')).toBe('edit');
    expect(modeOf({ kind: GAUGE, side: 'template' }, 'template')).toBe('add');
    expect(modeOf({ kind: GAUGE, side: 'factory', id: '1' }, 'factory')).toBe('edit');
    expect(modeOf({ kind: GAUGE, side: 'factory' }, 'factory')).toBe('add');
  });
});

describe('columns', () => {
  const kinds = [GAUGE, NAMED];
  const options = { language: 'es', label: (k: CatalogKind) => k.segment, loadingText: '…', errorText: '!' };

  it('SENS-003: one group per kind, in the declared order, with its items in the server order', () => {
    const nodes = buildColumn(kinds, [[{ UsuGaugeID: 5, NombreEs: 'B' }, { UsuGaugeID: 2, NombreEs: 'A' }], []], {
      ...options,
      side: 'factory',
    });
    expect(nodes.map((n) => [n.key, n.count, n.selectable, !!n.isLeaf])).toEqual([
      ['group:sensor/dynamic', 2, false, false],
      // A group without items stays closed (its title greyed).
      ['group:sensor/keyboard', 0, false, true],
    ]);
    expect(nodes[0].children?.map((c) => [c.key, c.title, c.id])).toEqual([
      ['factory:sensor/dynamic:5', 'B', '5'],
      ['factory:sensor/dynamic:2', 'A', '2'],
    ]);
    expect(columnKey('template', NAMED, 't-1')).toBe('template:sensor/keyboard:t-1');
  });

  it('shows a placeholder while a list loads or after it failed', () => {
    const nodes = buildColumn(kinds, ['loading', 'error'], { ...options, side: 'template' });
    expect(nodes.map((n) => n.children?.map((c) => [c.placeholder, c.title, c.disabled]))).toEqual([
      [['loading', '…', true]],
      [['error', '!', true]],
    ]);
  });

  it('marks the templates the factory has downloaded', () => {
    const factory = [[{ UsuGaugeID: 5, AdminGaugeGUID: 'g-1' }, { UsuGaugeID: 6 }], 'loading'] as const;
    const downloaded = downloadedGuids(kinds, [...factory]);
    expect([...downloaded]).toEqual(['g-1']);
    const nodes = buildColumn(
      kinds,
      [[{ AdminGaugeID: 1, AdminGaugeGUID: 'g-1' }, { AdminGaugeID: 2, AdminGaugeGUID: 'g-2' }], []],
      { ...options, side: 'template', downloaded },
    );
    expect(nodes[0].children?.map((c) => c.downloaded)).toEqual([true, false]);
  });
});
