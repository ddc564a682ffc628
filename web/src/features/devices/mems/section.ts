// The MEMS section's rules: who may open it and where its side-bar leads.
import { isEditor } from '../../../app/roles';
import { EDITOR_BASE } from '../../tree/model';
import type { SideBarRoutes } from '../../tree/sideBarRoutes';

/** Base route of the section; its index is the KOS Sensor screen. */
export const MEMS_BASE = '/mems';

/**
 * Whether a user of these types may open the MEMS section and its screens: ADMIN or U_EDITOR
 * (AUTH-004); everyone else is sent to /error (AUTH-005).
 */
export function mayUseMems(tipos: readonly string[] | null | undefined): boolean {
  return isEditor(tipos);
}

/**
 * The routes the section's side-bar links to (TREE-011): machines, components and points, where
 * sensors are installed, open their editors; sites and areas only open in the tree.
 */
export const MEMS_SIDEBAR_ROUTES: SideBarRoutes = {
  point: EDITOR_BASE.point,
  component: EDITOR_BASE.component,
  machine: EDITOR_BASE.machine,
};
