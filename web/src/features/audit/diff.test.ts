import { describe, expect, it } from 'vitest';
import { diffFields } from './diff';

describe('diffFields', () => {
  it('marks the fields that changed, keeps the others, and lists added and removed ones', () => {
    const rows = diffFields(
      { NombreEs: 'Bomba P-1', Kw: 55, Online: false, Viejo: 'x' },
      { NombreEs: 'Bomba P-2', Kw: 55, Online: false, Nuevo: null },
    );
    expect(rows).toEqual([
      { field: 'NombreEs', before: 'Bomba P-1', after: 'Bomba P-2', changed: true },
      { field: 'Kw', before: '55', after: '55', changed: false },
      { field: 'Online', before: 'false', after: 'false', changed: false },
      { field: 'Viejo', before: 'x', after: undefined, changed: true },
      { field: 'Nuevo', before: undefined, after: 'null', changed: true },
    ]);
  });

  it('walks nested objects and lists by path', () => {
    const rows = diffFields({ Condiciones: [{ Nombre: 'A', Rangos: [1] }] }, { Condiciones: [{ Nombre: 'A', Rangos: [1, 2] }] });
    expect(rows.filter((r) => r.changed)).toEqual([{ field: 'Condiciones[0].Rangos[1]', before: undefined, after: '2', changed: true }]);
    expect(rows.map((r) => r.field)).toEqual(['Condiciones[0].Nombre', 'Condiciones[0].Rangos[0]', 'Condiciones[0].Rangos[1]']);
  });

  it('shows a creation as after only, a deletion as before only, and a bare value as one row', () => {
    expect(diffFields(null, { A: 1 })).toEqual([{ field: 'A', before: undefined, after: '1', changed: true }]);
    expect(diffFields({ A: 1 }, null)).toEqual([{ field: 'A', before: '1', after: undefined, changed: true }]);
    expect(diffFields(null, true)).toEqual([{ field: '', before: undefined, after: 'true', changed: true }]);
    expect(diffFields({ L: [] }, { L: [] })).toEqual([{ field: 'L', before: '[]', after: '[]', changed: false }]);
  });
});
