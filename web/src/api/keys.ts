/**
 * TanStack Query keys. Lists and details that a save changes are invalidated by these keys
 * (never refetched by hand).
 */
export const keys = {
  me: ['me'] as const,
  factory: (id: number) => ['factory', id] as const,
  factories: ['admin', 'factories'] as const,
  users: ['admin', 'users'] as const,
};
