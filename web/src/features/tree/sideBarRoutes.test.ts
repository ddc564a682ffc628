import { describe, expect, it } from 'vitest';
import { pathKind } from './model';
import { sideBarUrl } from './sideBarRoutes';

describe('sideBarUrl', () => {
  it('without published routes, a node opens its editor', () => {
    // TREE-014: the current site of the tree opens the site editor, the 'site' kind's page at /editor.
    expect(sideBarUrl({ site: 1 }, undefined)).toBe('/editor?site=1');
    expect(pathKind({ site: 1 })).toBe('site');
    expect(sideBarUrl({ site: 1, area: 2 }, undefined)).toBe('/editor/area?site=1&area=2');
    // MACH-001: a machine of the side tree opens the machine editor.
    expect(sideBarUrl({ site: 1, area: 2, machine: 3 }, undefined)).toBe('/editor/machine?site=1&area=2&machine=3');
  });

  it("opens the published route of the node's kind with the node's query, nothing for other kinds", () => {
    const routes = { machine: '/editor/machine/alarm-edition' };
    expect(sideBarUrl({ site: 1, area: 2, machine: 3 }, routes)).toBe('/editor/machine/alarm-edition?site=1&area=2&machine=3');
    expect(sideBarUrl({ site: 1, area: 2 }, routes)).toBeUndefined();
  });
});
