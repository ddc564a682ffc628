import { describe, expect, it } from 'vitest';
import { clampPage, filterQuery, lastPage, NO_FILTER, pageRange, verifyFactory } from './list';

describe('filterQuery', () => {
  it('EQP-029, EQP-030: sends only the filled fields, texts trimmed', () => {
    expect(filterQuery(NO_FILTER)).toEqual({});
    expect(filterQuery({ NumeroSerie: ' KS-001 ', Alias: '   ' })).toEqual({ NumeroSerie: 'KS-001' });
    expect(filterQuery({ NumeroSerie: '', Alias: 'Nave 1', ModoMedicion: 'PREDICCION' })).toEqual({
      Alias: 'Nave 1',
      ModoMedicion: 'PREDICCION',
    });
  });
});

describe('paging', () => {
  it('EQP-029: a page asks rows from (inclusive) to (exclusive)', () => {
    expect(pageRange(1, 10)).toEqual({ from: 0, to: 10 });
    expect(pageRange(2, 10)).toEqual({ from: 10, to: 20 });
    expect(pageRange(3, 20)).toEqual({ from: 40, to: 60 });
    expect(pageRange(0, 10)).toEqual({ from: 0, to: 10 });
  });

  it('counts the pages of a total, an empty list having one', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(12, 10)).toBe(2);
    expect(lastPage(41, 20)).toBe(3);
  });

  it('keeps the page within the pages the total has', () => {
    expect(clampPage(2, 12, 10)).toBe(2);
    expect(clampPage(2, 3, 10)).toBe(1);
    expect(clampPage(5, 0, 10)).toBe(1);
    expect(clampPage(0, 30, 10)).toBe(1);
  });
});

describe('verifyFactory', () => {
  const at = (UsuFabricaId: number | null) => ({
    Asignacion: { DistribuidorId: null, SocioId: null, UsuFabricaId, UsuCentroId: null, Nombre: 'x' },
  });

  it('EQP-042: verifies a sensor for the factory it is assigned to, else the current one', () => {
    expect(verifyFactory(at(3), 1)).toBe(3);
    expect(verifyFactory(at(null), 1)).toBe(1);
    expect(verifyFactory({ Asignacion: null }, 1)).toBe(1);
    expect(verifyFactory({ Asignacion: null }, undefined)).toBeUndefined();
  });
});
