import { describe, expect, it } from 'vitest';
import openapi from '../../api/openapi.json';
import { selectOptions } from '../catalog/CatalogFields';
import { initialValues, nameProblem, problemOf, toBody, toFormValues, type CatalogKind, type FormValues } from '../catalog/kind';
import { EDITING, fieldOf, keyT } from '../../test/catalog';
import { SENSORS, SENSOR_KINDS } from './kinds';

/** Whether `value` of the field `name` of `kind` passes its checks (with the other values given). */
function valid(kind: CatalogKind, name: string, value: string, values: FormValues = {}): boolean {
  return problemOf(kind, name, { ...values, [name]: value }, EDITING) === null;
}

const dynamics = [SENSORS.dynamic, SENSORS.digitaldynamic];

describe('sensor kinds', () => {
  it('SENS-003: eight types, in the order of the screen', () => {
    expect(SENSOR_KINDS.map((k) => k.segment)).toEqual([
      'sensor/staticvoltage',
      'sensor/420',
      'sensor/dynamic',
      'sensor/digitaldynamic',
      'sensor/taco',
      'sensor/virtual',
      'sensor/keyboard',
      'sensor/nominal',
    ]);
  });

  it('SENS-007..SENS-014: each type has the ids of the spec', () => {
    expect(SENSOR_KINDS.map((k) => [k.segment, k.idField, k.templateIdField, k.templateGuidField])).toEqual([
      ['sensor/staticvoltage', 'UsuSensorVoltajeEstaticoID', 'AdminSensorVoltajeEstaticoID', 'AdminSensorVoltajeEstaticoGUID'],
      ['sensor/420', 'UsuSensor420ID', 'AdminSensor420ID', 'AdminSensor420GUID'],
      ['sensor/dynamic', 'UsuSensorDinamicoID', 'AdminSensorDinamicoID', 'AdminSensorDinamicoGUID'],
      ['sensor/digitaldynamic', 'UsuSensorDinamicoDigitalID', 'AdminSensorDinamicoDigitalID', 'AdminSensorDinamicoDigitalGUID'],
      ['sensor/taco', 'UsuSensorTacometroID', 'AdminSensorTacometroID', 'AdminSensorTacometroGUID'],
      ['sensor/virtual', 'UsuSensorVirtualID', 'AdminSensorVirtualID', 'AdminSensorVirtualGUID'],
      ['sensor/keyboard', 'UsuSensorTecladoGUID', 'AdminSensorTecladoGUID', 'AdminSensorTecladoGUID'],
      ['sensor/nominal', 'UsuSensorNominalGUID', 'AdminSensorNominalGUID', 'AdminSensorNominalGUID'],
    ]);
  });

  it("declares only fields and ids the server's schema of the type has", () => {
    type Schema = { properties?: Record<string, unknown>; $ref?: string };
    const doc = openapi as unknown as {
      paths: Record<string, { get: { responses: { 200: { content: { 'application/json': { schema: Schema } } } } } }>;
      components: { schemas: Record<string, Schema> };
    };
    for (const kind of SENSOR_KINDS) {
      const ref = doc.paths[`/api/user/{factory}/${kind.segment}/{id}`].get.responses[200].content['application/json'].schema.$ref;
      const props = Object.keys(doc.components.schemas[(ref ?? '').split('/').pop() ?? ''].properties ?? {});
      const names = kind.names === 'single' ? ['Nombre'] : ['NombreEs', 'NombreEn'];
      const declared = [...names, kind.idField, kind.templateIdField, kind.templateGuidField, ...kind.fields.map((f) => f.name)];
      expect(props, kind.segment).toEqual(expect.arrayContaining(declared));
    }
  });

  it('SENS-046, decision 17: every type copies with the PUT copy call of its type', () => {
    expect(new Set(SENSOR_KINDS.map((k) => k.copyMethod))).toEqual(new Set(['PUT']));
  });
});

describe('dynamic and digital dynamic sensors', () => {
  it('SENS-016, SENS-019: both have the same fields', () => {
    expect(SENSORS.digitaldynamic.fields).toEqual(SENSORS.dynamic.fields);
    expect(SENSORS.dynamic.fields.map((f) => f.name).sort()).toEqual(
      ['BIASmax', 'BIASmin', 'Entrada', 'Magnitud', 'Power', 'Sensibilidad', 'TiempoEstabilidad'].sort(),
    );
  });

  it('SENS-017, SENS-023: the input is always disabled, ±8 by default', () => {
    expect(fieldOf(SENSORS.dynamic, 'Entrada')).toMatchObject({ disabled: true, initial: '±8' });
    expect(initialValues(SENSORS.dynamic).Entrada).toBe('±8');
  });

  it('SENS-025, SENS-026: the magnitude is G by default, G or A, and MM/S is shown as G', () => {
    const magnitude = fieldOf(SENSORS.dynamic, 'Magnitud');
    if (magnitude.type !== 'select') throw new Error('Magnitud is a select');
    expect(initialValues(SENSORS.dynamic).Magnitud).toBe('G');
    const lists = { Magnitud: ['G', 'A', 'RPM', 'MM/S'].map((id) => ({ id, nameSPA: `${id} es`, nameENG: `${id} en` })) };
    const source = { lists, t: keyT, values: {}, ctx: EDITING };
    expect(selectOptions(magnitude, { ...source, language: 'es' })).toEqual([
      { value: 'G', label: 'G es' },
      { value: 'A', label: 'A es' },
    ]);
    expect(selectOptions(magnitude, { ...source, language: 'en' }).map((o) => o.label)).toEqual(['G en', 'A en']);
    // A stored magnitude the type no longer offers is still shown.
    expect(selectOptions(magnitude, { ...source, language: 'es', values: { Magnitud: 'RPM' } }).map((o) => o.value)).toEqual(['G', 'A', 'RPM']);
    expect(toFormValues(SENSORS.dynamic, { NombreEs: 'a', Magnitud: { EnumMagnitudID: 'MM/S' } }, 'es').Magnitud).toBe('G');
  });

  it('SENS-020, SENS-021, SENS-022, SENS-027: body of a new sensor', () => {
    const values = {
      ...initialValues(SENSORS.dynamic),
      Nombre: 'Acelerómetro',
      Power: 'ICP_4MA',
      Sensibilidad: '100,5',
      TiempoEstabilidad: '5',
      BIASmin: '',
      BIASmax: '14',
    };
    expect(toBody(SENSORS.dynamic, values, undefined, 'es', EDITING)).toEqual({
      NombreEs: 'Acelerómetro',
      NombreEn: 'Acelerómetro',
      Sensibilidad: '100.50',
      TiempoEstabilidad: 5,
      Entrada: { EnumEntradaVoltajeID: '±8' },
      Power: { EnumPotenciaID: 'ICP_4MA' },
      Magnitud: { EnumMagnitudID: 'G' },
      BIASmin: null,
      BIASmax: '14.0',
    });
  });

  it('SENS-028: the name is required, at most 100 characters', () => {
    expect(nameProblem('')).toBe('required');
    expect(nameProblem('a'.repeat(101))).toBe('max');
  });

  it('SENS-029: sensitivity takes a minus, 5 integer digits and 2 decimals', () => {
    for (const kind of dynamics) {
      for (const ok of ['-99999.99', '99999,99', '0', '100', '-0.5', '']) expect(valid(kind, 'Sensibilidad', ok), ok).toBe(true);
      for (const bad of ['123456', '1.234', '+1', 'abc', '1e3']) expect(valid(kind, 'Sensibilidad', bad), bad).toBe(false);
    }
  });

  it('SENS-030: stability time is 0 or a whole number of up to 9 digits without leading zero', () => {
    for (const ok of ['0', '5', '999999999']) expect(valid(SENSORS.dynamic, 'TiempoEstabilidad', ok), ok).toBe(true);
    for (const bad of ['007', '1000000000', '-1', '1.5', '']) expect(valid(SENSORS.dynamic, 'TiempoEstabilidad', bad), bad).toBe(false);
  });

  it('SENS-031, SENS-032: power and magnitude are required', () => {
    for (const kind of dynamics) {
      expect(problemOf(kind, 'Power', {}, EDITING)).toBe('required');
      expect(problemOf(kind, 'Magnitud', {}, EDITING)).toBe('required');
    }
  });

  it('SENS-033, SENS-034: BIAS values are 0 to 99.9 and the minimum must not exceed the maximum', () => {
    for (const ok of ['0', '99.9', '8,5', '']) expect(valid(SENSORS.dynamic, 'BIASmin', ok), ok).toBe(true);
    for (const bad of ['100', '-1', '8.55']) expect(valid(SENSORS.dynamic, 'BIASmax', bad), bad).toBe(false);
    expect(valid(SENSORS.dynamic, 'BIASmin', '15', { BIASmax: '14' })).toBe(false);
    expect(problemOf(SENSORS.digitaldynamic, 'BIASmin', { BIASmin: '15', BIASmax: '14' }, EDITING)).toBe('order');
    expect(valid(SENSORS.dynamic, 'BIASmin', '14', { BIASmax: '14' })).toBe(true);
    expect(valid(SENSORS.dynamic, 'BIASmin', '15', { BIASmax: '' })).toBe(true);
  });
});

describe('4-20 mA sensors', () => {
  const kind = SENSORS[420];

  it('SENS-036, SENS-037: its fields; the power is disabled and OFF by default', () => {
    expect(kind.fields.map((f) => f.name).sort()).toEqual(
      ['Lectura20ma', 'Lectura4ma', 'Magnitud', 'Power', 'TiempoEstabilidad', 'TiempoMuestra', 'Unidades'].sort(),
    );
    expect(fieldOf(kind, 'Power')).toMatchObject({ disabled: true, initial: 'OFF' });
  });

  it('SENS-039, SENS-042: readings take a sign, 7 integer digits and 3 decimals, sent with 3 decimals', () => {
    for (const ok of ['-9999999.999', '9999999,999', '4', '']) expect(valid(kind, 'Lectura4ma', ok), ok).toBe(true);
    for (const bad of ['10000000', '1.2345']) expect(valid(kind, 'Lectura20ma', bad), bad).toBe(false);
    const body = toBody(kind, { ...initialValues(kind), Nombre: 'T', Lectura4ma: '0', Lectura20ma: '3000,5' }, undefined, 'es', EDITING);
    expect([body.Lectura4ma, body.Lectura20ma]).toEqual(['0.000', '3000.500']);
  });

  it('SENS-040, SENS-043: stability time and units are whole numbers', () => {
    expect(valid(kind, 'TiempoEstabilidad', '01')).toBe(false);
    expect(valid(kind, 'Unidades', '1.5')).toBe(false);
    expect(toBody(kind, { ...initialValues(kind), Nombre: 'T', Unidades: '3' }, undefined, 'es', EDITING).Unidades).toBe(3);
  });

  it('SENS-044, SENS-045: magnitude and sample time are required', () => {
    expect(problemOf(kind, 'Magnitud', {}, EDITING)).toBe('required');
    expect(problemOf(kind, 'TiempoMuestra', {}, EDITING)).toBe('required');
  });
});

describe('static voltage sensors', () => {
  const kind = SENSORS.staticvoltage;

  it('SENS-048, SENS-049, SENS-050: its fields; input DC_0_10 and power OFF, both read-only', () => {
    expect(kind.fields.map((f) => f.name).sort()).toEqual(
      ['DcOffset', 'DcTop', 'Entrada', 'Magnitud', 'Power', 'TiempoEstabilidad', 'TiempoMuestra'].sort(),
    );
    expect(fieldOf(kind, 'Entrada')).toMatchObject({ disabled: true, initial: 'DC_0_10' });
    expect(fieldOf(kind, 'Power')).toMatchObject({ disabled: true, initial: 'OFF' });
  });

  it('SENS-053, SENS-057: DC values take a comma or a point and are sent with 3 decimals', () => {
    expect(valid(kind, 'DcOffset', '-20,5')).toBe(true);
    expect(valid(kind, 'DcTop', '1.2345')).toBe(false);
    const body = toBody(kind, { ...initialValues(kind), Nombre: 'S', DcOffset: '-20,5', DcTop: '120' }, undefined, 'es', EDITING);
    expect([body.DcOffset, body.DcTop]).toEqual(['-20.500', '120.000']);
  });

  it('SENS-055, SENS-056: magnitude and sample time are required', () => {
    expect(problemOf(kind, 'Magnitud', {}, EDITING)).toBe('required');
    expect(problemOf(kind, 'TiempoMuestra', {}, EDITING)).toBe('required');
  });

  it('SENS-054: the stability time is 0 or a whole number of up to 9 digits without leading zero, sent as a number', () => {
    for (const ok of ['0', '7', '120', '999999999']) expect(valid(kind, 'TiempoEstabilidad', ok), ok).toBe(true);
    for (const bad of ['007', '01', '-1', '1000000000', '1.5', '1,5', 'x', '']) expect(valid(kind, 'TiempoEstabilidad', bad), bad).toBe(false);
    const body = toBody(kind, { ...initialValues(kind), Nombre: 'S', TiempoEstabilidad: '120', Magnitud: 'C', TiempoMuestra: '1S' }, undefined, 'es', EDITING);
    expect(body.TiempoEstabilidad).toBe(120);
  });
});

describe('tachometer, virtual, keyboard and nominal sensors', () => {
  it('SENS-058, SENS-061: a tachometer has a pulse count, a whole number from 1 to 255', () => {
    expect(SENSORS.taco.fields.map((f) => f.name)).toEqual(['Cuentas']);
    for (const ok of ['1', '255']) expect(valid(SENSORS.taco, 'Cuentas', ok), ok).toBe(true);
    for (const bad of ['0', '256', '1.5', '']) expect(valid(SENSORS.taco, 'Cuentas', bad), bad).toBe(false);
  });

  // SENS-065: the virtual sensor's magnitude is required; SENS-066: keyboard and nominal
  // sensors edit Nombre and Magnitud.
  it('SENS-062..SENS-069: a name and a required magnitude, RPM by default', () => {
    for (const kind of [SENSORS.virtual, SENSORS.keyboard, SENSORS.nominal]) {
      expect(kind.fields.map((f) => f.name)).toEqual(['Magnitud']);
      expect(initialValues(kind).Magnitud).toBe('RPM');
      expect(problemOf(kind, 'Magnitud', {}, EDITING)).toBe('required');
    }
    expect(toBody(SENSORS.keyboard, { Nombre: ' Teclado ', Magnitud: 'RPM' }, undefined, 'es', EDITING)).toEqual({
      Nombre: 'Teclado',
      Magnitud: { EnumMagnitudID: 'RPM' },
    });
  });
});

describe('the body each type sends (S3 §7.1)', () => {
  const keys = (kind: CatalogKind, values: FormValues) =>
    Object.keys(toBody(kind, { ...initialValues(kind), Nombre: 'S', ...values }, undefined, 'es', EDITING)).sort();
  const names = ['NombreEs', 'NombreEn'];

  it('API-138: a dynamic or digital dynamic sensor', () => {
    const fields = [...names, 'Sensibilidad', 'TiempoEstabilidad', 'Entrada', 'Power', 'Magnitud', 'BIASmin', 'BIASmax'].sort();
    for (const kind of dynamics) expect(keys(kind, { Power: 'ICP_4MA', Sensibilidad: '100' })).toEqual(fields);
  });

  it('API-139: a 4-20 mA sensor', () => {
    expect(keys(SENSORS['420'], { Lectura4ma: '0', Lectura20ma: '10', Unidades: '3', Magnitud: 'RPM', TiempoMuestra: '1' })).toEqual(
      [...names, 'Lectura4ma', 'Lectura20ma', 'TiempoEstabilidad', 'Unidades', 'Magnitud', 'Power', 'TiempoMuestra'].sort(),
    );
  });

  it('API-140: a static voltage sensor', () => {
    expect(keys(SENSORS.staticvoltage, { DcOffset: '0', DcTop: '10', Magnitud: 'RPM', TiempoMuestra: '1' })).toEqual(
      [...names, 'DcOffset', 'DcTop', 'TiempoEstabilidad', 'TiempoMuestra', 'Entrada', 'Power', 'Magnitud'].sort(),
    );
  });

  it('API-141: a tachometer, a virtual sensor, a keyboard and a nominal sensor', () => {
    expect(keys(SENSORS.taco, { Cuentas: '60' })).toEqual([...names, 'Cuentas'].sort());
    expect(keys(SENSORS.virtual, {})).toEqual([...names, 'Magnitud'].sort());
    for (const kind of [SENSORS.keyboard, SENSORS.nominal]) expect(keys(kind, {})).toEqual(['Magnitud', 'Nombre']);
  });
});
