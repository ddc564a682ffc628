import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TreeNode } from '../../../api/types';
import { useMe } from '../../../app/auth';
import { isAdmin } from '../../../app/roles';
import { isTemplateWorkspace } from '../../../app/workspace';
import { adminTreeQuery, type AdminTreeNode } from '../equipment/api';
import { childrenQuery } from '../../tree/api';
import { factoryTree } from './assign';

type SitesResult = { data?: TreeNode[]; isPending: boolean };

// Stable, so that TanStack Query keeps the combined result between renders.
function combineSites(results: SitesResult[]) {
  return { lists: results.map((r) => r.data ?? []), loading: results.some((r) => r.isPending) };
}

/**
 * The nodes the user may assign a sensor to: the whole admin tree for ADMIN, the user's
 * factories and their sites for U_EDITOR (the admin tree is ADMIN's only).
 */
export function useAssignableTree(): { tree: AdminTreeNode[]; loading: boolean } {
  const me = useMe();
  const admin = isAdmin(me.Tipos);
  const adminTree = useQuery({ ...adminTreeQuery, enabled: admin });
  const factories = useMemo(() => (admin ? [] : (me.Fabricas ?? []).filter((f) => !isTemplateWorkspace(f))), [admin, me.Fabricas]);
  const sites = useQueries({
    queries: factories.map((f) => childrenQuery(f.UsuFabricaID, 'factory', f.UsuFabricaID)),
    combine: combineSites,
  });
  const tree = useMemo(() => {
    if (admin) return adminTree.data ?? [];
    const byFactory = new Map(factories.map((f, i) => [f.UsuFabricaID, sites.lists[i]]));
    return factoryTree(factories, (id) => byFactory.get(id) ?? []);
  }, [admin, adminTree.data, factories, sites.lists]);
  return { tree, loading: admin ? adminTree.isPending : sites.loading };
}
