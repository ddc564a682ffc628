import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import type { Reference } from './api';
import { itemUnit } from '../../lib/units';
import { REFERENCE_FIELDS } from './referenceValues';
import { conditionName, groupUnit, groupValues, groupsOf, refusedFields, toBody, toForm } from './referenceForm';

/** A reference row: every threshold empty unless given. */
function row(values: Partial<Reference> = {}): Reference {
  const empty = Object.fromEntries(
    ['V_H1', 'H_H2', 'A', 'Temperatura'].flatMap((g) => ['Aviso', 'Alarma', 'Peligro'].map((f) => [`${g}_${f}`, null])),
  );
  return { Nombre: 'Marcha', UsuCondicionId: 1, ...empty, ...values } as Reference;
}

describe('reference form', () => {
  it('REF-002, REF-008: three direction groups, temperature for VCPs only', () => {
    expect(groupsOf(false)).toEqual(['V_H1', 'H_H2', 'A']);
    expect(groupsOf(true)).toEqual(['V_H1', 'H_H2', 'A', 'Temperatura']);
    // A temperature VCP has no vibration in the directions: its temperature only.
    expect(groupsOf(true, 'TEM')).toEqual(['Temperatura']);
    expect(groupsOf(true, 'VEL')).toEqual(['V_H1', 'H_H2', 'A', 'Temperatura']);
  });

  it('REF-010: Aviso is the warning, Alarma the alarm, Peligro the danger', () => {
    expect(REFERENCE_FIELDS).toEqual(['Aviso', 'Alarma', 'Peligro']);
    const labels = (lng: string) => REFERENCE_FIELDS.map((f) => i18n.getFixedT(lng)(`vcvs.references.fields.${f}`));
    expect(labels('es')).toEqual(['Aviso', 'Alarma', 'Peligro']);
    expect(labels('en')).toEqual(['Warning', 'Alarm', 'Danger']);
  });

  it('REF-006: a nameless condition is CDNG', () => {
    expect(conditionName(row({ Nombre: null }))).toBe('CDNG');
    expect(conditionName(row())).toBe('Marcha');
  });

  it('REF-007: shows thousandths with three decimals, empty as blank', () => {
    const ref = row({ V_H1_Aviso: 2800, V_H1_Alarma: 4500, V_H1_Peligro: 7100, Temperatura_Aviso: 60000 });
    expect(toForm(ref, groupsOf(false), 'es')).toEqual({
      V_H1_Aviso: '2,800',
      V_H1_Alarma: '4,500',
      V_H1_Peligro: '7,100',
      H_H2_Aviso: '',
      H_H2_Alarma: '',
      H_H2_Peligro: '',
      A_Aviso: '',
      A_Alarma: '',
      A_Peligro: '',
    });
    expect(toForm(ref, groupsOf(true), 'es').Temperatura_Aviso).toBe('60,000');
    expect(groupValues(ref, 'V_H1', 'es')).toEqual(['2,800', '4,500', '7,100']);
    expect(groupValues(ref, 'V_H1', 'en')).toEqual(['2.800', '4.500', '7.100']);
    expect(groupValues(ref, 'A', 'es')).toEqual(['—', '—', '—']);
  });

  it('gives a VCV’s values in its band range’s unit, a VCP’s in its type’s unit and every temperature in °C', () => {
    expect(groupUnit('V_H1', itemUnit(undefined, 'BR'))).toBe('mm/s RMS');
    expect(groupUnit('A', itemUnit(undefined, 'DM'))).toBe('Eg');
    expect(groupUnit('Temperatura', itemUnit('VEL', undefined))).toBe('°C');
    expect(groupUnit('A', itemUnit('DEM', undefined))).toBe('Eg');
    expect(groupUnit('H_H2', itemUnit('MAG', undefined))).toBe('T');
    expect(groupUnit('V_H1', itemUnit('CRE', undefined))).toBeUndefined();
  });

  it('REF-014, REF-024: names the failing field of each failing group, in order', () => {
    const groups = groupsOf(true);
    expect(refusedFields({ V_H1_Aviso: '1', V_H1_Alarma: '2', V_H1_Peligro: '3' }, groups)).toEqual([]);
    expect(
      refusedFields({ V_H1_Aviso: '1', V_H1_Alarma: '2', H_H2_Alarma: '2', A_Aviso: '5', A_Alarma: '4', A_Peligro: '6', Temperatura_Aviso: '1000' }, groups),
    ).toEqual(['V_H1_Peligro', 'H_H2_Alarma', 'A_Aviso', 'Temperatura_Aviso']);
  });

  it('REF-022, REF-025: sends thousandths, empty values as null', () => {
    const body = toBody({ V_H1_Aviso: '2,8', V_H1_Alarma: '4.5', V_H1_Peligro: '7.1', A_Aviso: ' ' }, groupsOf(false));
    expect(body).toEqual({
      V_H1_Aviso: 2800,
      V_H1_Alarma: 4500,
      V_H1_Peligro: 7100,
      H_H2_Aviso: null,
      H_H2_Alarma: null,
      H_H2_Peligro: null,
      A_Aviso: null,
      A_Alarma: null,
      A_Peligro: null,
      Temperatura_Aviso: null,
      Temperatura_Alarma: null,
      Temperatura_Peligro: null,
    });
    expect(toBody({ Temperatura_Aviso: '60' }, groupsOf(true)).Temperatura_Aviso).toBe(60000);
  });
});
