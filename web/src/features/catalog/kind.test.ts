import { describe, expect, it } from 'vitest';
import {
  MODE_ACTIONS,
  fieldBody,
  fieldProblem,
  initialValues,
  itemKey,
  itemName,
  nameProblem,
  namesBody,
  templateGuid,
  toBody,
  toFormValues,
  type CatalogKind,
  type FieldDecl,
} from './kind';
import { buildColumn, columnKey, downloadedGuids } from './columns';

const label = () => '';

/** A bilingual kind with integer ids and one field of each type. */
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
    { type: 'decimal', name: 'Low', label, spec: { int: 2, dec: 1, min: 0, max: 99.9 }, notAbove: 'High' },
    { type: 'decimal', name: 'High', label, spec: { int: 2, dec: 1, min: 0, max: 99.9 } },
    { type: 'integer', name: 'Count', label, min: 1, max: 255, required: true, initial: '1' },
    { type: 'select', name: 'Unit', label, list: 'Unit', idKey: 'UnitID', required: true, initial: 'G', alias: { 'MM/S': 'G' } },
  ],
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

  it('reads an item into the form: numbers as text, options by id, aliases applied', () => {
    const item = { NombreEs: 'Sonda', NombreEn: 'Probe', Low: '8.0', Count: 4, Unit: { UnitID: 'MM/S' } };
    expect(toFormValues(GAUGE, item, 'es')).toEqual({ Nombre: 'Sonda', Low: '8.0', High: undefined, Count: '4', Unit: 'G' });
    expect(toFormValues(GAUGE, { NombreEs: 'x' }, 'es').Unit).toBe('G');
  });

  it('sends decimals with their fixed decimals or null, integers as numbers, options as objects', () => {
    expect(fieldBody(low, '8,25')).toBe('8.3');
    expect(fieldBody(low, ' ')).toBeNull();
    expect(fieldBody(count, '12')).toBe(12);
    expect(fieldBody(count, '')).toBeUndefined();
    expect(fieldBody(unit, 'A')).toEqual({ UnitID: 'A' });
    expect(fieldBody(unit, undefined)).toBeUndefined();
    expect(toBody(GAUGE, { Nombre: 'Sonda', Low: '8', High: '', Count: '3', Unit: 'A' }, undefined, 'es')).toEqual({
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
  it('refuses blanks of required fields only', () => {
    expect(fieldProblem(count, '')).toBe('required');
    expect(fieldProblem(unit, undefined)).toBe('required');
    expect(fieldProblem(low, '')).toBeNull();
  });

  it('takes whole numbers without leading zeros within their range', () => {
    expect(fieldProblem(count, '1')).toBeNull();
    expect(fieldProblem(count, '255')).toBeNull();
    expect(fieldProblem(count, '0')).toBe('min');
    expect(fieldProblem(count, '256')).toBe('max');
    expect(fieldProblem(count, '01')).toBe('format');
    expect(fieldProblem(count, '1.5')).toBe('format');
  });

  it('checks decimals against their spec and a field they must not exceed', () => {
    expect(fieldProblem(low, '99,9')).toBeNull();
    expect(fieldProblem(low, '100')).toBe('format');
    expect(fieldProblem(low, '-1')).toBe('format');
    expect(fieldProblem(low, '9', { High: '8' })).toBe('order');
    expect(fieldProblem(low, '8', { High: '8' })).toBeNull();
    expect(fieldProblem(low, '9', { High: '' })).toBeNull();
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
    expect(nodes.map((n) => [n.key, n.count, n.selectable])).toEqual([
      ['group:sensor/dynamic', 2, false],
      ['group:sensor/keyboard', 0, false],
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
