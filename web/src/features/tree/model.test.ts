import { describe, expect, it } from 'vitest';
import {
  ancestorKeys,
  editorUrl,
  isHorizontal,
  nodeKey,
  parentPath,
  parseNodeKey,
  pathFromRoute,
  pathFromSearch,
  pathKind,
} from './model';

describe('tree model', () => {
  it('TREE-001 TREE-003 TREE-004: editor URLs use the wrappers base routes and query ids', () => {
    expect(editorUrl({ site: 1 })).toBe('/editor?site=1');
    expect(editorUrl({ site: 1, area: 2 })).toBe('/editor/area?site=1&area=2');
    expect(editorUrl({ site: 1, area: 2, machine: 3 })).toBe('/editor/machine?site=1&area=2&machine=3');
    expect(editorUrl({ site: 1, area: 2, machine: 3 }, 'alarm-edition')).toBe(
      '/editor/machine/alarm-edition?site=1&area=2&machine=3',
    );
    expect(editorUrl({})).toBe('/');
  });

  // TREE-083: point route parameters are site, area, machine, component, point, orientation.
  it('TREE-083: a point URL carries site, area, machine, component, point and orientation', () => {
    const path = { site: 1, area: 2, machine: 3, component: 4, point: 5, orientation: 2 };
    const url = editorUrl(path);
    expect(url).toBe('/editor/point?site=1&area=2&machine=3&component=4&point=5&orientation=2');
    expect(pathFromSearch(new URL(url, 'http://x').searchParams)).toEqual(path);
  });

  it('reads only positive integer ids from a query', () => {
    expect(pathFromSearch(new URLSearchParams('site=1&area=x&machine=-2&component=0'))).toEqual({ site: 1 });
  });

  it('finds the deepest node, its parent and the nodes to expand', () => {
    const path = { site: 1, area: 2, machine: 3 };
    expect(pathKind(path)).toBe('machine');
    expect(parentPath(path)).toEqual({ site: 1, area: 2 });
    expect(parentPath({ site: 1 })).toEqual({});
    expect(ancestorKeys(path)).toEqual(['site:1', 'area:2']);
    expect(parentPath({ site: 1, area: 2, machine: 3, component: 4, point: 5, orientation: 1 })).toEqual({
      site: 1,
      area: 2,
      machine: 3,
      component: 4,
    });
  });

  it('builds a path from a search result route', () => {
    const route = [
      { Tipo: 'site' as const, ID: 1 },
      { Tipo: 'area' as const, ID: 2 },
      { Tipo: 'machine' as const, ID: 3 },
    ];
    expect(pathFromRoute(route)).toEqual({ site: 1, area: 2, machine: 3 });
  });

  it('round-trips side-bar keys', () => {
    expect(parseNodeKey(nodeKey('component', 9))).toEqual({ Tipo: 'component', ID: 9 });
    expect(parseNodeKey('bogus:1')).toBeUndefined();
    expect(parseNodeKey('site:abc')).toBeUndefined();
  });

  // TREE-092
  it('TREE-092: a point is horizontal when the orientation is 1', () => {
    expect(isHorizontal(1)).toBe(true);
    expect(isHorizontal(2)).toBe(false);
    expect(isHorizontal(undefined)).toBe(false);
  });
});
