import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { precalcLine as line } from '../../test/precalc';
import { conditionOptions } from '../assoc/machineAlarms';
import {
  afterSave,
  defaultForm,
  initialLines,
  lineChanged,
  linesToSave,
  pageCount,
  pageList,
  pointFilters,
  precalcRequest,
  refusedLines,
  savedLevels,
  shownLines,
  unsavedLines,
  type PrecalcForm,
} from './precalc';

const today = dayjs('2026-11-24T09:30:00');
const form = (over: Partial<PrecalcForm> = {}): PrecalcForm => ({ ...defaultForm([10, 11], today, 'es'), ...over });

describe('the precalculation form', () => {
  it('ALRM-025, ALRM-026, ALRM-027, ALRM-028: defaults to the last 30 days and the change and to-change values', () => {
    const f = defaultForm([10, 11], today, 'es');
    expect(f.periods).toEqual([{ start: '2026-10-25', end: '2026-11-24' }]);
    expect(f.change).toEqual(['0,3', '0,5', '0,8']);
    expect(f.toChange).toEqual(['0,1', '0,2', '0,3']);
    expect(defaultForm([], today, 'en').change).toEqual(['0.3', '0.5', '0.8']);
    expect(f.components).toEqual([10, 11]);
    expect(f.allConditions).toBe(true);
    expect(f.method).toBe('P95');
  });

  it('sends the spec payload with our options, decimals typed with a comma', () => {
    expect(precalcRequest(form({ change: ['0,25', '0.5', '1'], iso: { on: true, Grupo: 1, Cimentacion: 'FLEXIBLE' } }))).toEqual({
      body: {
        Componentes: '10,11',
        Condiciones: '',
        Fechas: [{ Inicio: '2026-10-25', Fin: '2026-11-24' }],
        Metodo: 'P95',
        Atipicos: false,
        MuestrasMinimas: 10,
        VrAvisoLimite: 0.25,
        VrAlarmaLimite: 0.5,
        VrPeligroLimite: 1,
        VrAvisoAplicarValor: 0.1,
        VrAlarmaAplicarValor: 0.2,
        VrPeligroAplicarValor: 0.3,
        ISO: { Grupo: 1, Cimentacion: 'FLEXIBLE' },
      },
    });
    // Another method has no change values; some conditions only.
    const other = precalcRequest(form({ method: 'MULTIPLO', change: ['', '', ''], allConditions: false, conditions: [2, 5] }));
    expect(other).toEqual({
      body: { Componentes: '10,11', Condiciones: '2,5', Fechas: [{ Inicio: '2026-10-25', Fin: '2026-11-24' }], Metodo: 'MULTIPLO', Atipicos: false, MuestrasMinimas: 10 },
    });
  });

  it('ALRM-031, ALRM-032: each period needs its start and end, in order', () => {
    const two = [{ start: '2026-01-01', end: '2026-01-31' }];
    expect(precalcRequest(form({ periods: [...two, { start: null, end: '2026-03-01' }] }))).toEqual({ problem: { kind: 'noStart', period: 1 } });
    expect(precalcRequest(form({ periods: [{ start: '2026-01-01', end: null }] }))).toEqual({ problem: { kind: 'noEnd', period: 0 } });
    expect(precalcRequest(form({ periods: [{ start: '2026-02-01', end: '2026-01-01' }] }))).toEqual({ problem: { kind: 'badRange', period: 0 } });
  });

  it('ALRM-033: at least one component', () => {
    expect(precalcRequest(form({ components: [] }))).toEqual({ problem: { kind: 'noComponent' } });
  });

  it('ALRM-034: at least one condition unless all are checked', () => {
    expect(precalcRequest(form({ allConditions: false, conditions: [] }))).toEqual({ problem: { kind: 'noCondition' } });
    expect(precalcRequest(form({ allConditions: true, conditions: [] }))).toHaveProperty('body');
  });

  it('refuses wrong option values', () => {
    expect(precalcRequest(form({ change: ['0,3', 'x', '0,8'] }))).toEqual({ problem: { kind: 'badChange', field: 'Alarma' } });
    expect(precalcRequest(form({ toChange: ['0,1', '0,2', '-1'] }))).toEqual({ problem: { kind: 'badToChange', field: 'Peligro' } });
    expect(precalcRequest(form({ change: ['0,3', '0,2', '0,8'] }))).toEqual({ problem: { kind: 'changeBelow', field: 'Alarma' } });
    expect(precalcRequest(form({ toChange: ['0,1', '0,3', '0,3'] }))).toHaveProperty('body');
    expect(precalcRequest(form({ toChange: ['0,1', '0,3', '0,25'] }))).toEqual({ problem: { kind: 'toChangeBelow', field: 'Peligro' } });
    expect(precalcRequest(form({ minValues: '0' }))).toEqual({ problem: { kind: 'badMinValues' } });
    expect(precalcRequest(form({ minValues: '2,5' }))).toEqual({ problem: { kind: 'badMinValues' } });
  });
});

describe('the result lines', () => {
  const answer = [
    line({}),
    line({ Direccion: 1, VrAviso: 495, VrAlarma: 581, VrPeligro: 686 }),
    line({ UsuValorReferenciaID: 19, UsuCondicionId: 2, CondicionNombre: 'Marcha', Insuficiente: true }),
    line({ UsuValorReferenciaID: 8, UsuPuntoId: 21, PuntoNombre: 'Motor LA', ComponenteNombre: 'Motor', CondicionNombre: null, UsuCondicionId: 3 }),
  ];

  it('ALRM-020: start checked with the proposal as typed, except those from too few values', () => {
    const lines = initialLines(answer, 'es');
    expect(lines.map((l) => l.checked)).toEqual([true, true, false, true]);
    expect(lines[0].texts).toEqual(['0,862', '0,995', '1,194']);
    expect(lines[0].key).toBe('7:0');
    expect(lines[1].key).toBe('7:1');
  });

  it('ALRM-021: a line is changed when its values differ from the proposal', () => {
    const [l] = initialLines(answer, 'es');
    expect(lineChanged(l)).toBe(false);
    expect(lineChanged({ ...l, texts: ['0.862', '0,995', '1,1940'] })).toBe(false);
    expect(lineChanged({ ...l, texts: ['0,9', '0,995', '1,194'] })).toBe(true);
    expect(lineChanged({ ...l, texts: ['', '0,995', '1,194'] })).toBe(true);
  });

  it('ALRM-009, ALRM-010: the header filters keep the lines of the chosen points and conditions', () => {
    const lines = initialLines(answer, 'es');
    // ALRM-043: the machine's points (UsuPuntoVibracionID, NombreEs), each under its component.
    const components = [
      { UsuComponenteID: 10, NombreEs: 'Motor', NombreEn: 'Motor', ComentarioEs: '', ComentarioEn: '', ParametrosDinamicos: false, Potencia: null, VelocidadNominal: null },
      { UsuComponenteID: 11, NombreEs: 'Bomba centrífuga', NombreEn: 'Pump', ComentarioEs: '', ComentarioEn: '', ParametrosDinamicos: false, Potencia: null, VelocidadNominal: null },
    ];
    const points = [
      { UsuPuntoVibracionID: 22, NombreEs: 'Bomba LA', UsuComponenteId: 11 },
      { UsuPuntoVibracionID: 21, NombreEs: 'Motor LA', UsuComponenteId: 10 },
      { UsuPuntoVibracionID: 23, NombreEs: 'Motor LOA', UsuComponenteId: 10 },
    ];
    expect(pointFilters({ Componentes: components, Puntos: points })).toEqual([
      { value: 21, text: 'Motor · Motor LA' },
      { value: 23, text: 'Motor · Motor LOA' },
      { value: 22, text: 'Bomba centrífuga · Bomba LA' },
    ]);
    expect(conditionOptions(lines.map((l) => l.line)).map((c) => c.label)).toEqual(['Parada', 'Marcha', 'CDNG']);
    expect(shownLines(lines, { points: null, conditions: null })).toHaveLength(4);
    expect(shownLines(lines, { points: [22], conditions: null }).map((l) => l.key)).toEqual(['7:0', '7:1', '19:0']);
    expect(shownLines(lines, { points: [22], conditions: [2] }).map((l) => l.key)).toEqual(['19:0']);
  });

  it('ALRM-035: a save sends the checked lines of those shown, in thousandths', () => {
    const lines = initialLines(answer, 'es');
    lines[1] = { ...lines[1], texts: ['0,5', '0,6', '0,75'] };
    lines[3] = { ...lines[3], checked: false };
    const shown = shownLines(lines, { points: null, conditions: [1, 2, 3] });
    const toSave = linesToSave(shown);
    expect(savedLevels(toSave)).toEqual([
      { VrId: 7, Dir: 0, Av: 862, Al: 995, Pl: 1194 },
      { VrId: 7, Dir: 1, Av: 500, Al: 600, Pl: 750 },
    ]);
    // A filter hides a checked line: it is not sent.
    expect(savedLevels(linesToSave(shownLines(lines, { points: null, conditions: [2] })))).toEqual([]);
    // Wrong values of a line to save keep the save back.
    lines[0] = { ...lines[0], texts: ['1', '0,995', '1,194'] };
    expect(refusedLines(linesToSave(lines)).map((l) => l.key)).toEqual(['7:0']);
  });

  it('after a save, the saved lines show their values as current', () => {
    const lines = initialLines(answer, 'es');
    const after = afterSave(lines, [{ VrId: 7, Dir: 1, Av: 500, Al: 600, Pl: 750 }]);
    expect([after[1].line.ActualAviso, after[1].line.ActualAlarma, after[1].line.ActualPeligro]).toEqual([500, 600, 750]);
    expect(after[0]).toBe(lines[0]);
  });

  it('holds unsaved values while a line checked to be saved differs from what is stored, not once saved or unchecked', () => {
    const lines = initialLines(answer, 'es');
    expect(unsavedLines(lines)).toBe(true);
    const saved = afterSave(lines, savedLevels(linesToSave(lines)));
    expect(unsavedLines(saved)).toBe(false);
    expect(unsavedLines(saved.map((l, i) => (i === 0 ? { ...l, texts: ['0,9', l.texts[1], l.texts[2]] } : l)))).toBe(true);
    expect(unsavedLines(lines.map((l) => ({ ...l, checked: false })))).toBe(false);
  });
});

describe('the pager', () => {
  it('ALRM-015: 20 lines a page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageCount(72)).toBe(4);
  });

  it('ALRM-013: the current page with two neighbours each side', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(1, 10)).toEqual([1, 2, 3]);
    expect(pageList(2, 10)).toEqual([1, 2, 3, 4]);
    expect(pageList(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageList(10, 10)).toEqual([8, 9, 10]);
    expect(pageList(4, 4)).toEqual([2, 3, 4]);
    expect(pageList(12, 4)).toEqual([2, 3, 4]);
  });
});
