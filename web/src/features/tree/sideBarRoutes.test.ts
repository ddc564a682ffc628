import { describe, expect, it } from 'vitest';
import { sideBarUrl } from './sideBarRoutes';

describe('sideBarUrl', () => {
  it('without published routes, a node opens its editor', () => {
    expect(sideBarUrl({ site: 1 }, undefined)).toBe('/editor?site=1');
    expect(sideBarUrl({ site: 1, area: 2 }, undefined)).toBe('/editor/area?site=1&area=2');
  });

  it("opens the published route of the node's kind with the node's query, nothing for other kinds", () => {
    const routes = { machine: '/editor/machine/alarm-edition' };
    expect(sideBarUrl({ site: 1, area: 2, machine: 3 }, routes)).toBe('/editor/machine/alarm-edition?site=1&area=2&machine=3');
    expect(sideBarUrl({ site: 1, area: 2 }, routes)).toBeUndefined();
  });
});
