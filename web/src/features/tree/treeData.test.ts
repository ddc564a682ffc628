import { describe, expect, it } from 'vitest';
import type { MachineVco, TreeNode } from '../../api/types';
import { buildTree, treeItems, type Branch, type TreeItem } from './treeData';
import { machineVcoGroup } from '../operating/machineVco';

const lists: Record<string, TreeNode[]> = {
  'factory:1': [{ Tipo: 'site', ID: 1, Nombre: 'Centro Norte', Hijos: true }],
  'site:1': [{ Tipo: 'area', ID: 2, Nombre: 'Bombeo', Hijos: true }],
  'area:2': [{ Tipo: 'machine', ID: 3, Nombre: 'Bomba', Hijos: true }],
  'machine:3': [{ Tipo: 'component', ID: 4, Nombre: 'Motor', Hijos: true, Orientacion: 2 }],
  'component:4': [{ Tipo: 'point', ID: 5, Nombre: 'LOA', Hijos: false }],
};

function build(expanded: string[], branch: (key: string) => Branch = (k) => lists[k] ?? 'loading') {
  return buildTree(
    { Tipo: 'factory', ID: 1 },
    { branch, expanded: new Set(expanded), loadingText: 'Cargando…', errorText: 'Error' },
  ) as TreeItem[];
}

describe('buildTree', () => {
  it('shows only the children of expanded nodes, with their paths', () => {
    const tree = build(['site:1']);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ key: 'site:1', title: 'Centro Norte', isLeaf: false, path: { site: 1 } });
    const area = tree[0].children?.[0];
    expect(area).toMatchObject({ key: 'area:2', path: { site: 1, area: 2 }, isLeaf: false });
    expect(area?.children).toBeUndefined();
  });

  it('gives points the mounting of their component as orientation', () => {
    const tree = build(['site:1', 'area:2', 'machine:3', 'component:4']);
    const point = tree[0].children?.[0].children?.[0].children?.[0].children?.[0];
    expect(point).toMatchObject({
      key: 'point:5',
      isLeaf: true,
      path: { site: 1, area: 2, machine: 3, component: 4, point: 5, orientation: 2 },
    });
    expect([...treeItems(tree).keys()]).toEqual(['site:1', 'area:2', 'machine:3', 'component:4', 'point:5']);
  });

  it('holds a placeholder while a branch loads or after it failed', () => {
    const loading = build(['site:1'], (k) => (k === 'site:1' ? 'loading' : (lists[k] ?? 'loading')));
    expect(loading[0].children).toEqual([expect.objectContaining({ key: 'site:1/loading', selectable: false })]);
    const failed = build(['site:1'], (k) => (k === 'site:1' ? 'error' : (lists[k] ?? 'loading')));
    expect(failed[0].children?.[0].title).toBe('Error');
  });

  it('builds an area of 1,000 machines', () => {
    const many: TreeNode[] = Array.from({ length: 1000 }, (_, i) => ({ Tipo: 'machine', ID: i + 10, Nombre: `M${i}`, Hijos: true }));
    const tree = build(['site:1', 'area:2'], (k) => (k === 'area:2' ? many : (lists[k] ?? 'loading')));
    expect(tree[0].children?.[0].children).toHaveLength(1000);
  });

  describe('the machine group VCO/V de máquina', () => {
    const speed: MachineVco = {
      UsuVco_vId: 21,
      NombreEs: 'Velocidad',
      NombreEn: 'Speed',
      Tipo: { EnumTipoVcoID: 'VCO' },
      FactorConversion: '1.0000',
      Tacometro: true,
      Posicion: 99,
    };
    const withVcos = (expanded: string[], vcos: readonly MachineVco[] | 'loading', machineLists = lists) =>
      buildTree(
        { Tipo: 'factory', ID: 1 },
        {
          branch: (k) => machineLists[k] ?? 'loading',
          expanded: new Set(expanded),
          loadingText: 'Cargando…',
          errorText: 'Error',
          groups: (kind, id, path) =>
            kind === 'machine' ? [machineVcoGroup(id, path, vcos, { title: 'VCO/V de máquina', name: (v) => v.NombreEs })] : [],
        },
      ) as TreeItem[];

    it('comes first under the machine and opens the VCO page', () => {
      const tree = withVcos(['site:1', 'area:2', 'machine:3', 'vcos:3'], [speed]);
      const machine = tree[0].children?.[0].children?.[0];
      expect(machine?.children?.map((c) => c.key)).toEqual(['vcos:3', 'component:4']);
      expect(machine?.children?.[0]).toMatchObject({ title: 'VCO/V de máquina', group: true, isLeaf: false });
      expect(machine?.children?.[0].children).toEqual([
        expect.objectContaining({ key: 'vco:3:21', title: 'Velocidad', isLeaf: true, url: '/editor/machine-vco?site=1&area=2&machine=3&vco=21' }),
      ]);
    });

    it('keeps a machine without components open for its group, a leaf while empty', () => {
      const bare = { ...lists, 'area:2': [{ Tipo: 'machine', ID: 3, Nombre: 'Bomba', Hijos: false }] as TreeNode[] };
      const tree = withVcos(['site:1', 'area:2', 'machine:3'], [], bare);
      const machine = tree[0].children?.[0].children?.[0];
      expect(machine?.isLeaf).toBe(false);
      expect(machine?.children).toEqual([expect.objectContaining({ key: 'vcos:3', isLeaf: true })]);
    });

    it('holds a placeholder while the list loads', () => {
      const tree = withVcos(['site:1', 'area:2', 'machine:3', 'vcos:3'], 'loading');
      const group = tree[0].children?.[0].children?.[0].children?.[0];
      expect(group?.children).toEqual([expect.objectContaining({ key: 'vcos:3/loading', selectable: false })]);
    });
  });
});
