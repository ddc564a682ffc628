import { describe, expect, it } from 'vitest';
import type { Equipment } from './api';
import { EQUIPMENT_KINDS, equipmentBody, formValues, installationPath, matchesFilter } from './kinds';

const [GATEWAY, ALERT10, ALERT10C, MEMS] = EQUIPMENT_KINDS;

const device = (over: Partial<Equipment>): Equipment => ({
  ID: 1,
  Tipo: 'MEMS',
  NumeroSerie: 'KS-0001',
  Alias: 'Motor lado acople',
  ConcentradorId: 2,
  NumeroOrden: 3,
  ModoMedicion: 'PREDICCION',
  Asignacion: {},
  UsuarioId: null,
  Maquina: null,
  Punto: null,
  ...over,
});

describe('equipment kinds', () => {
  it('serves each kind at its path; only the Alert10C needs a gateway', () => {
    expect(EQUIPMENT_KINDS.map((k) => [k.base, k.gateway])).toEqual([
      ['/api/equipment/concentrator', 'none'],
      ['/api/equipment/alert10', 'none'],
      ['/api/equipment/alert10c', 'required'],
      ['/api/mems', 'optional'],
    ]);
  });

  it('EQP-020: a gateway is registered with its serial number and alias, trimmed, and no gateway field', () => {
    expect(equipmentBody(GATEWAY, { NumeroSerie: ' KG-0003 ', Alias: ' Nave 2 ' })).toEqual({ NumeroSerie: 'KG-0003', Alias: 'Nave 2' });
    expect(equipmentBody(ALERT10, { NumeroSerie: 'KA10-0003', Alias: '' })).toEqual({ NumeroSerie: 'KA10-0003', Alias: '' });
  });

  it('an Alert10C is registered behind its gateway', () => {
    expect(equipmentBody(ALERT10C, { NumeroSerie: 'KA10C-0003', Alias: '', ConcentradorId: 1 })).toEqual({
      NumeroSerie: 'KA10C-0003',
      Alias: '',
      ConcentradorId: 1,
    });
  });

  it('EQP-036, EQP-037: a KOS Sensor carries its mode, order number and optional gateway (null when none)', () => {
    expect(equipmentBody(MEMS, { NumeroSerie: 'KS-0013', Alias: 'Bomba', ModoMedicion: 'PREDICCION', NumeroOrden: 0 })).toEqual({
      NumeroSerie: 'KS-0013',
      Alias: 'Bomba',
      ConcentradorId: null,
      ModoMedicion: 'PREDICCION',
      NumeroOrden: 0,
    });
  });

  it("fills the form from a device, and a new device's with the kind's fields", () => {
    expect(formValues(MEMS, device({}))).toEqual({
      NumeroSerie: 'KS-0001',
      Alias: 'Motor lado acople',
      ConcentradorId: 2,
      ModoMedicion: 'PREDICCION',
      NumeroOrden: 3,
    });
    expect(formValues(MEMS)).toEqual({ NumeroSerie: '', Alias: '', ConcentradorId: null, ModoMedicion: 'PROTECCION', NumeroOrden: null });
    expect(formValues(GATEWAY)).toEqual({ NumeroSerie: '', Alias: '' });
  });

  it('filters by serial number or alias, without case or accents', () => {
    const e = device({ NumeroSerie: 'KG-0001', Alias: 'Concentrador Centro Norte' });
    expect(matchesFilter(e, '')).toBe(true);
    expect(matchesFilter(e, 'kg-00')).toBe(true);
    expect(matchesFilter(e, 'céntro')).toBe(true);
    expect(matchesFilter(e, 'KS-')).toBe(false);
  });

  it('says where a device is installed, in the language of the UI', () => {
    const machine = { UsuMaquinaID: 9, NombreEs: 'Bomba P-101', NombreEn: 'Pump P-101' };
    expect(installationPath(device({ Maquina: machine }), 'es')).toEqual(['Bomba P-101']);
    expect(installationPath(device({ Maquina: machine }), 'en')).toEqual(['Pump P-101']);
    expect(
      installationPath(device({ Maquina: machine, Punto: { UsuPuntoVibracionID: 4, NombreEs: 'Lado acople', NombreEn: '' } }), 'fr'),
    ).toEqual(['Pump P-101', 'Lado acople']);
    expect(installationPath(device({}), 'es')).toBeUndefined();
  });
});
