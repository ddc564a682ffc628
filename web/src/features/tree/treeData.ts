// Turns the loaded children lists of the side-bar into antd Tree data. Plain data: the lists
// come from TanStack Query (one query per expanded node), so refreshing a branch is
// invalidating its query.
import type { ReactNode } from 'react';
import type { TreeNode } from '../../api/types';
import { nodeKey, type NodeKind, type NodePath, type TreeTipo } from './model';

/** A node of the side-bar tree as antd's Tree takes it, with where it sits. */
export interface TreeItem {
  key: string;
  title: string;
  icon?: ReactNode;
  isLeaf?: boolean;
  selectable?: boolean;
  disabled?: boolean;
  children?: TreeItem[];
  /** Kind and path of the node; absent for the placeholders shown while a branch loads. */
  kind?: NodeKind;
  path?: NodePath;
  /** Page the node opens when it is not a tree node's editor (a machine's VCO). */
  url?: string;
  /** A grouping node: choosing it opens it (and its page, if any) or closes it. */
  group?: boolean;
}

/** The state of one children list: its nodes, or still loading, or failed. */
export type Branch = readonly TreeNode[] | 'loading' | 'error';

/**
 * A group a node holds above its children (a machine's 'VCO/V de máquina', a point's VCVs and
 * VCPs): its items as loaded, and the page it opens, if any.
 */
export interface NodeGroup {
  key: string;
  title: string;
  icon?: ReactNode;
  url?: string;
  items: readonly TreeItem[] | 'loading' | 'error';
}

export interface BuildOptions {
  /** The children list of a node key ("site:3"), as loaded. */
  branch: (key: string) => Branch;
  expanded: ReadonlySet<string>;
  icon?: (kind: NodeKind) => ReactNode;
  /** Title of the placeholder of a branch being loaded, and of one that failed. */
  loadingText: string;
  errorText: string;
  /** The groups a node holds (so it always opens): a machine's VCO/VCOVs, a point's associations. */
  groups?: (kind: NodeKind, id: number, path: NodePath) => readonly NodeGroup[];
}

function placeholder(parentKey: string, branch: 'loading' | 'error', o: BuildOptions): TreeItem {
  return {
    key: `${parentKey}/${branch}`,
    title: branch === 'loading' ? o.loadingText : o.errorText,
    isLeaf: true,
    selectable: false,
    disabled: true,
  };
}

/** A group's node; without items it is a leaf. */
function groupItem(g: NodeGroup, o: BuildOptions): TreeItem {
  const item: TreeItem = { key: g.key, title: g.title, icon: g.icon, url: g.url, group: true, isLeaf: Array.isArray(g.items) && g.items.length === 0 };
  if (!item.isLeaf && o.expanded.has(g.key)) {
    item.children = typeof g.items === 'string' ? [placeholder(g.key, g.items, o)] : [...g.items];
  }
  return item;
}

/**
 * Builds the tree under the node `root` (the factory: its sites). A node's children are built
 * only when it is expanded; until its list arrives it holds one placeholder. Points get the
 * mounting of their component as `orientation` in their path.
 */
export function buildTree(root: { Tipo: TreeTipo; ID: number }, o: BuildOptions): TreeItem[] | 'loading' | 'error' {
  const build = (list: readonly TreeNode[], parent: NodePath, orientation?: number): TreeItem[] =>
    list.map((n) => {
      const kind = n.Tipo as NodeKind;
      const path: NodePath = { ...parent, [kind]: n.ID };
      if (kind === 'point' && orientation !== undefined) path.orientation = orientation;
      const key = nodeKey(kind, n.ID);
      const groups = (o.groups?.(kind, n.ID, path) ?? []).map((g) => groupItem(g, o));
      const item: TreeItem = { key, title: n.Nombre, isLeaf: !n.Hijos && groups.length === 0, kind, path };
      if (o.icon) item.icon = o.icon(kind);
      if (!item.isLeaf && o.expanded.has(key)) {
        const b: Branch = n.Hijos ? o.branch(key) : [];
        const children = typeof b === 'string' ? [placeholder(key, b, o)] : build(b, path, kind === 'component' ? n.Orientacion : undefined);
        item.children = [...groups, ...children];
      }
      return item;
    });
  const top = o.branch(nodeKey(root.Tipo, root.ID));
  return typeof top === 'string' ? top : build(top, {});
}

/** Every item of a tree by its key (to know whether a node is shown, and which one the keyboard is on). */
export function treeItems(items: readonly TreeItem[], into = new Map<string, TreeItem>()): Map<string, TreeItem> {
  for (const item of items) {
    into.set(item.key, item);
    if (item.children) treeItems(item.children, into);
  }
  return into;
}
