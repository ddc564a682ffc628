import { describe, expect, it } from 'vitest';
import type { Point } from '../../api/types';
import { MEASURE_FIELDS, POINT_MEASURE_FIELDS, channelDireccion, channelRow, directionLabel, isValidPosition, toBody, toForm } from './pointForm';

const point = {
  UsuPuntoVibracionID: 1,
  UsuComponenteID: 1,
  NombreEs: 'Motor LOA',
  NombreEn: 'Motor LOA',
  Posicion: 1,
  Vr: '1.00000',
  MontajeId: 1,
  ...Object.fromEntries(MEASURE_FIELDS.map((f) => [f, f.endsWith('_br')])),
} as Point;

describe('point form', () => {
  // TREE-121
  it('TREE-121: position is an integer 1 to 255 without a leading zero', () => {
    for (const ok of ['1', '9', '10', '255']) expect(isValidPosition(ok)).toBe(true);
    for (const bad of ['0', '01', '256', '1000', '1.5', '-1', 'a', '']) expect(isValidPosition(bad)).toBe(false);
  });

  // TREE-092: horizontal points measure V, H, A; vertical ones H1, H2, A.
  it('TREE-092: labels the directions by the mounting', () => {
    expect(['V_H1', 'H_H2', 'A'].map((d) => directionLabel(d as 'A', true))).toEqual(['V', 'H', 'A']);
    expect(['V_H1', 'H_H2', 'A'].map((d) => directionLabel(d as 'A', false))).toEqual(['H1', 'H2', 'A']);
  });

  it('the point has the nine flags of BR, AR and DM; the prediction also those of MG', () => {
    expect(POINT_MEASURE_FIELDS).toEqual(MEASURE_FIELDS.filter((f) => !f.endsWith('_mg')));
    expect(MEASURE_FIELDS).toHaveLength(12);
  });

  // TREE-097: the mounting is sent as MontajeId.
  it('TREE-097: sends the flags, MontajeId and the relative speed with 5 decimals', () => {
    const body = toBody({ ...toForm(point), Vr: '12,5', Posicion: '3', Medida_A_dm: true }, point);
    expect(body).toMatchObject({ Vr: '12.50000', Posicion: 3, MontajeId: 1, Medida_A_dm: true, Medida_A_br: true, Medida_A_ar: false });
    expect(body).not.toHaveProperty('Medida_A_mg');
  });
});

describe('point spectra', () => {
  it('TREE-098: sends the spectrum slots as UsuEspectroBrId/ArId/DmId, a cleared slot as null', () => {
    const values = toForm({ ...point, UsuEspectroBrId: 7, UsuEspectroDmId: 9 } as Point);
    expect([values.UsuEspectroBrId, values.UsuEspectroArId, values.UsuEspectroDmId]).toEqual([7, undefined, 9]);
    const body = toBody({ ...values, UsuEspectroDmId: undefined }, point);
    expect([body.UsuEspectroBrId, body.UsuEspectroArId, body.UsuEspectroDmId]).toEqual([7, null, null]);
  });
});

describe('point bearings', () => {
  const withBearings = {
    ...point,
    Rodamiento1: { GenRodamientoID: 101, GenRodamientoGUID: 'g1', Marca: 'SKF', Modelo: '6205', Bpfi: 5.4, Bpfo: 3.6, Ftf: 0.4, Bs: 2.4 },
    Rodamiento3: { GenRodamientoID: 102, Marca: 'FAG', Modelo: '6305' },
  } as Point;

  // TREE-089, TREE-094, TREE-106
  it('TREE-094: shows the four slots as brand and factory value, and sends their ids', () => {
    const values = toForm(withBearings);
    expect(values.Rodamiento1).toMatchObject({ Marca: 'SKF', Valor: '101/F' });
    expect(values.Rodamiento2).toEqual({});
    expect(values.Rodamiento3).toMatchObject({ Marca: 'FAG', Valor: '102/F' });
    expect(values.Rodamiento4).toEqual({});
    const body = toBody({ ...values, Rodamiento3: { Marca: 'FAG' } }, withBearings);
    expect(body.Rodamiento1).toEqual({ GenRodamientoID: 101 });
    expect(body).not.toHaveProperty('Rodamiento2');
    // TREE-116: a slot whose model was cleared saves none.
    expect(body).not.toHaveProperty('Rodamiento3');
  });
});

describe('point channels', () => {
  // Direccion → the row it shows on and back, by the mounting (TREE-102..TREE-104).
  it.each([
    ['TREE-102', 1, 'V_H1', true],
    ['TREE-103', 2, 'H_H2', true],
    ['TREE-104', 3, 'A', true],
    ['TREE-102', 4, 'V_H1', false],
    ['TREE-103', 5, 'H_H2', false],
    ['TREE-104', 6, 'A', false],
  ] as const)('%s: Direccion %i is the row %s (horizontal %s)', (_, direccion, row, horizontal) => {
    expect(channelRow(direccion)).toBe(row);
    expect(channelDireccion(row, horizontal)).toBe(direccion);
  });

  it('knows no row for another Direccion', () => {
    for (const bad of [0, 7, -1, 1.5]) expect(channelRow(bad)).toBeUndefined();
  });

  // TREE-101
  it('TREE-101: shows the channels by row and sends them as Canal and Direccion of the mounting', () => {
    const wired = { ...point, Canales: [{ Canal: 7, Direccion: 4 }, { Canal: 2, Direccion: 6 }] } as Point;
    const values = toForm(wired);
    expect([values.Canal_V_H1, values.Canal_H_H2, values.Canal_A]).toEqual([7, undefined, 2]);
    expect(toBody({ ...values, Canal_H_H2: 9 }, wired, { horizontal: true }).Canales).toEqual([
      { Canal: 7, Direccion: 1 },
      { Canal: 9, Direccion: 2 },
      { Canal: 2, Direccion: 3 },
    ]);
    expect(toBody({ ...values, Canal_V_H1: undefined }, wired, { horizontal: false }).Canales).toEqual([{ Canal: 2, Direccion: 6 }]);
    // Without the block (no alert device) the stored channels are kept: none are sent.
    expect(toBody(values, wired).Canales).toBeUndefined();
  });
});
