/**
 * TanStack Query keys. After a save, the lists and details it changes are invalidated by these
 * keys (never refetched by hand); a prefix such as `keys.factoryDetails` invalidates them all.
 */
export const keys = {
  me: ['me'] as const,
  factoryDetails: ['factory'] as const,
  factory: (id: number) => ['factory', id] as const,
  factories: ['admin', 'factories'] as const,
  users: ['admin', 'users'] as const,
  settings: ['settings'] as const,
  /** Everything of one factory's asset tree: side-bar lists, search, nodes, option lists. */
  tree: (factory: number) => ['tree', factory] as const,
  /** Children of one node in the side-bar (Tipo factory|site|area|machine|component). */
  treeChildren: (factory: number, tipo: string, id: number) => ['tree', factory, 'children', tipo, id] as const,
  treeSearch: (factory: number, q: string) => ['tree', factory, 'search', q] as const,
  /** One node as its editor loads it. */
  treeNode: (factory: number, kind: string, id: number) => ['tree', factory, 'node', kind, id] as const,
  treeEnums: (factory: number) => ['tree', factory, 'enums'] as const,
  calculations: (factory: number) => ['tree', factory, 'calculation'] as const,
};
