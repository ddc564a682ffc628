import { describe, expect, it } from 'vitest';
import type { MachineAlarm } from '../assoc/api';
import { cleaningChoices, fileProblem, importReasons } from './history';

describe('importReasons', () => {
  it('places each reason on its CSV line, its JSON entry, or nowhere; the count of those left out is no reason', () => {
    expect(
      importReasons([
        { code: 'bad_date', message: 'La fecha no es válida.', field: 'Lineas[12].Fecha' },
        { code: 'bad_line', message: 'Cuatro valores.', field: 'Lineas[3]' },
        { code: 'foreign_series', message: 'Otra máquina.', field: 'Valores[0].VrId' },
        { code: 'invalid', message: 'No es JSON.', field: 'body' },
        { code: 'more_errors', message: 'Y 25 errores más.' },
      ]),
    ).toEqual({
      reasons: [
        { line: 12, field: 'Fecha', message: 'La fecha no es válida.' },
        { line: 3, field: undefined, message: 'Cuatro valores.' },
        { list: 'Valores', index: 0, field: 'VrId', message: 'Otra máquina.' },
        { field: 'body', message: 'No es JSON.' },
      ],
      more: 'Y 25 errores más.',
    });
    expect(importReasons([{ code: 'bad_line', message: 'Cuatro valores.', field: 'Lineas[3]' }]).more).toBeUndefined();
  });
});

function row(point: number, item: number, condition: number, name: string | null): MachineAlarm {
  return {
    UsuValorReferenciaID: item * 10 + condition,
    Tipo: 'MPV',
    UsuMaqPuntoVcvId: item,
    UsuComponenteId: 1,
    ComponenteNombre: 'Motor',
    UsuPuntoVibracionID: point,
    PuntoNombre: `P${point}`,
    VcvNombre: `VCV ${item}`,
    TipoVcp: '',
    Rango: 'BR',
    Orientacion: 0,
    Direccion: 0,
    UsuCondicionId: condition,
    CondicionNombre: name,
    VrAviso: null,
    VrAlarma: null,
    VrPeligro: null,
  };
}

describe('fileProblem', () => {
  it('refuses a file neither CSV nor JSON by its name or type, then an empty one', () => {
    expect(fileProblem({ name: 'valores.csv', size: 10, type: '' })).toBeUndefined();
    expect(fileProblem({ name: 'LOTE.JSON', size: 10, type: '' })).toBeUndefined();
    expect(fileProblem({ name: 'export', size: 10, type: 'text/csv' })).toBeUndefined();
    expect(fileProblem({ name: 'notas.txt', size: 10, type: 'text/plain' })).toBe('format');
    expect(fileProblem({ name: 'notas.txt', size: 0, type: 'text/plain' })).toBe('format');
    expect(fileProblem({ name: 'vacio.csv', size: 0, type: 'text/csv' })).toBe('empty');
  });
});

describe('cleaningChoices', () => {
  const rows = [row(1, 10, 1, 'Parada'), row(1, 10, 2, 'Marcha'), row(1, 11, 1, 'Parada'), row(2, 20, 0, null)];

  it('offers every point, item and condition of the machine at first', () => {
    const c = cleaningChoices(rows);
    expect(c.points).toEqual([
      { value: 1, label: 'Motor · P1' },
      { value: 2, label: 'Motor · P2' },
    ]);
    expect(c.items.map((i) => i.label)).toEqual(['P1 · VCV 10', 'P1 · VCV 11', 'P2 · VCV 20']);
    expect(c.conditions).toEqual([
      { value: 1, label: 'Parada' },
      { value: 2, label: 'Marcha' },
      { value: 0, label: 'CDNG' },
    ]);
  });

  it('narrows the items to the point and the conditions to the item', () => {
    const c = cleaningChoices(rows, 1, 11);
    expect(c.items).toEqual([
      { value: 10, label: 'VCV 10' },
      { value: 11, label: 'VCV 11' },
    ]);
    expect(c.conditions).toEqual([{ value: 1, label: 'Parada' }]);
  });
});
