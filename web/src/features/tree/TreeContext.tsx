import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import type { TreeTipo } from './model';
import { createTreeStore, type TreeStore } from './treeStore';

/** The side-bar tree's state and the mechanism editors use to refresh it (TREE-013). */
export interface TreeState {
  expandedKeys: string[];
  selectedKey: string | undefined;
  setExpandedKeys: (keys: string[]) => void;
  /** Expands these nodes (keeping the others as they are). */
  expand: (keys: string[]) => void;
  /** Forgets a deleted node: it is neither expanded nor selected any more. */
  forget: (key: string) => void;
  /**
   * Reloads the children of a node in the side-bar (the "touched branch"): editors call it
   * after every save, create, delete or paste. `Tipo` factory reloads the list of sites.
   */
  refreshBranch: (Tipo: TreeTipo, ID: number) => Promise<void>;
}

const TreeContext = createContext<TreeState | null>(null);

/**
 * Holds the side-bar tree's expansion and selection, per factory, above the routes so that
 * they survive navigation (and, in sessionStorage, a reload). The selection follows the editor
 * URL: opening /editor/machine?... (from the tree, a search, a link or after a delete) selects
 * that machine and expands the nodes above it.
 */
export function TreeProvider({ children }: { children: ReactNode }) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [store] = useState<TreeStore>(() =>
    createTreeStore(typeof sessionStorage === 'undefined' ? undefined : sessionStorage),
  );
  const all = useSyncExternalStore(store.subscribe, store.get, store.get);

  // The URL drives the selection. Only a change of URL does: after a change of factory, the
  // effect below leaves the other factory's editor first.
  const factoryRef = useRef(factoryId);
  useEffect(() => {
    store.followUrl(factoryRef.current, pathname, search);
  }, [store, pathname, search]);

  // Switching factory while an editor is open: the node belongs to the other factory, so go
  // back to where the user was in the new one (or home).
  useEffect(() => {
    if (factoryRef.current === factoryId) return;
    factoryRef.current = factoryId;
    if (window.location.pathname.startsWith('/editor')) void navigate(store.get()[factoryId]?.url ?? '/', { replace: true });
  }, [factoryId, navigate, store]);

  const refreshBranch = useCallback(
    async (Tipo: TreeTipo, ID: number) => {
      // Search answers may name the changed nodes too; they are cheap to ask again.
      queryClient.removeQueries({ queryKey: keys.treeSearches(factoryId) });
      await queryClient.invalidateQueries({ queryKey: keys.treeChildren(factoryId, Tipo, ID) });
    },
    [queryClient, factoryId],
  );

  const current = all[factoryId];
  // The node is highlighted on its own pages only: on a catalogue or admin page the side-bar's
  // menu says where the user is, and a node highlighted too would say it twice, one wrongly.
  const onNode = pathname.startsWith('/editor');
  const value = useMemo<TreeState>(
    () => ({
      expandedKeys: current?.expanded ?? [],
      selectedKey: onNode ? current?.selected : undefined,
      setExpandedKeys: (expanded) => store.setExpanded(factoryId, expanded),
      expand: (add) => store.expand(factoryId, add),
      forget: (key) => store.forget(factoryId, key),
      refreshBranch,
    }),
    [current, onNode, store, factoryId, refreshBranch],
  );

  return <TreeContext.Provider value={value}>{children}</TreeContext.Provider>;
}

/** The side-bar tree's state. Only usable inside the signed-in layout. */
export function useTree(): TreeState {
  const state = useContext(TreeContext);
  if (!state) throw new Error('useTree must be used under TreeProvider');
  return state;
}
