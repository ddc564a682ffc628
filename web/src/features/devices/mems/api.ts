// Calls of the MEMS section (docs/API.md, "Equipment and MEMS"): the sensors' filtered count
// and pages, and the verification. Edits and assignments go through the equipment registry's
// mutation, which reloads every device list, these pages included.
import { api, historyOf, listOf, unwrap } from '../../../api/client';
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

/** A KOS Sensor's series over time (INST-010..INST-012). */
export type SensorSeries = 'battery' | 'health' | 'angles';
/** A reading of a series, in thousandths: battery and health one value, angles three. */
export type SensorReading = { Fecha: string; Valor?: number; X?: number; Y?: number; Z?: number };

const historyAt = (id: number, days: number) => ({ params: { path: { id, days } } });

/** The history queries of a sensor (S3 §7.6): each gives false when it fails (a 401 signs out). */
export const sensorHistoryCalls: Record<SensorSeries, (id: number, days: number) => Promise<SensorReading[] | false>> = {
  battery: (id, days) => historyOf(api.GET('/api/mems/{id}/historical/battery/days/{days}', historyAt(id, days))),
  health: (id, days) => historyOf(api.GET('/api/mems/{id}/historical/health/days/{days}', historyAt(id, days))),
  angles: (id, days) => historyOf(api.GET('/api/mems/{id}/historical/angles/days/{days}', historyAt(id, days))),
};

/** A sensor's series over its last `days` days. */
export function sensorHistoryQuery(id: number, series: SensorSeries, days: number) {
  return { queryKey: keys.sensorHistory(id, series, days), queryFn: () => sensorHistoryCalls[series](id, days) };
}
