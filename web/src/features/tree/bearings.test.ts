import { describe, expect, it, vi } from 'vitest';
import type { Bearing } from '../../api/types';
import {
  bearingsBody,
  brandList,
  choiceOf,
  downloadable,
  dropRepeats,
  factoryValue,
  nearBottom,
  nextBearingPage,
  parseBearingValue,
  resolveBearings,
  templateValue,
} from './bearings';

const bearing = (id: number, modelo: string, guid = `guid-${id}`): Bearing => ({
  GenRodamientoID: id,
  GenRodamientoGUID: guid,
  Marca: 'SKF',
  Modelo: modelo,
  Bpfi: 5.4,
  Bpfo: 3.6,
  Ftf: 0.4,
  Bs: 2.4,
});

describe('bearing values', () => {
  it('TREE-106: a factory bearing is valued by its id plus /F', () => {
    expect(factoryValue(bearing(12, '6205'))).toBe('12/F');
    expect(parseBearingValue('12/F')).toEqual({ source: 'F', id: 12 });
  });

  it('TREE-108: a template bearing still to download is valued by its GUID plus /T', () => {
    const b = bearing(3, '6205', '4301c93b-ceda-4623-af97-32eac74492e8');
    expect(templateValue(b)).toBe('4301c93b-ceda-4623-af97-32eac74492e8/T');
    expect(parseBearingValue(templateValue(b))).toEqual({ source: 'T', guid: '4301c93b-ceda-4623-af97-32eac74492e8' });
  });

  it('TREE-107: a template with an all-zero GUID or a (Download) model is valued as a factory bearing', () => {
    expect(templateValue(bearing(7, '6205', '00000000-0000-0000-0000-000000000000'))).toBe('7/F');
    expect(templateValue(bearing(8, '6205 (Download)'))).toBe('8/F');
  });

  it('reads nothing from empty or malformed values', () => {
    for (const bad of [undefined, '', '12', '12/X', 'x/F', '0/F', '/T']) expect(parseBearingValue(bad)).toBeUndefined();
  });
});

describe('bearing lists', () => {
  it('TREE-114: offers the factory and common brands once each, by name', () => {
    expect(brandList({ Fabrica: ['SKF', 'Acme'], Comun: ['FAG', 'SKF', 'NSK'] })).toEqual(['Acme', 'FAG', 'NSK', 'SKF']);
    expect(brandList({ Fabrica: null, Comun: null })).toEqual([]);
    expect(brandList(undefined)).toEqual([]);
  });

  it('TREE-115: the download list leaves out the models the factory has', () => {
    const templates = [bearing(1, '6204'), bearing(2, '6205'), bearing(3, '6206')];
    expect(downloadable(templates, [bearing(101, '6205')]).map((b) => b.Modelo)).toEqual(['6204', '6206']);
  });

  it('TREE-117: pages of 20 are asked until the total is loaded', () => {
    const page = (n: number, total: number) => ({ Rodamientos: Array.from({ length: n }, (_, i) => bearing(i + 1, `62${i}`)), Total: total });
    expect(nextBearingPage([])).toBe(0);
    expect(nextBearingPage([page(20, 45)])).toBe(1);
    expect(nextBearingPage([page(20, 45), page(20, 45)])).toBe(2);
    expect(nextBearingPage([page(20, 45), page(20, 45), page(5, 45)])).toBeUndefined();
    expect(nextBearingPage([page(20, 20)])).toBeUndefined();
    // A page that comes back empty (the catalogue shrank meanwhile) ends the list.
    expect(nextBearingPage([page(20, 45), page(0, 45)])).toBeUndefined();
  });

  it('TREE-117: the next page loads when the list is scrolled near its bottom', () => {
    expect(nearBottom({ scrollTop: 0, clientHeight: 256, scrollHeight: 640 })).toBe(false);
    expect(nearBottom({ scrollTop: 350, clientHeight: 256, scrollHeight: 640 })).toBe(true);
  });
});

describe('bearing save', () => {
  const skf6205 = { Marca: 'SKF', Valor: '101/F', Rodamiento: bearing(101, '6205') };
  const skf6206 = { Marca: 'SKF', Valor: 'guid-3/T', Rodamiento: bearing(3, '6206') };

  it('TREE-119: later repeats among the four slots become none', () => {
    const { choices, repeated } = dropRepeats([skf6205, {}, skf6205, skf6206]);
    expect(repeated).toBe(true);
    expect(choices).toEqual([skf6205, {}, {}, skf6206]);
    expect(dropRepeats([skf6205, skf6206, undefined, { Marca: 'SKF' }]).repeated).toBe(false);
  });

  it('TREE-118: template bearings are downloaded first, then saved as factory bearings', async () => {
    const download = vi.fn(async (guid: string) => ({ ...bearing(102, '6206'), GenRodamientoGUID: `copy-of-${guid}` }));
    const { choices, repeated } = await resolveBearings([skf6206, skf6205, skf6206, undefined], download);
    // TREE-119: the repeated template is downloaded once and its later slot emptied.
    expect(download).toHaveBeenCalledTimes(1);
    expect(download).toHaveBeenCalledWith('guid-3');
    expect(repeated).toBe(true);
    expect(choices.map((c) => c.Valor)).toEqual(['102/F', '101/F', undefined, undefined]);
    expect(bearingsBody(choices)).toEqual({ Rodamiento1: { GenRodamientoID: 102 }, Rodamiento2: { GenRodamientoID: 101 } });
  });

  it('TREE-119: a template whose factory copy another slot holds is a repeat', async () => {
    const { choices, repeated } = await resolveBearings([skf6205, skf6206], async () => bearing(101, '6205'));
    expect(repeated).toBe(true);
    expect(choices.map((c) => c.Valor)).toEqual(['101/F', undefined]);
  });

  it('TREE-116: a slot with a brand but no model saves no bearing', () => {
    expect(bearingsBody([{ Marca: 'SKF' }, {}, undefined, skf6205])).toEqual({ Rodamiento4: { GenRodamientoID: 101 } });
  });

  it('TREE-094: a point bearing shows as its brand and factory value', () => {
    expect(choiceOf(bearing(101, '6205'))).toMatchObject({ Marca: 'SKF', Valor: '101/F' });
    expect(choiceOf(undefined)).toEqual({});
  });
});
