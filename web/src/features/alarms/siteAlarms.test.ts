import { describe, expect, it } from 'vitest';
import { conditionName, referenceUnit } from '../assoc/machineAlarms';
import {
  PAGE_SIZE,
  STATE_COLORS,
  STATES,
  alarmsQuery,
  chartRange,
  chooseArea,
  contrast,
  directionText,
  isFiltered,
  machineOptions,
  readableText,
  seriesKey,
  stateCounts,
  toggleState,
  withUnit,
  type SeriesState,
} from './siteAlarms';

function row(patch: Partial<SeriesState> = {}): SeriesState {
  return {
    UsuValorReferenciaID: 7,
    UsuMaquinaId: 5,
    MaquinaNombre: 'Bomba P-101',
    ComponenteNombre: 'Motor',
    UsuPuntoVibracionID: 20,
    PuntoNombre: 'Motor LOA',
    UsuMaqPuntoVcvId: 4,
    Tipo: 'MPV',
    VcvNombre: 'Envolvente global',
    TipoVcp: '',
    Rango: 'BR',
    UsuCondicionId: 2,
    CondicionNombre: 'Marcha',
    Orientacion: 0,
    Direccion: 0,
    Fecha: '2026-11-24T11:00:00Z',
    Valor: 11838,
    VrAviso: 3000,
    VrAlarma: 6000,
    VrPeligro: 9000,
    Estado: 'PELIGRO',
    ...patch,
  };
}

describe('states', () => {
  it('are listed worst first, with the thresholds colours for danger, alarm and warning', () => {
    expect(STATES).toEqual(['PELIGRO', 'ALARMA', 'AVISO', 'NORMAL', 'SIN_UMBRALES', 'SIN_DATOS']);
    expect([STATE_COLORS.PELIGRO, STATE_COLORS.ALARMA, STATE_COLORS.AVISO]).toEqual(['#FF0000', '#FFBF00', '#FFFF00']);
  });

  it('have a text colour that reads on them (WCAG AA, 4.5:1)', () => {
    expect(readableText('#FFFF00')).toBe('#000000');
    expect(readableText('#FFBF00')).toBe('#000000');
    expect(readableText('#1F1F1F')).toBe('#FFFFFF');
    for (const state of STATES) expect(contrast(STATE_COLORS[state], readableText(STATE_COLORS[state]))).toBeGreaterThanOrEqual(4.5);
  });

  it('are counted in their order, 0 for a state the answer leaves out', () => {
    expect(stateCounts({ PELIGRO: 1, AVISO: 104, NORMAL: 361 })).toEqual([
      { state: 'PELIGRO', count: 1 },
      { state: 'ALARMA', count: 0 },
      { state: 'AVISO', count: 104 },
      { state: 'NORMAL', count: 361 },
      { state: 'SIN_UMBRALES', count: 0 },
      { state: 'SIN_DATOS', count: 0 },
    ]);
    expect(stateCounts(undefined).every((c) => c.count === 0)).toBe(true);
  });
});

describe('filters', () => {
  it('ask for a page of 50 rows from the chosen page, with only the filters set', () => {
    expect(alarmsQuery({}, 1)).toEqual({ Desde: 0, Cuantas: PAGE_SIZE });
    expect(alarmsQuery({ area: 2, machine: 5, state: 'AVISO' }, 3)).toEqual({ UsuAreaId: 2, UsuMaquinaId: 5, Estado: 'AVISO', Desde: 100, Cuantas: 50 });
  });

  it('tell a narrowed tab from the whole site, a state dropped or an area cleared narrowing nothing', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ area: undefined, machine: undefined, state: undefined })).toBe(false);
    expect(isFiltered({ area: 2 })).toBe(true);
    expect(isFiltered({ machine: 5 })).toBe(true);
    expect(isFiltered({ state: 'SIN_DATOS' })).toBe(true);
  });

  it('choose a state by its count, and drop it when clicked again or on "all"', () => {
    const chosen = toggleState({ area: 2 }, 'ALARMA');
    expect(chosen).toEqual({ area: 2, state: 'ALARMA' });
    expect(toggleState(chosen, 'ALARMA')).toEqual({ area: 2, state: undefined });
    expect(toggleState(chosen, 'PELIGRO').state).toBe('PELIGRO');
    expect(toggleState(chosen, undefined).state).toBeUndefined();
  });

  const areas = [
    { ID: 2, Nombre: 'Bombeo' },
    { ID: 3, Nombre: 'Ventilación' },
    { ID: 4, Nombre: 'Vacía' },
  ];
  const machines: Record<number, { ID: number; Nombre: string }[]> = {
    2: [
      { ID: 5, Nombre: 'Bomba P-101' },
      { ID: 6, Nombre: 'Bomba P-102' },
    ],
    3: [{ ID: 9, Nombre: 'Ventilador V-201' }],
  };
  const of = (area: number) => machines[area] ?? [];

  it('keep the machine when the area holds it, and drop it otherwise', () => {
    expect(chooseArea({ machine: 5, state: 'AVISO' }, 2, of)).toEqual({ area: 2, machine: 5, state: 'AVISO' });
    expect(chooseArea({ machine: 5 }, 3, of)).toEqual({ area: 3, machine: undefined });
    expect(chooseArea({ area: 2, machine: 5 }, undefined, of)).toEqual({ area: undefined, machine: undefined });
  });

  it('offer the machines of the chosen area, or every area’s grouped by area (empty areas left out)', () => {
    expect(machineOptions(areas, of, 3)).toEqual([{ value: 9, label: 'Ventilador V-201' }]);
    expect(machineOptions(areas, of)).toEqual([
      {
        label: 'Bombeo',
        title: 'Bombeo',
        options: [
          { value: 5, label: 'Bomba P-101' },
          { value: 6, label: 'Bomba P-102' },
        ],
      },
      { label: 'Ventilación', title: 'Ventilación', options: [{ value: 9, label: 'Ventilador V-201' }] },
    ]);
  });
});

describe('rows', () => {
  it('are keyed by series: kind, association, condition and direction', () => {
    expect(seriesKey(row())).toBe('MPV:4:2:0');
    expect(seriesKey(row({ Tipo: 'MPVP', Direccion: 3 }))).toBe('MPVP:4:2:3');
  });

  it('name a criterion without conditions CDNG and their axes by the mounting', () => {
    expect(conditionName(row({ CondicionNombre: null }))).toBe('CDNG');
    expect(conditionName(row())).toBe('Marcha');
    expect([0, 1, 2].map((d) => directionText(row({ Direccion: d })))).toEqual(['V', 'H', 'A']);
    expect([0, 1, 2].map((d) => directionText(row({ Orientacion: 1, Direccion: d })))).toEqual(['H1', 'H2', 'A']);
    expect(directionText(row({ Tipo: 'MPVP', Direccion: 3 }))).toBeUndefined();
  });

  it('read values in thousandths with the language’s decimal mark and their unit: a VCV’s, a VCP type’s, a temperature’s', () => {
    expect(withUnit(11838, referenceUnit(row()), 'es')).toBe('11,838 mm/s RMS');
    expect(withUnit(11838, referenceUnit(row()), 'en')).toBe('11.838 mm/s RMS');
    expect(referenceUnit(row({ Tipo: 'MPVD' }))).toBe('mm/s RMS');
    expect(withUnit(45000, referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'TEM', Direccion: 3 })), 'es')).toBe('45,000 °C');
    expect(withUnit(45000, referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'VEL', Direccion: 3 })), 'es')).toBe('45,000 °C');
    expect(withUnit(1200, referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'ACE', Direccion: 0 })), 'es')).toBe('1,200 g');
    expect(withUnit(1200, referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'DEM', Direccion: 1 })), 'es')).toBe('1,200 Eg');
    expect(withUnit(1200, referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'MAG', Direccion: 2 })), 'es')).toBe('1,200 T');
    expect(withUnit(1200, referenceUnit(row({ Tipo: 'MPVP', TipoVcp: 'CRE', Direccion: 0 })), 'es')).toBe('1,200');
    expect(withUnit(null, 'mm/s RMS', 'es')).toBe('');
  });
});

describe('a chart’s range', () => {
  it('runs from 0 to a little above the highest value or line, so every line shows', () => {
    expect(chartRange([1, 2, null], [{ value: 9 }], 0.1)).toEqual([0, 9.9]);
    expect(chartRange([-2, 1], [], 0.5)).toEqual([-3, 1.5]);
    expect(chartRange([], [])).toEqual([0, 1.08]);
  });
});
