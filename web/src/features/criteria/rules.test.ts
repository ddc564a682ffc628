import { describe, expect, it } from 'vitest';
import { EDITING } from '../../test/catalog';
import { afterChange, initialValues, problemOf, toBody, toFormValues, type FormValues } from '../catalog/kind';
import { nameMatches } from '../catalog/columns';
import { CRITERION, VCO } from './kinds';
import {
  conditionProblems,
  criterionConditionProblems,
  readCriterionConditions,
  readSensor,
  SENSOR_SLOTS,
  sensorFits,
  sensorMagnitude,
  slotsOf,
  writeCriterionConditions,
  writeSensor,
} from './rules';

describe('VCO/VCOV sensor', () => {
  // VCO-011: a VCO reads a 4-20 mA, tachometer, static voltage or virtual sensor; a VCOV a virtual, keyboard or nominal one.
  it('offers the sensor kinds of each type', () => {
    expect(slotsOf('VCO').map((s) => s.field)).toEqual(['UsuSensor420', 'UsuSensorTacometro', 'UsuSensorVoltajeEstatico', 'UsuSensorVirtual']);
    expect(slotsOf('VCOV').map((s) => s.field)).toEqual(['UsuSensorVirtual', 'SensorTeclado', 'SensorNominal']);
    expect(slotsOf(undefined)).toEqual([]);
  });

  it.each([
    [{ UsuSensorTacometro: 3 }, 'UsuSensorTacometro:3', { UsuSensorTacometro: 3 }],
    [{ UsuSensor420: 0, SensorTeclado: 'g-1' }, 'SensorTeclado:g-1', { SensorTeclado: 'g-1' }],
    [{}, undefined, {}],
  ])('reads %j as %s and writes it back to its field', (item, value, body) => {
    expect(readSensor(item)).toBe(value);
    expect(writeSensor(value)).toEqual(body);
  });

  it('measures what its sensor says; a tachometer rpm', () => {
    const slot = (field: string) => SENSOR_SLOTS.find((s) => s.field === field)!;
    expect(sensorMagnitude(slot('UsuSensorTacometro'), undefined)).toBe('RPM');
    expect(sensorMagnitude(slot('UsuSensor420'), { Magnitud: { EnumMagnitudID: 'PCT' } })).toBe('PCT');
    expect(sensorMagnitude(slot('SensorTeclado'), { Magnitud: { EnumMagnitudID: 'M3H' } })).toBe('M3H');
    expect(sensorMagnitude(slot('UsuSensorVirtual'), undefined)).toBeUndefined();
  });

  it('clears a sensor the new type does not read', () => {
    expect(sensorFits('VCOV', 'UsuSensorVirtual:1')).toBe(true);
    expect(sensorFits('VCOV', 'UsuSensorTacometro:1')).toBe(false);
    const values: FormValues = { ...initialValues(VCO), Tipo: 'VCOV', Sensor: 'UsuSensorTacometro:1' };
    expect(afterChange(VCO, ['Tipo'], values)).toEqual({ Sensor: undefined });
  });
});

describe('VCO/VCOV conditions', () => {
  const row = (Nombre: string, Minimo = '', Maximo = '') => ({ Nombre, Minimo, Maximo });

  it('refuses blank and repeated names, no bound, a maximum not above the minimum, bad formats', () => {
    expect(
      conditionProblems([row('Parada', '', '10'), row('parada', '10'), row('', '1', '2'), row('Sin límites'), row('Al revés', '5', '5'), row('Mal', '1,2345')]),
    ).toEqual([{}, { name: 'duplicate' }, { name: 'required' }, { min: 'required', max: 'required' }, { max: 'order' }, { min: 'format' }]);
  });

  it('sends the type, the factor, one sensor and the conditions with open bounds as null', () => {
    const values = toFormValues(
      VCO,
      { NombreEs: 'V', NombreEn: 'V', Tipo: { EnumTipoVcoID: 'VCO' }, FactorConversion: '1.0000', UsuSensorTacometro: 7, Condiciones: [{ CondicionID: 2, Nombre: 'Parada', Maximo: '10.000' }] },
      'es',
    );
    expect(values.FactorConversion).toBe('1.0000');
    expect(problemOf(VCO, 'Condiciones', values, EDITING)).toBeNull();
    expect(toBody(VCO, values, undefined, 'es', EDITING)).toEqual({
      NombreEs: 'V',
      NombreEn: 'V',
      Tipo: { EnumTipoVcoID: 'VCO' },
      FactorConversion: '1.0000',
      UsuSensorTacometro: 7,
      Condiciones: [{ CondicionID: 2, Nombre: 'Parada', Minimo: null, Maximo: '10.000' }],
    });
  });

  it('marks the conditions field with the first problem of its rows', () => {
    const values = { ...initialValues(VCO), Condiciones: [row('A', '2', '1')] } as unknown as FormValues;
    expect(problemOf(VCO, 'Condiciones', values, EDITING)).toBe('order');
  });
});

describe('criterion', () => {
  const item = {
    NombreEs: 'Velocidad y carga',
    TiempoAlarma: 60,
    TiempoAviso: 60,
    TiempoEstable: 300,
    TiempoPeligro: 60,
    Vco_v: [{ UsuVco_vId: 4, Nombre: 'Velocidad' }, { UsuVco_vId: 9, Nombre: 'Carga' }],
    Condiciones: [{ UsuCondicionID: 1, CondicionNombre: 'Marcha en carga', Rangos: [2, 0] }],
  };

  it('keeps each range with its entry, whatever the order the entries are chosen in', () => {
    const rows = readCriterionConditions(item);
    expect(rows).toEqual([{ UsuCondicionID: 1, CondicionNombre: 'Marcha en carga', Rangos: { 4: '2', 9: '0' } }]);
    expect(writeCriterionConditions(rows, ['9', '4', '11'])).toEqual({
      Condiciones: [{ UsuCondicionID: 1, CondicionNombre: 'Marcha en carga', Rangos: [0, 2, 0] }],
    });
  });

  // MACH-020: the four times and the Vco_v entries.
  it('sends the four times, the entries and the conditions in the entries order', () => {
    const values = toFormValues(CRITERION, item, 'es');
    expect(toBody(CRITERION, values, item, 'es', EDITING)).toEqual({
      NombreEs: 'Velocidad y carga',
      NombreEn: 'Velocidad y carga',
      TiempoAlarma: 60,
      TiempoAviso: 60,
      TiempoEstable: 300,
      TiempoPeligro: 60,
      Vco_v: [{ UsuVco_vId: 4 }, { UsuVco_vId: 9 }],
      Condiciones: [{ UsuCondicionID: 1, CondicionNombre: 'Marcha en carga', Rangos: [2, 0] }],
    });
  });

  it('refuses times outside 1..999999999 and blank or repeated condition names', () => {
    const values = { ...toFormValues(CRITERION, item, 'es'), TiempoAviso: '0', TiempoPeligro: '1000000000' };
    expect(problemOf(CRITERION, 'TiempoAviso', values, EDITING)).toBe('min');
    expect(problemOf(CRITERION, 'TiempoPeligro', values, EDITING)).toBe('max');
    expect(criterionConditionProblems([{ CondicionNombre: 'A', Rangos: {} }, { CondicionNombre: ' a ', Rangos: {} }, { CondicionNombre: '', Rangos: {} }])).toEqual([
      {},
      { name: 'duplicate' },
      { name: 'required' },
    ]);
  });

  it('fixes the DESCONOCIDO criterion', () => {
    expect(CRITERION.fixed?.({ NombreEs: 'DESCONOCIDO', Sistema: true })).toBe(true);
    expect(CRITERION.fixed?.({ NombreEs: 'DESCONOCIDO' })).toBe(false);
  });
});

describe('filter by name', () => {
  // VCO-019: the lists are filtered by name, without case or accents.
  it.each([
    ['Velocidad (descarga)', 'velo', true],
    ['Vacío', 'VACIO', true],
    ['Carga', 'vel', false],
    ['Carga', '  ', true],
  ])('%s holds %j: %s', (name, filter, matches) => {
    expect(nameMatches(name, filter)).toBe(matches);
  });
});
