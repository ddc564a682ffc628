// The asset tree's shape: node kinds, their order, the keys the side-bar uses for them and the
// editor routes that open them. Plain data and functions, no React.

/** Kinds of nodes an editor opens, from the top of the tree down. */
export const NODE_KINDS = ['site', 'area', 'machine', 'component', 'point'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** Kinds the side-bar asks children of: the factory (its sites) and every node kind. */
export type TreeTipo = 'factory' | NodeKind;

/** A node of the tree, as the tree calls name it (`Tipo`, `ID`). */
export interface NodeRef {
  Tipo: TreeTipo;
  ID: number;
}

/** The kind of node each kind holds; points are leaves. */
export const CHILD_KIND: Record<TreeTipo, NodeKind | undefined> = {
  factory: 'site',
  site: 'area',
  area: 'machine',
  machine: 'component',
  component: 'point',
  point: undefined,
};

/** The kind of node that holds each kind. */
export const PARENT_KIND: Record<NodeKind, TreeTipo> = {
  site: 'factory',
  area: 'site',
  machine: 'area',
  component: 'machine',
  point: 'component',
};

/** Key of a node in the side-bar tree: "machine:12". */
export function nodeKey(Tipo: TreeTipo, ID: number): string {
  return `${Tipo}:${ID}`;
}

/** The node a side-bar key names, or undefined for a key of another shape. */
export function parseNodeKey(key: string): NodeRef | undefined {
  const [tipo, id] = key.split(':');
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return undefined;
  if (tipo !== 'factory' && !(NODE_KINDS as readonly string[]).includes(tipo)) return undefined;
  return { Tipo: tipo as TreeTipo, ID: n };
}

/**
 * Where a node sits: the ids of the site, area, machine, component and point down to it (the
 * editor routes' query parameters), plus the mounting of its component (`orientation`,
 * 1 horizontal, 2 vertical) for points.
 */
export interface NodePath {
  site?: number;
  area?: number;
  machine?: number;
  component?: number;
  point?: number;
  orientation?: number;
}

/** Base route of each editor wrapper (TREE-001, TREE-003, TREE-004, TREE-005). */
export const EDITOR_BASE: Record<NodeKind, string> = {
  site: '/editor',
  area: '/editor/area',
  machine: '/editor/machine',
  component: '/editor/component',
  point: '/editor/point',
};

/** The deepest node a path names (the point of a point path, ...). */
export function pathKind(path: NodePath): NodeKind | undefined {
  for (let i = NODE_KINDS.length - 1; i >= 0; i--) {
    if (path[NODE_KINDS[i]] !== undefined) return NODE_KINDS[i];
  }
  return undefined;
}

/** The path down to `kind` only: a machine's path of a point path. */
export function truncatePath(path: NodePath, kind: NodeKind): NodePath {
  const out: NodePath = {};
  for (const k of NODE_KINDS) {
    out[k] = path[k];
    if (k === kind) break;
  }
  if (kind === 'point' && path.orientation !== undefined) out.orientation = path.orientation;
  return out;
}

/**
 * URL of the editor of the deepest node of `path`, e.g. /editor/machine?site=1&area=2&machine=3.
 * `tab` is a wrapper's sub-path ('' for its edition tab).
 */
export function editorUrl(path: NodePath, tab = ''): string {
  const kind = pathKind(path);
  if (!kind) return '/';
  const params = new URLSearchParams();
  for (const k of NODE_KINDS) {
    const id = path[k];
    if (id !== undefined) params.set(k, String(id));
    if (k === kind) break;
  }
  if (kind === 'point' && path.orientation !== undefined) params.set('orientation', String(path.orientation));
  const base = EDITOR_BASE[kind] + (tab ? `/${tab}` : '');
  return `${base}?${params.toString()}`;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** The path an editor URL's query names; unknown or malformed parameters are left out. */
export function pathFromSearch(search: URLSearchParams): NodePath {
  const path: NodePath = {};
  for (const k of NODE_KINDS) {
    const id = positiveInt(search.get(k));
    if (id !== undefined) path[k] = id;
  }
  const orientation = positiveInt(search.get('orientation'));
  if (orientation !== undefined) path.orientation = orientation;
  return path;
}

/** The path of a node given the nodes from its site down to it (a search result's `Ruta`). */
export function pathFromRoute(route: readonly NodeRef[], orientation?: number): NodePath {
  const path: NodePath = {};
  for (const n of route) if (n.Tipo !== 'factory') path[n.Tipo] = n.ID;
  if (path.point !== undefined && orientation !== undefined) path.orientation = orientation;
  return path;
}

/** Side-bar keys of the nodes above the deepest node of `path`: they are expanded to show it. */
export function ancestorKeys(path: NodePath): string[] {
  const kind = pathKind(path);
  const keys: string[] = [];
  for (const k of NODE_KINDS) {
    if (k === kind) break;
    const id = path[k];
    if (id !== undefined) keys.push(nodeKey(k, id));
  }
  return keys;
}

/** The node that holds the deepest node of `path` (the factory for a site). */
export function parentPath(path: NodePath): NodePath {
  const kind = pathKind(path);
  if (!kind || kind === 'site') return {};
  return truncatePath(path, PARENT_KIND[kind] as NodeKind);
}

/** A point is horizontal when its component's mounting (the route's orientation) is 1 (TREE-092). */
export function isHorizontal(orientation: number | undefined): boolean {
  return orientation === 1;
}

/** The deepest node of `path`, or undefined for an empty path. */
export function nodeOfPath(path: NodePath): NodeRef | undefined {
  const kind = pathKind(path);
  return kind ? { Tipo: kind, ID: path[kind] as number } : undefined;
}

/** The node holding the deepest node of `path`: the factory `factoryId` for a site. */
export function parentRef(path: NodePath, factoryId: number): NodeRef {
  return nodeOfPath(parentPath(path)) ?? { Tipo: 'factory', ID: factoryId };
}
