import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { EditorWrapper, type WrapperTab } from './EditorWrapper';
import type { NodeKind } from './model';

// One chunk per editor, loaded when first opened.
const SiteEditor = lazy(() => import('./editors/SiteEditor'));
const AreaEditor = lazy(() => import('./editors/AreaEditor'));
const MachineEditor = lazy(() => import('./editors/MachineEditor'));
const ComponentEditor = lazy(() => import('./editors/ComponentEditor'));
const PointEditor = lazy(() => import('./editors/PointEditor'));

/**
 * The wrapper screens and their tabs (TREE-001, TREE-003, TREE-004, TREE-005). Only the tabs
 * whose page exists are listed; later pages add a line here (e.g. machine 'alarm-edition').
 */
export const WRAPPERS: Record<NodeKind, WrapperTab[]> = {
  site: [{ path: '', label: (t) => t('tree.tabs.siteEdition'), page: SiteEditor }],
  area: [{ path: '', label: (t) => t('tree.tabs.areaEdition'), page: AreaEditor }],
  machine: [{ path: '', label: (t) => t('tree.tabs.machineEdition'), page: MachineEditor }],
  component: [{ path: '', label: (t) => t('tree.tabs.componentEdition'), page: ComponentEditor }],
  point: [{ path: '', label: (t) => t('tree.tabs.alertDevice'), page: PointEditor }],
};

function wrapperRoute(kind: NodeKind, path: string | undefined): RouteObject {
  const tabs = WRAPPERS[kind];
  return {
    path,
    element: <EditorWrapper kind={kind} tabs={tabs} />,
    children: tabs.map(({ path: sub, page: Page }) => (sub ? { path: sub, element: <Page /> } : { index: true, element: <Page /> })),
  };
}

/** Routes under /editor: the site wrapper at /editor itself, the others at /editor/<kind>. */
export const editorRoutes: RouteObject[] = [
  wrapperRoute('area', 'area'),
  wrapperRoute('machine', 'machine'),
  wrapperRoute('component', 'component'),
  wrapperRoute('point', 'point'),
  wrapperRoute('site', undefined),
];
