import { describe, expect, it } from 'vitest';
import type { MachineAlarm } from './api';
import { alarmKey, conditionName, conditionOptions, directionLabel, filterAlarms, groupByPoint, referenceUnit, seriesCsv } from './machineAlarms';

function row(over: Partial<MachineAlarm>): MachineAlarm {
  return {
    UsuValorReferenciaID: 1,
    Tipo: 'MPV',
    UsuMaqPuntoVcvId: 3,
    UsuComponenteId: 2,
    ComponenteNombre: 'Motor',
    UsuPuntoVibracionID: 10,
    PuntoNombre: 'Motor LA',
    VcvNombre: 'Velocidad 1x',
    TipoVcp: '',
    Rango: 'BR',
    Orientacion: 0,
    Direccion: 0,
    UsuCondicionId: 5,
    CondicionNombre: 'Carga alta',
    VrAviso: 2800,
    VrAlarma: 4500,
    VrPeligro: 7100,
    ...over,
  };
}

describe('machine alert list', () => {
  it('ALRM-037: with Orientacion 0, direction 0 is V, 1 is H, any other A', () => {
    expect([0, 1, 2, 5].map((d) => directionLabel(0, d))).toEqual(['V', 'H', 'A', 'A']);
  });

  it('ALRM-038: with any other Orientacion, direction 0 is H1, 1 is H2, any other A', () => {
    expect([0, 1, 2, 5].map((d) => directionLabel(1, d))).toEqual(['H1', 'H2', 'A', 'A']);
    expect([0, 1, 2].map((d) => directionLabel(2, d))).toEqual(['H1', 'H2', 'A']);
  });

  it("a VCP's direction 3 is its temperature, which has no direction label", () => {
    expect(directionLabel(0, 3)).toBeUndefined();
    expect(directionLabel(1, 3)).toBeUndefined();
  });

  it('REF-006: a nameless condition is CDNG', () => {
    expect(conditionName(row({ CondicionNombre: null }))).toBe('CDNG');
    expect(conditionName(row({}))).toBe('Carga alta');
  });

  it('keys a row by reference row and direction', () => {
    expect(alarmKey(row({ UsuValorReferenciaID: 7, Direccion: 2 }))).toBe('7:2');
  });

  it('lists each condition once and filters by name and condition', () => {
    const rows = [
      row({ Direccion: 0 }),
      row({ Direccion: 1, UsuCondicionId: 6, CondicionNombre: null }),
      row({ Direccion: 2, PuntoNombre: 'Bomba LOA', ComponenteNombre: 'Bomba' }),
    ];
    expect(conditionOptions(rows)).toEqual([
      { value: 5, label: 'Carga alta' },
      { value: 6, label: 'CDNG' },
    ]);
    expect(filterAlarms(rows, '', undefined)).toHaveLength(3);
    expect(filterAlarms(rows, ' bomba ', undefined)).toEqual([rows[2]]);
    expect(filterAlarms(rows, 'VELOCIDAD', 6)).toEqual([rows[1]]);
  });

  it('heads each run of one point with its component and point, once', () => {
    const a = row({ UsuValorReferenciaID: 1 });
    const b = row({ UsuValorReferenciaID: 2 });
    const c = row({ UsuValorReferenciaID: 3, UsuPuntoVibracionID: 11, PuntoNombre: 'Motor LOA' });
    const d = row({ UsuValorReferenciaID: 4, UsuComponenteId: 9, ComponenteNombre: 'Bomba', UsuPuntoVibracionID: 11, PuntoNombre: 'Bomba LA' });
    expect(groupByPoint([a, b, c, d])).toEqual([
      { group: '2:10', component: 'Motor', point: 'Motor LA' },
      a,
      b,
      { group: '2:11', component: 'Motor', point: 'Motor LOA' },
      c,
      { group: '9:11', component: 'Bomba', point: 'Bomba LA' },
      d,
    ]);
    expect(groupByPoint([])).toEqual([]);
  });

  it('gives a VCV’s values in its band range’s unit (mm/s RMS but for envelope and magnetometer) and a VCP’s in its type’s unit, its temperature in °C', () => {
    expect(referenceUnit(row({}))).toBe('mm/s RMS');
    // A VCV's by its band's range: an envelope's and a magnetometer's are not velocities.
    expect(referenceUnit(row({ Rango: 'AR' }))).toBe('mm/s RMS');
    expect(referenceUnit(row({ Rango: 'DM' }))).toBe('Eg');
    expect(referenceUnit(row({ Tipo: 'MPVD', Rango: 'MG' }))).toBe('T');
    expect(referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'ACE' }))).toBe('g');
    expect(referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'ACE', Direccion: 3 }))).toBe('°C');
    expect(referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'CRE' }))).toBeUndefined();
  });
});

describe('seriesCsv', () => {
  const rows = [
    row({ UsuValorReferenciaID: 41, Direccion: 1, ComponenteNombre: 'Bomba, centrífuga', PuntoNombre: 'Bomba LA', VcvNombre: 'Velocidad "1x"', CondicionNombre: 'Marcha', Orientacion: 0, Rango: 'BR' }),
    row({ UsuValorReferenciaID: 42, Direccion: 3, Tipo: 'MPVP', ComponenteNombre: 'Motor; eje', PuntoNombre: 'Motor LOA', VcvNombre: 'Temperatura', CondicionNombre: null }),
  ];
  const headers = ['Componente', 'Punto', 'VCV / VCP', 'Dirección', 'Condición', 'Unidad'];

  it('gives each row its VrId and Dir, then what it is, quoting what holds a separator or a quote, after a UTF-8 mark', () => {
    const csv = seriesCsv(rows, headers, 'Temperatura', ';');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'VrId;Dir;Componente;Punto;VCV / VCP;Dirección;Condición;Unidad',
      '41;1;"Bomba, centrífuga";Bomba LA;"Velocidad ""1x""";H;Marcha;mm/s RMS',
      '42;3;"Motor; eje";Motor LOA;Temperatura;Temperatura;CDNG;°C',
      '',
    ]);
  });

  it('separates with commas where the language asks', () => {
    expect(seriesCsv(rows.slice(0, 1), headers, 'Temperature', ',').slice(1).split('\r\n')[1]).toBe('41,1,"Bomba, centrífuga",Bomba LA,"Velocidad ""1x""",H,Marcha,mm/s RMS');
  });
});
