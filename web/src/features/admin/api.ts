import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, basedOn, listOf, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { Factory, FactoryInput, User, UserInput } from '../../api/types';
import type { Edited } from '../../components/FormModal';

/** All factories (ADMIN) or the user's own (others). */
export const factoriesQuery = {
  queryKey: keys.factories,
  queryFn: () => listOf(api.GET('/api/admin/factories')),
};

/** All users (ADMIN only). */
export const usersQuery = {
  queryKey: keys.users,
  queryFn: () => listOf(api.GET('/api/admin/users')),
};

/** A user edited in its modal, read again with its version. */
export const editedUser = (user: User, formOf: (user: User) => object): Edited<User> => ({
  listed: user,
  key: [...keys.users, user.UsuarioID],
  read: () => unwrap(api.GET('/api/admin/users/{id}', { params: { path: { id: user.UsuarioID } } })),
  formOf,
});

/** A factory edited in its modal, read again with its version. */
export const editedFactory = (factory: Factory, formOf: (factory: Factory) => object): Edited<Factory> => ({
  listed: factory,
  key: [...keys.factories, factory.UsuFabricaID],
  read: () => unwrap(api.GET('/api/admin/factories/{id}', { params: { path: { id: factory.UsuFabricaID } } })),
  formOf,
});

/** The request body of each admin collection's create and update. */
interface SaveBody {
  '/api/admin/factories': FactoryInput;
  '/api/admin/users': UserInput;
}

/**
 * Creates (no id: POST `collection`) or updates (PUT `collection`/{id}) an item of an admin
 * collection, an update as an edit of `base` (basedOn); success reloads the queries under `changed`.
 */
function useSave<C extends keyof SaveBody>(collection: C, changed: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  // openapi-fetch checks a call against the paths of every collection, not a generic one's.
  const path: keyof SaveBody = collection;
  return useMutation({
    mutationFn: ({ id, body, base }: { id?: number; body: SaveBody[C]; base?: object }) =>
      id === undefined
        ? unwrap(api.POST(path, { body }))
        : unwrap(api.PUT(`${path}/{id}`, { params: { path: { id }, header: basedOn(base) }, body })),
    onSuccess: () => Promise.all(changed.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Creates (no id) or updates a factory; refreshes the lists and names that show it. */
export function useSaveFactory() {
  // Me.Fabricas carries the factory names shown in the header.
  return useSave('/api/admin/factories', [keys.factories, keys.factoryDetails, keys.me]);
}

/** Creates (no id) or updates a user; the administrator may have edited themselves. */
export function useSaveUser() {
  return useSave('/api/admin/users', [keys.users, keys.me]);
}

/** Signs a user out everywhere. */
export function useEndSessions() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/admin/users/{id}/sessions', { params: { path: { id } } })),
  });
}
