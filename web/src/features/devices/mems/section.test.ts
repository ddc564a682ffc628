import { describe, expect, it } from 'vitest';
import { sideBarUrl } from '../../tree/sideBarRoutes';
import { MEMS_SIDEBAR_ROUTES, mayUseMems } from './section';

describe('mayUseMems', () => {
  it('AUTH-004: ADMIN and U_EDITOR, alone or among other types, open the MEMS section', () => {
    expect(mayUseMems(['ADMIN'])).toBe(true);
    expect(mayUseMems(['U_EDITOR'])).toBe(true);
    expect(mayUseMems(['U_LECTOR', 'U_EDITOR'])).toBe(true);
  });

  it('AUTH-005: any other type, or none, does not', () => {
    expect(mayUseMems(['U_LECTOR'])).toBe(false);
    expect(mayUseMems(['admin', 'u_editor'])).toBe(false);
    expect(mayUseMems([])).toBe(false);
    expect(mayUseMems(null)).toBe(false);
  });
});

describe('MEMS_SIDEBAR_ROUTES', () => {
  it('TREE-011: machines, components and points open /editor/machine, /editor/component and /editor/point', () => {
    expect(sideBarUrl({ site: 1, area: 2, machine: 3 }, MEMS_SIDEBAR_ROUTES)).toBe('/editor/machine?site=1&area=2&machine=3');
    expect(sideBarUrl({ site: 1, area: 2, machine: 3, component: 4 }, MEMS_SIDEBAR_ROUTES)).toBe(
      '/editor/component?site=1&area=2&machine=3&component=4',
    );
    expect(sideBarUrl({ site: 1, area: 2, machine: 3, component: 4, point: 5, orientation: 2 }, MEMS_SIDEBAR_ROUTES)).toBe(
      '/editor/point?site=1&area=2&machine=3&component=4&point=5&orientation=2',
    );
  });

  it('TREE-011: sites and areas open no page from the section', () => {
    expect(sideBarUrl({ site: 1 }, MEMS_SIDEBAR_ROUTES)).toBeUndefined();
    expect(sideBarUrl({ site: 1, area: 2 }, MEMS_SIDEBAR_ROUTES)).toBeUndefined();
  });
});
