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
};
