import { describe, expect, it } from 'vitest';
import type { Point } from '../../api/types';
import { PROTECTION_FIELDS, predictionBody, predictionForm, protectionBody, protectionForm } from './pointMems';
import { POINT_MEASURE_FIELDS } from '../tree/pointForm';

const point = {
  UsuPuntoVibracionID: 1,
  UsuComponenteID: 1,
  NombreEs: 'Eje entrada',
  NombreEn: 'Eje entrada',
  Posicion: 1,
  Vr: '1.00000',
  MontajeId: 1,
  UsuEspectroBrId: 3,
  ...Object.fromEntries(POINT_MEASURE_FIELDS.map((f) => [f, f.endsWith('_br')])),
  Canales: [{ Canal: 1, Direccion: 1 }],
} as Point;

describe('point protection', () => {
  // TREE-099
  it('TREE-099: has the nine flags Vibracion, Magneto and Posicion by direction', () => {
    expect(PROTECTION_FIELDS).toHaveLength(9);
    expect(PROTECTION_FIELDS).toContain('Magneto_H_H2');
  });

  it('TREE-099: without protection stored, nothing is chosen', () => {
    const values = protectionForm(point);
    expect(PROTECTION_FIELDS.every((f) => values[f] === false)).toBe(true);
    expect(values.SensorProteccionGUID).toBeUndefined();
  });

  it('TREE-099: sends the whole point with MEMSProteccion; prediction and channels are kept', () => {
    const stored = { ...point, MEMSProteccion: { Vibracion_A: true, SensorProteccionGUID: 's-1' } } as Point;
    const values = protectionForm(stored);
    expect(values).toMatchObject({ Vibracion_A: true, Magneto_A: false, SensorProteccionGUID: 's-1' });
    const body = protectionBody({ ...values, Posicion_V_H1: true, SensorProteccionGUID: undefined }, stored);
    expect(body).toMatchObject({ NombreEs: 'Eje entrada', Posicion: 1, UsuEspectroBrId: 3, Medida_A_br: true });
    expect(body.MEMSProteccion).toMatchObject({ Vibracion_A: true, Posicion_V_H1: true, Magneto_A: false, SensorProteccionGUID: null });
    expect(body).not.toHaveProperty('MEMSPrediccion');
    expect(body).not.toHaveProperty('Canales');
  });
});

describe('point prediction', () => {
  // TREE-096, TREE-100, TREE-109
  it('TREE-100: sends the twelve flags, the four digital spectra and the sensor; protection and channels are kept', () => {
    const stored = {
      ...point,
      MEMSPrediccion: { Medida_A_mg: true, UsuEspectroDigitalMGId: 8, SensorPrediccionGUID: 's-2' },
    } as Point;
    const values = predictionForm(stored);
    expect(values).toMatchObject({ Medida_A_mg: true, Medida_A_br: false, UsuEspectroDigitalMGId: 8, SensorPrediccionGUID: 's-2' });
    expect(values.UsuEspectroDigitalBRId).toBeUndefined();
    const body = predictionBody({ ...values, UsuEspectroDigitalBRId: 5, UsuEspectroDigitalMGId: undefined, Medida_V_H1_br: true }, stored);
    expect(body.MEMSPrediccion).toMatchObject({
      Medida_A_mg: true,
      Medida_V_H1_br: true,
      UsuEspectroDigitalBRId: 5,
      UsuEspectroDigitalARId: null,
      UsuEspectroDigitalMGId: null,
      SensorPrediccionGUID: 's-2',
    });
    expect(Object.keys(body.MEMSPrediccion ?? {}).filter((k) => k.startsWith('Medida_'))).toHaveLength(12);
    // The point's own measurement flags are the alert device's nine, left as stored.
    expect(body).toMatchObject({ Medida_A_dm: false, Medida_V_H1_br: true });
    expect(body).not.toHaveProperty('Medida_A_mg');
    expect(body).not.toHaveProperty('MEMSProteccion');
    expect(body).not.toHaveProperty('Canales');
  });
});
