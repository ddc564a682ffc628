// Turns the loaded children lists of the side-bar into antd Tree data. Plain data: the lists
// come from TanStack Query (one query per expanded node), so refreshing a branch is
// invalidating its query.
import type { ReactNode } from 'react';
import type { MachineVco, TreeNode } from '../../api/types';
import { machineVcoUrl, vcoGroupKey, vcoKey } from './machineVco';
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
  /** A grouping node: choosing it opens or closes it (the machine's 'VCO/V de máquina'). */
  group?: boolean;
}

/** The state of one children list: its nodes, or still loading, or failed. */
export type Branch = readonly TreeNode[] | 'loading' | 'error';

/** The group 'VCO/V de máquina' every machine holds above its components (S3 §2.10). */
export interface MachineVcoOptions {
  /** The VCO/VCOVs of a machine, as loaded. */
  list: (machine: number) => readonly MachineVco[] | 'loading' | 'error';
  title: string;
  groupIcon?: ReactNode;
  icon?: (vco: MachineVco) => ReactNode;
  /** The name shown (in the user's language). */
  name: (vco: MachineVco) => string;
}

export interface BuildOptions {
  /** The children list of a node key ("site:3"), as loaded. */
  branch: (key: string) => Branch;
  expanded: ReadonlySet<string>;
  icon?: (kind: NodeKind) => ReactNode;
  /** Title of the placeholder of a branch being loaded, and of one that failed. */
  loadingText: string;
  errorText: string;
  /** With it, machines hold their VCO/VCOV group (and so always open). */
  machineVcos?: MachineVcoOptions;
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

/** The group of a machine's VCO/VCOVs; each opens its page. Without any it is a leaf. */
function vcoGroup(machine: number, path: NodePath, m: MachineVcoOptions, o: BuildOptions): TreeItem {
  const key = vcoGroupKey(machine);
  const list = m.list(machine);
  const item: TreeItem = { key, title: m.title, icon: m.groupIcon, group: true, isLeaf: Array.isArray(list) && list.length === 0 };
  if (!item.isLeaf && o.expanded.has(key)) {
    item.children =
      typeof list === 'string'
        ? [placeholder(key, list, o)]
        : list.map((v) => ({
            key: vcoKey(machine, v.UsuVco_vId),
            title: m.name(v),
            icon: m.icon?.(v),
            isLeaf: true,
            url: machineVcoUrl(path, v.UsuVco_vId),
          }));
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
      const group = kind === 'machine' && o.machineVcos ? vcoGroup(n.ID, path, o.machineVcos, o) : undefined;
      const item: TreeItem = { key, title: n.Nombre, isLeaf: !n.Hijos && !group, kind, path };
      if (o.icon) item.icon = o.icon(kind);
      if (!item.isLeaf && o.expanded.has(key)) {
        const b: Branch = n.Hijos ? o.branch(key) : [];
        const children = typeof b === 'string' ? [placeholder(key, b, o)] : build(b, path, kind === 'component' ? n.Orientacion : undefined);
        item.children = group ? [group, ...children] : children;
      }
      return item;
    });
  const top = o.branch(nodeKey(root.Tipo, root.ID));
  return typeof top === 'string' ? top : build(top, {});
}

/** Every key of a tree (to know whether a node is shown). */
export function treeKeys(items: readonly TreeItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    into.add(item.key);
    if (item.children) treeKeys(item.children, into);
  }
  return into;
}
