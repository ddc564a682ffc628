// Where a click on a side-bar node leads. By default each node opens its kind's editor; a
// section screen outside the editors (the MEMS section, TREE-011) publishes the routes its
// side-bar links to while it is shown. A small store outside React: the side-bar and the
// section sit in different branches of the layout.
import { useEffect, useSyncExternalStore } from 'react';
import { editorUrl, pathKind, type NodeKind, type NodePath } from './model';

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

/**
 * URL a click on the node at `path` opens: its editor without published routes, else its
 * kind's published route with the node's query (undefined when its kind has none: the node
 * only opens in the tree).
 */
export function sideBarUrl(path: NodePath, routes: SideBarRoutes | undefined): string | undefined {
  const url = editorUrl(path);
  if (!routes) return url;
  const kind = pathKind(path);
  const base = kind && routes[kind];
  return base ? base + url.slice(url.indexOf('?')) : undefined;
}
