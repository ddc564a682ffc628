import { describe, expect, it } from 'vitest';
import { pathKind } from './model';
import { WRAPPERS } from './routes';
import { currentTab, sideBarUrl } from './sideBarRoutes';

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

  const MACHINE = { site: 1, area: 2, machine: 3 };
  const tabs = (kind: keyof typeof WRAPPERS) => WRAPPERS[kind].map((w) => w.path);
  const from = (pathname: string) => ({ tab: currentTab(pathname), tabs });

  it('reads the open tab from the URL path', () => {
    expect(['/editor', '/editor/data-cleaning', '/editor/machine', '/editor/machine/alarm-edition', '/editor/point/prediction', '/', '/bands'].map(currentTab)).toEqual([
      '',
      'data-cleaning',
      '',
      'alarm-edition',
      'prediction',
      '',
      '',
    ]);
  });

  it("TREE-006: a site or a machine opens on the tab open where its wrapper has it and keeps it, other nodes on their edition tab", () => {
    expect(sideBarUrl({ site: 5 }, undefined, from('/editor/machine/data-cleaning'))).toBe('/editor/data-cleaning?site=5');
    expect(sideBarUrl({ site: 5 }, undefined, from('/editor/alarms'))).toBe('/editor/alarms?site=5');
    expect(sideBarUrl(MACHINE, undefined, from('/editor/machine/alarm-edition'))).toBe('/editor/machine/alarm-edition?site=1&area=2&machine=3');
    expect(sideBarUrl(MACHINE, undefined, from('/editor/machine/reference-value-edition'))).toBe(
      '/editor/machine/reference-value-edition?site=1&area=2&machine=3',
    );
    // Empty: the edition tab; a tab the wrapper has not: the edition tab.
    expect(sideBarUrl({ site: 5 }, undefined, from('/editor/machine'))).toBe('/editor?site=5');
    expect(sideBarUrl(MACHINE, undefined, from('/editor/point/proteccion'))).toBe('/editor/machine?site=1&area=2&machine=3');
    // Areas, components and points have no such rule.
    expect(sideBarUrl({ site: 1, area: 2 }, undefined, from('/editor/data-cleaning'))).toBe('/editor/area?site=1&area=2');
  });

  it('TREE-007: a site does not keep alarm-edition, reference-value-edition, interventions, events, workconditions, templates, kossensor, kosalert10g nor kosgateway', () => {
    const everyTab = () => ['', 'data-cleaning', 'alarms', 'alarm-edition', 'reference-value-edition', 'interventions', 'events', 'workconditions', 'templates', 'kossensor', 'kosalert10g', 'kosgateway'];
    const kept = everyTab().filter((tab) => sideBarUrl({ site: 5 }, undefined, { tab, tabs: everyTab }) !== '/editor?site=5');
    expect(kept).toEqual(['data-cleaning', 'alarms']);
  });

  it('TREE-008: a machine does not keep alarms, interventions, events, workconditions, templates, prediction, api nor the three device products', () => {
    const everyTab = () => ['', 'data-cleaning', 'alarm-edition', 'alarms', 'interventions', 'events', 'workconditions', 'templates', 'prediction', 'api', 'kossensor', 'kosalert10g', 'kosgateway'];
    const edition = '/editor/machine?site=1&area=2&machine=3';
    const kept = everyTab().filter((tab) => sideBarUrl(MACHINE, undefined, { tab, tabs: everyTab }) !== edition);
    expect(kept).toEqual(['data-cleaning', 'alarm-edition']);
    expect(sideBarUrl(MACHINE, undefined, from('/editor/machine/interventions'))).toBe(edition);
  });
});
