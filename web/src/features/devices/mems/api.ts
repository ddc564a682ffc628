// Calls of the MEMS section (docs/API.md, "Equipment and MEMS"): the sensors' filtered count
// and pages, and the verification. Edits and assignments go through the equipment registry's
// mutation, which reloads every device list, these pages included.
import { api, listOf, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';
import type { paths } from '../../../api/schema';
import type { Equipment } from '../equipment/api';
import { EQUIPMENT_KINDS, type EquipmentKind } from '../equipment/kinds';
import type { MemsQuery } from './list';

/** The registry's KOS Sensor kind: PUT /api/mems/{id} and /api/mems/{id}/admintree. */
export const MEMS_KIND = EQUIPMENT_KINDS.find((k) => k.key === 'mems') as EquipmentKind;

/** A sensor's check for a factory: whether it passes, else why not. */
export type Verification =
  paths['/api/mems/factory/{factory}/verify/{id}']['get']['responses'][200]['content']['application/json'];

/** How many sensors the filter `query` leaves. */
export function countQuery(query: MemsQuery) {
  return {
    queryKey: keys.memsCount(query),
    queryFn: () => unwrap(api.GET('/api/mems/count', { params: { query } })),
  };
}

/** Rows `from`..`to`-1 of the sensors the filter `query` leaves, by serial number. */
export function pageQuery(query: MemsQuery, from: number, to: number) {
  return {
    queryKey: keys.memsPage(query, from, to),
    queryFn: async () =>
      (await listOf(api.GET('/api/mems/filter/from/{from}/to/{to}', { params: { path: { from, to }, query } }))) as Equipment[],
  };
}

/** Checks that a sensor is ready for a factory: assigned to it, behind one of its gateways, with an order number. */
export function verifySensor(factory: number, id: number): Promise<Verification> {
  return unwrap(api.GET('/api/mems/factory/{factory}/verify/{id}', { params: { path: { factory, id } } }));
}
