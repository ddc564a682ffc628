import { describe, expect, it } from 'vitest';
import type { Machine } from '../../api/types';
import { toBody, toForm } from './machineForm';

const machine: Machine = {
  UsuMaquinaID: 6,
  UsuAreaID: 3,
  NombreEs: 'Bomba P-101',
  NombreEn: 'Bomba P-101',
  VelocidadVariable: true,
  Actualizacion: '1XESPECTRO',
  VelocidadMinima: '300.000',
  VelocidadMaxTrabajo: '2975.000',
  AmplitudMinima1x: '0.500',
  Online: true,
  Kw: 55,
  UsuCalculoVrId: 1,
  TiempoAprendizaje: 170,
  KOSSensor: false,
};

describe('machine form', () => {
  // MACH-014
  it('MACH-014: shows the learning time as days plus hours and saves it in hours', () => {
    const values = toForm(machine);
    expect(values).toMatchObject({ Dias: 7, Horas: 2 });
    expect(toBody({ ...values, Dias: 1, Horas: 5 }, machine, true).TiempoAprendizaje).toBe(29);
  });

  // MACH-083
  it('MACH-083: sends speeds and amplitude with 3 decimals, commas accepted', () => {
    const body = toBody({ ...toForm(machine), VelocidadMinima: '250,5', VelocidadMaxTrabajo: '3000', AmplitudMinima1x: '0,75' }, machine, true);
    expect(body).toMatchObject({ VelocidadMinima: '250.500', VelocidadMaxTrabajo: '3000.000', AmplitudMinima1x: '0.750' });
  });

  // MACH-084
  it('MACH-084: with VCOV, OFF or DESCONOCIDO minimum speed and amplitude are sent empty', () => {
    for (const mode of ['VCOV', 'OFF', 'DESCONOCIDO'] as const) {
      const body = toBody({ ...toForm(machine), Actualizacion: mode }, machine, true);
      expect(body.VelocidadMinima).toBeUndefined();
      expect(body.AmplitudMinima1x).toBeUndefined();
    }
  });

  it('MACH-085: the route association is sent only for offline machines', () => {
    const routed = { ...machine, AsociacionesMaquinaId: 41 };
    expect(toBody({ ...toForm(routed), Online: false }, routed, true).AsociacionesMaquinaId).toBe(41);
    expect(toBody({ ...toForm(routed), Online: true }, routed, true).AsociacionesMaquinaId).toBeUndefined();
  });

  // MACH-016
  it('MACH-016: sends Kw as an integer', () => {
    expect(toBody({ ...toForm(machine), Kw: '110' }, machine, true).Kw).toBe(110);
    expect(toBody({ ...toForm(machine), Kw: '' }, machine, true).Kw).toBe(0);
  });

  // AUTH-006: only administrators edit Cálculo VA; for others the machine keeps its value.
  it('AUTH-006: a non-administrator save keeps the calculation template', () => {
    const values = { ...toForm(machine), UsuCalculoVrId: undefined };
    expect(toBody(values, machine, false).UsuCalculoVrId).toBe(1);
    expect(toBody(values, machine, true).UsuCalculoVrId).toBeUndefined();
  });

  it('keeps a different English name and follows an equal one', () => {
    expect(toBody({ ...toForm(machine), NombreEs: 'Bomba P-101 bis' }, machine, true).NombreEn).toBe('Bomba P-101 bis');
    const english = { ...machine, NombreEn: 'Pump P-101' };
    expect(toBody({ ...toForm(english), NombreEs: 'Bomba nueva' }, english, true).NombreEn).toBe('Pump P-101');
  });

  // MACH-013: the update replaces the machine, so every device goes, a missing one as null.
  it('MACH-013: shows and sends the equipment', () => {
    const linked = { ...machine, EquipoConcentrador: 'gw-1', EquipoAlert10C: 'g-1', KOSSensor: false } as Machine;
    const values = toForm(linked);
    expect(values).toMatchObject({ EquipoConcentrador: 'gw-1', EquipoAlert10: undefined, EquipoAlert10C: 'g-1', KOSSensor: false });
    expect(toBody({ ...values, EquipoAlert10C: undefined, KOSSensor: true }, linked, true)).toMatchObject({
      EquipoConcentrador: 'gw-1',
      EquipoAlert10: null,
      EquipoAlert10C: null,
      KOSSensor: true,
    });
    expect(toForm(machine).KOSSensor).toBe(false);
  });
});
