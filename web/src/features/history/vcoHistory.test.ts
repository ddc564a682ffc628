import { describe, expect, it } from 'vitest';
import { chartValue } from './chartText';
import { TEXT_MAX, interventionBody, textProblem, type Intervention } from './interventions';
import dayjs from 'dayjs';
import {
  BAND_COLORS,
  DEFAULT_PERIOD,
  changeUnit,
  clampCount,
  conditionBands,
  conditionSpans,
  interventionMarks,
  markText,
  periodOf,
  vcoSeries,
} from './vcoHistory';

describe('the date filter of the change history (days, months or years)', () => {
  const now = new Date('2026-03-31T10:00:00Z');

  it('reaches back the chosen number of days, months or years', () => {
    expect(periodOf({ count: 30, unit: 'day' }, now)).toEqual({ FechaInicio: '2026-03-01T10:00:00.000Z', FechaFin: '2026-03-31T10:00:00.000Z' });
    expect(periodOf({ count: 1, unit: 'month' }, now).FechaInicio).toMatch(/^2026-02-28T/);
    expect(periodOf({ count: 2, unit: 'year' }, now).FechaInicio).toMatch(/^2024-03-31T/);
    expect(DEFAULT_PERIOD).toEqual({ count: 30, unit: 'day' });
  });

  it('keeps the number whole, from 1 to ten years of the unit', () => {
    expect(clampCount(0, 'day')).toBe(1);
    expect(clampCount(null, 'day')).toBe(1);
    expect(clampCount(2.6, 'month')).toBe(3);
    expect(clampCount(5000, 'day')).toBe(3650);
    expect(clampCount(500, 'month')).toBe(120);
    expect(clampCount(30, 'year')).toBe(10);
    expect(changeUnit({ count: 30, unit: 'day' }, 'year')).toEqual({ count: 10, unit: 'year' });
    expect(changeUnit({ count: 6, unit: 'day' }, 'month')).toEqual({ count: 6, unit: 'month' });
  });
});

describe('the values drawn', () => {
  it('are the mean of each start and end value, divided by 1000, in time order', () => {
    expect(
      vcoSeries([
        { Fecha: '2026-03-02T00:00:00Z', Inicio: 1480000, Fin: 1482000 },
        { Fecha: '2026-03-01T00:00:00Z', Inicio: 10000, Fin: 20000 },
      ]),
    ).toEqual({ times: [1772323200, 1772409600], values: [15, 1481] });
  });

  it('read with the language’s decimal mark', () => {
    expect(chartValue(1481.5, 'es')).toBe('1481,5');
    expect(chartValue(1481.5, 'en')).toBe('1,481.5');
    expect(chartValue(2.125, 'fr')).toBe('2,125');
  });
});

describe('conditions and interventions on the chart', () => {
  it('gives each condition its own colour and its bounds, open where it has none', () => {
    expect(
      conditionBands([
        { Nombre: 'Parada', Maximo: '10.000' },
        { Nombre: 'Marcha', Minimo: '10.000', Maximo: null },
        { Nombre: 'Media ', Minimo: '5,5', Maximo: '30' },
        { Nombre: 'Sin límites', Minimo: '', Maximo: '' },
      ]),
    ).toEqual([
      { label: 'Parada', color: BAND_COLORS[0], from: null, to: 10 },
      { label: 'Marcha', color: BAND_COLORS[1], from: 10, to: null },
      { label: 'Media', color: BAND_COLORS[2], from: 5.5, to: 30 },
    ]);
  });

  it('shades the stretches of time each condition held, read from the values', () => {
    const bands = conditionBands([
      { Nombre: 'Parada', Maximo: '10' },
      { Nombre: 'Marcha', Minimo: '10', Maximo: '1500' },
    ]);
    const [stopped, running] = BAND_COLORS;
    // Running, stopped overnight (10 rpm is still stopped: the first condition that holds it),
    // running again, then a value no condition holds.
    expect(conditionSpans(bands, [0, 10, 20, 30, 40, 50, 60], [1480, 1490, 3, 10, 1470, 1475, 1600])).toEqual([
      { color: running, from: 0, to: 20 },
      { color: stopped, from: 20, to: 40 },
      { color: running, from: 40, to: 60 },
    ]);
    // The last value holds its condition at its own time only.
    expect(conditionSpans(bands, [0, 10], [1480, 0])).toEqual([
      { color: running, from: 0, to: 10 },
      { color: stopped, from: 10, to: 10 },
    ]);
    expect(conditionSpans([], [0, 10], [1, 2])).toEqual([]);
  });

  const intervention = (id: number, Fecha: string, Texto: string): Intervention => ({ UsuIntervencionID: id, UsuMaquinaId: 5, Fecha, Texto, Autor: 'Elena' });

  it('marks the interventions of the period, oldest first, each with the first line of its text', () => {
    const period = { FechaInicio: '2026-03-01T00:00:00Z', FechaFin: '2026-03-31T00:00:00Z' };
    const marks = interventionMarks(
      [
        intervention(3, '2026-03-20T08:30:00Z', 'Cambio de rodamiento LOA\ncon grasa nueva'),
        intervention(2, '2026-02-10T08:00:00Z', 'Antes del periodo'),
        intervention(1, '2026-03-02T12:00:00Z', 'Alineación'),
      ],
      period,
    );
    expect(marks.map((m) => [m.id, m.label])).toEqual([
      [1, 'Alineación'],
      [3, 'Cambio de rodamiento LOA'],
    ]);
    expect(marks[1].time).toBe(Date.parse('2026-03-20T08:30:00Z') / 1000);
    expect(marks[1].text).toBe('Cambio de rodamiento LOA\ncon grasa nueva');
  });

  it('cuts a long text on its mark', () => {
    expect(markText('Sustitución completa del acoplamiento elástico')).toBe('Sustitución completa de…');
    expect(markText('Sustitución completa del acoplamiento elástico').length).toBeLessThanOrEqual(24);
  });
});

describe('an intervention’s form', () => {
  it('requires a text of up to 1000 characters', () => {
    expect(textProblem('')).toBe('required');
    expect(textProblem('   ')).toBe('required');
    expect(textProblem(undefined)).toBe('required');
    expect(textProblem('x'.repeat(TEXT_MAX))).toBeNull();
    expect(textProblem('x'.repeat(TEXT_MAX + 1))).toBe('max');
  });

  it('sends the date in UTC to the minute and the text trimmed', () => {
    expect(interventionBody(dayjs('2026-11-20T08:30:45.123Z'), '  Engrase  ')).toEqual({ Fecha: '2026-11-20T08:30:00.000Z', Texto: 'Engrase' });
  });
});
