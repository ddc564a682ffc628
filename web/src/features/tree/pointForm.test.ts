import { describe, expect, it } from 'vitest';
import type { Point } from '../../api/types';
import { MEASURE_FIELDS, directionLabel, isValidPosition, toBody, toForm } from './pointForm';

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

  // TREE-096
  it('TREE-096: has the twelve Medida flags', () => {
    expect(MEASURE_FIELDS).toHaveLength(12);
    expect(MEASURE_FIELDS).toContain('Medida_H_H2_mg');
  });

  // TREE-097: the mounting is sent as MontajeId.
  it('TREE-097: sends the flags, MontajeId and the relative speed with 5 decimals', () => {
    const body = toBody({ ...toForm(point), Vr: '12,5', Posicion: '3', Medida_A_mg: true }, point);
    expect(body).toMatchObject({ Vr: '12.50000', Posicion: 3, MontajeId: 1, Medida_A_mg: true, Medida_A_br: true, Medida_A_ar: false });
  });
});
