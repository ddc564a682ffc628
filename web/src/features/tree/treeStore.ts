// The side-bar tree's expansion and selection, per factory: a small observable store (kept
// outside React so that following the URL is a plain update), saved in sessionStorage.
import { assocSelection } from '../assoc/associations';
import { MACHINE_VCO_BASE, vcoSelection } from '../operating/machineVco';
import { ancestorKeys, nodeKey, pathFromSearch, pathKind } from './model';

/** What the side-bar remembers of one factory's tree. */
export interface FactoryTree {
  expanded: string[];
  selected?: string;
  /** URL of the editor last opened in this factory, to come back to after a factory switch. */
  url?: string;
}

export type TreeSnapshot = Readonly<Record<number, FactoryTree>>;

export interface TreeStore {
  get(): TreeSnapshot;
  subscribe(listener: () => void): () => void;
  setExpanded(factory: number, keys: string[]): void;
  expand(factory: number, keys: string[]): void;
  forget(factory: number, key: string): void;
  /** An editor URL selects its node and expands the nodes above it; other URLs change nothing. */
  followUrl(factory: number, pathname: string, search: string): void;
}

/** sessionStorage key: the expansion survives a reload of the tab, not a new session. */
export const TREE_STORAGE_KEY = 'vigia.tree';

function union(a: string[], b: string[]): string[] {
  const missing = b.filter((k) => !a.includes(k));
  return missing.length ? [...a, ...missing] : a;
}

function read(storage: Storage | undefined): TreeSnapshot {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(TREE_STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as TreeSnapshot) : {};
  } catch {
    return {};
  }
}

export function createTreeStore(storage: Storage | undefined): TreeStore {
  let state = read(storage);
  const listeners = new Set<() => void>();

  const update = (factory: number, change: (t: FactoryTree) => FactoryTree) => {
    const current = state[factory] ?? { expanded: [] };
    const next = change(current);
    if (next === current) return;
    state = { ...state, [factory]: next };
    try {
      storage?.setItem(TREE_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Without storage the state lasts for this page only.
    }
    listeners.forEach((l) => l());
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setExpanded: (factory, expanded) => update(factory, (t) => ({ ...t, expanded })),
    expand: (factory, keys) =>
      update(factory, (t) => {
        const expanded = union(t.expanded, keys);
        return expanded === t.expanded ? t : { ...t, expanded };
      }),
    forget: (factory, key) =>
      update(factory, (t) => ({
        ...t,
        expanded: t.expanded.filter((k) => k !== key),
        selected: t.selected === key ? undefined : t.selected,
      })),
    followUrl(factory, pathname, search) {
      if (!pathname.startsWith('/editor')) return;
      const params = new URLSearchParams(search);
      const path = pathFromSearch(params);
      const kind = pathKind(path);
      if (!kind) return;
      // The page of a machine's VCO selects the VCO, under its machine's group; a screen of a
      // point's VCVs or VCPs, the associated item or the kind's group, under the point.
      const vco = pathname.startsWith(MACHINE_VCO_BASE) ? vcoSelection(path, params) : assocSelection(pathname, path, params);
      const selected = vco?.selected ?? nodeKey(kind, path[kind] as number);
      const url = pathname + search;
      update(factory, (t) => {
        const expanded = union(t.expanded, vco?.expand ?? ancestorKeys(path));
        if (expanded === t.expanded && t.selected === selected && t.url === url) return t;
        return { expanded, selected, url };
      });
    },
  };
}
