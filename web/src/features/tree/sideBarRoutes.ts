// Where a click on a side-bar node leads. By default each node opens its kind's editor; a
// section screen outside the editors (the MEMS section, TREE-011) publishes the routes its
// side-bar links to while it is shown. A small store outside React: the side-bar and the
// section sit in different branches of the layout.
import { useEffect, useSyncExternalStore } from 'react';
import { EDITOR_BASE, editorUrl, pathKind, type NodeKind, type NodePath } from './model';

/** The route a click on a node of each kind opens; kinds left out open nothing. */
export type SideBarRoutes = Partial<Record<NodeKind, string>>;

let published: SideBarRoutes | undefined;
const listeners = new Set<() => void>();

function publish(routes: SideBarRoutes | undefined) {
  published = routes;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => published;

/** Publishes `routes` (a module constant) as the side-bar's while the calling screen is mounted. */
export function usePublishSideBarRoutes(routes: SideBarRoutes): void {
  useEffect(() => {
    publish(routes);
    return () => publish(undefined);
  }, [routes]);
}

/** The routes published by the screen shown, or undefined for the editors' own. */
export function useSideBarRoutes(): SideBarRoutes | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The original's device-product screens, which no wrapper keeps open. */
const DEVICE_SCREENS = ['kossensor', 'kosalert10g', 'kosgateway'];

/**
 * The tabs a site's or a machine's wrapper does not keep open (TREE-007, TREE-008): opening a
 * site or a machine from any other tab opens it on that tab, where its wrapper has it (TREE-006);
 * other nodes open on their edition tab.
 */
export const NOT_KEPT: Partial<Record<NodeKind, readonly string[]>> = {
  site: ['alarm-edition', 'reference-value-edition', 'interventions', 'events', 'workconditions', 'templates', ...DEVICE_SCREENS],
  machine: ['alarms', 'interventions', 'events', 'workconditions', 'templates', 'prediction', 'api', ...DEVICE_SCREENS],
};

const KIND_SEGMENTS = new Set(Object.values(EDITOR_BASE).map((base) => base.slice('/editor/'.length)));

/** The wrapper tab a URL path shows ('' for an edition tab, or outside the editors). */
export function currentTab(pathname: string): string {
  const [root, ...rest] = pathname.split('/').filter(Boolean);
  if (root !== 'editor') return '';
  if (rest.length > 0 && KIND_SEGMENTS.has(rest[0])) rest.shift();
  return rest.join('/');
}

/** The tab open where the side-bar is clicked, and the tabs of each kind's wrapper. */
export interface OpenTab {
  tab: string;
  tabs: (kind: NodeKind) => readonly string[];
}

/**
 * URL a click on the node at `path` opens: without published routes its editor, on the tab
 * `open` shows when the node's wrapper keeps it; else its kind's published route with the node's
 * query (undefined when its kind has none: the node only opens in the tree).
 */
export function sideBarUrl(path: NodePath, routes: SideBarRoutes | undefined, open?: OpenTab): string | undefined {
  const kind = pathKind(path);
  if (!routes) {
    const notKept = kind && NOT_KEPT[kind];
    const keep = open && kind && notKept && !notKept.includes(open.tab) && open.tabs(kind).includes(open.tab);
    return editorUrl(path, keep ? open.tab : '');
  }
  const url = editorUrl(path);
  const base = kind && routes[kind];
  return base ? base + url.slice(url.indexOf('?')) : undefined;
}
