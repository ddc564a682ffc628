// Calls of the equipment registry and of the admin tree (docs/API.md, "Equipment and MEMS").
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, basedOn, listOf, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import type { paths } from '../../../api/schema';
import type { Edited } from '../../../components/FormModal';
import { assignmentKey } from './adminTree';
import { formValues, type EquipmentKind } from './kinds';

// Types of the calls, derived from the generated schema by path (as src/api/types.ts does).
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: infer R } } ? JsonOf<R> : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
type Item<T> = NonNullable<T> extends readonly (infer E)[] ? E : never;
type Listed = Item<Ok<'/api/equipment/concentrator', 'get'>>;

/** Body of registration and edit; the gateway and the sensor's fields only for the kinds that have them. */
export type EquipmentBody = Body<'/api/mems', 'post'>;
/** What a KOS Sensor measures for. */
export type ModoMedicion = NonNullable<EquipmentBody['ModoMedicion']>;
/** Where a device is assigned: the ids of the node's path (absent above an unassigned level) and the node's name. */
export type Assignment = Listed['Asignacion'];
/** Body of PUT .../admintree: the deepest id given is the node; all null unassigns. */
export type AssignmentBody = Required<Pick<Assignment, 'DistribuidorId' | 'SocioId' | 'UsuFabricaId' | 'UsuCentroId'>>;

/**
 * A device of the registry, as listed and read. The schema types `ModoMedicion` as any string
 * and leaves null out of `Maquina` and `Punto`, which the server answers for a device installed
 * nowhere: those fields are narrowed and widened here. (Pick, not Omit: the schema's types are
 * open to extra properties, and Omit over an index signature keeps only that.)
 */
export type Equipment = Pick<
  Listed,
  'ID' | 'Tipo' | 'EquipoGUID' | 'GenEquipoGUID' | 'SensorGUID' | 'NumeroSerie' | 'Alias' | 'ConcentradorId' | 'NumeroOrden' | 'UsuarioId' | 'Entregas'
> & {
  ModoMedicion: ModoMedicion | null;
  Asignacion: Assignment | null;
  Maquina?: NonNullable<Listed['Maquina']> | null;
  Punto?: NonNullable<Listed['Punto']> | null;
};

type ListedNode = Item<Ok<'/api/admin/tree', 'get'>>;
/** Levels of the admin tree, from the top. */
export type AdminNodeType = ListedNode['Tipo'];
/** A node of the admin tree (GET /api/admin/tree); a leaf may leave `Hijos` out. */
export type AdminTreeNode = Pick<ListedNode, 'Tipo' | 'ID' | 'Nombre'> & { Hijos?: AdminTreeNode[] | null };

// The four kinds share their calls below a base path that differs by kind: the union of the
// kinds' paths is typed by openapi-fetch as a whole.
const byId = (id: number) => ({ params: { path: { id } } });

/** Every device of a kind (ADMIN: all of them). */
export function equipmentQuery(kind: EquipmentKind) {
  return {
    queryKey: keys.equipmentList(kind.key),
    queryFn: async () => (await listOf(api.GET(kind.base))) as Equipment[],
  };
}

/** A device edited in its modal, read again with its version. */
export const editedEquipment = (kind: EquipmentKind, item: Equipment): Edited<Equipment> => ({
  listed: item,
  key: [...keys.equipmentList(kind.key), item.ID],
  read: async () => (await unwrap(api.GET(`${kind.base}/{id}`, byId(item.ID)))) as Equipment,
  formOf: (e) => formValues(kind, e),
});

/** The assignment of a device changed in its modal, read again with its version. */
export const editedAssignment = (kind: EquipmentKind, item: Equipment): Edited<Partial<Assignment>> => ({
  listed: item.Asignacion ?? {},
  key: [...keys.equipmentList(kind.key), item.ID, 'admintree'],
  read: () => unwrap(api.GET(`${kind.base}/{id}/admintree`, byId(item.ID))),
  formOf: (a) => ({ value: assignmentKey(a as Assignment) }),
});

/** The admin tree: distributors > partners > factories > sites, factories without a partner at the top. */
export const adminTreeQuery = {
  queryKey: keys.adminTree,
  queryFn: (): Promise<AdminTreeNode[]> => listOf(api.GET('/api/admin/tree')),
};

/** What a row action or form does to the registry. */
export type EquipmentChange =
  | { action: 'register'; kind: EquipmentKind; body: EquipmentBody }
  | { action: 'edit'; kind: EquipmentKind; id: number; body: EquipmentBody; base?: object }
  | { action: 'assign'; kind: EquipmentKind; id: number; body: AssignmentBody; base?: object }
  | { action: 'assignUser'; id: number; userId: number }
  | { action: 'token'; id: number }
  | { action: 'replace'; id: number; otherId: number };

function run(change: EquipmentChange): Promise<unknown> {
  switch (change.action) {
    case 'register':
      return unwrap(api.POST(change.kind.base, { body: change.body }));
    case 'edit':
      return unwrap(api.PUT(`${change.kind.base}/{id}`, { params: { path: { id: change.id }, header: basedOn(change.base) }, body: change.body }));
    case 'assign':
      return unwrap(
        api.PUT(`${change.kind.base}/{id}/admintree`, { params: { path: { id: change.id }, header: basedOn(change.base) }, body: change.body }),
      );
    case 'assignUser':
      return unwrap(
        api.PUT('/api/equipment/{id}/assign/user/{userId}', { params: { path: { id: change.id, userId: change.userId } } }),
      );
    case 'token':
      return unwrap(api.POST('/api/equipment/{id}/token', { params: { path: { id: change.id } } }));
    case 'replace':
      return unwrap(
        api.POST('/api/equipment/concentrator/{id}/change/{otherId}', {
          params: { path: { id: change.id, otherId: change.otherId } },
        }),
      );
  }
}

/**
 * Runs a change on the registry. Registration and a new token answer `{Token, ...}`. Every list
 * reloads afterwards: a gateway's Alert10C and sensors follow its assignment and replacement,
 * and its serial number labels them.
 */
export function useEquipmentChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: EquipmentChange) => (await run(change)) as { Token?: string } | undefined,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.equipment }),
  });
}

/** What the admin tree panel does to the tree's own nodes. */
export type AdminTreeChange =
  | { action: 'distributor'; Nombre: string }
  | { action: 'partner'; Nombre: string; DistribuidorId: number }
  | { action: 'factory'; factoryId: number; SocioId: number };

/** Adds a distributor or a partner, or puts a factory under a partner; the tree and the devices' assignments reload. */
export function useAdminTreeChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AdminTreeChange) => {
      switch (change.action) {
        case 'distributor':
          return unwrap(api.POST('/api/admin/tree/distributor', { body: { Nombre: change.Nombre } }));
        case 'partner':
          return unwrap(api.POST('/api/admin/tree/partner', { body: { Nombre: change.Nombre, DistribuidorId: change.DistribuidorId } }));
        case 'factory':
          return unwrap(
            api.PUT('/api/admin/tree/factory/{id}', { params: { path: { id: change.factoryId } }, body: { SocioId: change.SocioId } }),
          );
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.adminTree }),
        queryClient.invalidateQueries({ queryKey: keys.equipment }),
      ]),
  });
}
