import { describe, expect, it } from 'vitest';
import { buildColumn } from '../catalog/columns';
import type { CatalogItem } from '../catalog/kind';
import {
  ASSOC_SCREENS,
  MPV,
  MPVD,
  MPVP,
  assocSelection,
  itemsOf,
  pointGroups,
  screenAt,
  screenKind,
  screenOf,
  screenUrl,
  type AssociatedItem,
} from './associations';

const path = { site: 1, area: 2, machine: 3, component: 4, point: 5, orientation: 1 };

describe('association screens', () => {
  it('are at the spec routes (VCV-004, VCV-005, VCP-001)', () => {
    expect(ASSOC_SCREENS.map((s) => s.route)).toEqual(
      expect.arrayContaining(['vcv-lr', 'vcv-hr', 'vcv-digital-lr', 'vcv-digital-hr', 'vcv-digital-dm', 'vcv-digital-mg', 'vcps']),
    );
    expect(screenAt('/editor/vcv-hr')).toMatchObject({ assoc: MPV, range: 'AR' });
    expect(screenAt('/editor/vcv-digital-mg')).toMatchObject({ assoc: MPVD, range: 'MG' });
    expect(screenAt('/editor/machine')).toBeUndefined();
  });

  it('name the point and, on the associated-item screen, the item (VCV-017, VCV-018)', () => {
    expect(screenUrl(screenOf(MPV, 'BR'), path)).toBe('/editor/vcv-lr?site=1&area=2&machine=3&component=4&point=5&orientation=1');
    expect(screenUrl(screenOf(MPVD, 'DM'), path, 'g-1')).toBe(
      '/editor/vcv-digital-dm?site=1&area=2&machine=3&component=4&point=5&orientation=1&vcv=g-1',
    );
    expect(screenUrl(screenOf(MPVP), path, '7')).toContain('/editor/vcps?');
    // An unknown range falls back to the kind's first listing (VCV-042).
    expect(screenOf(MPV, 'MG').route).toBe('vcv-lr');
  });

  it('select the item, or the kind group, under its point in the side-bar', () => {
    const params = new URLSearchParams('vcv=12');
    expect(assocSelection('/editor/vcv-hr', path, params)).toEqual({
      selected: 'assoc:5:MPV:12',
      expand: ['site:1', 'area:2', 'machine:3', 'component:4', 'point:5', 'assoc:5:MPV'],
    });
    expect(assocSelection('/editor/vcps', path, new URLSearchParams())?.selected).toBe('assoc:5:MPVP');
    expect(assocSelection('/editor/point', path, params)).toBeUndefined();
  });
});

describe('a point in the side-bar', () => {
  const list: AssociatedItem[] = [
    { Tipo: 'MPV', Clave: '2', NombreEs: 'Global AR', NombreEn: 'Global HR', Rango: 'AR' },
    { Tipo: 'MPV', Clave: '1', NombreEs: 'Uno x', NombreEn: 'One x', Rango: 'BR' },
    { Tipo: 'MPVP', Clave: '9', NombreEs: 'Temperatura', NombreEn: 'Temperatura' },
  ];

  it('holds its VCVs by range, the range code as the language writes it, and its VCPs apart, each opening its screen', () => {
    expect(itemsOf(list, 'MPV').map((a) => a.Clave)).toEqual(['1', '2']);
    const range = (code: string) => ({ BR: 'LR', AR: 'HR' })[code] ?? code;
    const groups = pointGroups(5, path, list, { title: (a) => a.tipo, name: (a) => a.NombreEs, range });
    expect(groups.map((g) => g.key)).toEqual(['assoc:5:MPV', 'assoc:5:MPVD', 'assoc:5:MPVP']);
    expect(groups[0].url).toContain('/editor/vcv-lr?');
    expect(groups[0].items).toEqual([
      expect.objectContaining({ key: 'assoc:5:MPV:1', title: 'LR · Uno x', url: expect.stringContaining('/editor/vcv-lr?') }),
      expect.objectContaining({ key: 'assoc:5:MPV:2', title: 'HR · Global AR', url: expect.stringContaining('/editor/vcv-hr?') }),
    ]);
    expect(groups[1].items).toEqual([]);
    expect(groups[2].items).toEqual([expect.objectContaining({ title: 'Temperatura', url: expect.stringContaining('vcp=9') })]);
  });

  it('shows its groups loading while the list loads', () => {
    expect(pointGroups(5, path, 'loading', { title: () => '', name: () => '', range: () => '' }).map((g) => g.items)).toEqual(['loading', 'loading', 'loading']);
  });
});

describe('a VCV list screen', () => {
  const vcv = (id: number, Rango: string, Frecuencia = 'ORDENES'): CatalogItem => ({ UsuVcvID: id, NombreEs: `V${id}`, Banda: { Rango, Frecuencia } });

  it("populates its range's sub-tree only (VCV-011), the counts too", () => {
    const kind = screenKind(screenOf(MPV, 'AR'));
    const [group] = buildColumn([kind], [[vcv(1, 'BR'), vcv(2, 'AR'), vcv(3, 'AR', 'CPMS')]], {
      side: 'factory',
      language: 'es',
      label: () => 'VCV',
      loadingText: '',
      errorText: '',
    });
    expect(group.count).toBe(2);
    const orders = group.children?.find((g) => g.key === 'group:vcv:ORDENES');
    expect(orders?.count).toBe(1);
    expect(orders?.children?.map((g) => g.key)).toEqual(['group:vcv:ORDENES/AR']);
    expect(orders?.children?.[0].children?.map((n) => n.id)).toEqual(['2']);
  });

  it("marks the factory items associated to the screen's point", () => {
    const options = { language: 'es', label: () => 'VCV', loadingText: '', errorText: '', associated: new Set(['2']) };
    const kind = screenKind(screenOf(MPV, 'AR'));
    const leaves = (side: 'factory' | 'template') =>
      buildColumn([kind], [[vcv(2, 'AR')]], { ...options, side })[0].children?.[0].children?.[0].children ?? [];
    expect(leaves('factory')[0].associated).toBe(true);
    expect(leaves('template')[0].associated).toBe(false);
  });

  it('of VCPs lists every type (VCP-004)', () => {
    expect(screenKind(screenOf(MPVP))).toBe(MPVP.kind);
  });
});
