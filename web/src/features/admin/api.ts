import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { FactoryInput, UserInput } from '../../api/types';

/** All factories (ADMIN) or the user's own (others). */
export const factoriesQuery = {
  queryKey: keys.factories,
  queryFn: async () => (await unwrap(api.GET('/api/admin/factories'))) ?? [],
};

/** All users (ADMIN only). */
export const usersQuery = {
  queryKey: keys.users,
  queryFn: async () => (await unwrap(api.GET('/api/admin/users'))) ?? [],
};

/** A create (no id) or update call whose success reloads the queries under `changed`. */
function useSave<B>(save: (id: number | undefined, body: B) => Promise<unknown>, changed: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: B }) => save(id, body),
    onSuccess: () => Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Creates (no id) or updates a factory; refreshes the lists and names that show it. */
export function useSaveFactory() {
  return useSave(
    (id, body: FactoryInput) =>
      id === undefined
        ? unwrap(api.POST('/api/admin/factories', { body }))
        : unwrap(api.PUT('/api/admin/factories/{id}', { params: { path: { id } }, body })),
    // Me.Fabricas carries the factory names shown in the header.
    [keys.factories, keys.factoryDetails, keys.me],
  );
}

/** Creates (no id) or updates a user. */
export function useSaveUser() {
  return useSave(
    (id, body: UserInput) =>
      id === undefined
        ? unwrap(api.POST('/api/admin/users', { body }))
        : unwrap(api.PUT('/api/admin/users/{id}', { params: { path: { id } }, body })),
    // The administrator may have edited themselves.
    [keys.users, keys.me],
  );
}

/** Signs a user out everywhere. */
export function useEndSessions() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/admin/users/{id}/sessions', { params: { path: { id } } })),
  });
}
