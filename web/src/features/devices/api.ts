// Calls of the devices of a machine and its points (docs/API.md, "Equipment and MEMS"): the
// devices a machine may use, the Alert10C behind a gateway, the KOS Sensors a point may use.
import { useQuery } from '@tanstack/react-query';
import { api, listOf } from '../../api/client';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import type { DeviceFamily } from '../tree/machineRules';
import { equipmentLabel } from './equipment/label';

// Equipment and MEMS (docs/API.md, "Equipment and MEMS").

/** The kinds of device a machine may use (MACH-013). */
export type MachineDeviceKind = 'concentrator' | 'alert10' | 'alert10c';

const usableAt = (factory: number, machine: number) => ({ params: { path: { factory, level: 'machine' as const, id: machine } } });

/** The devices of each kind a machine may use: its factory's (no site or the machine's), not on another machine. */
const usableCalls = {
  concentrator: (f: number, m: number) => listOf(api.GET('/api/equipment/concentrator/factory/{factory}/{level}/{id}/all', usableAt(f, m))),
  alert10: (f: number, m: number) => listOf(api.GET('/api/equipment/alert10/factory/{factory}/{level}/{id}/all', usableAt(f, m))),
  alert10c: (f: number, m: number) => listOf(api.GET('/api/equipment/alert10c/factory/{factory}/{level}/{id}/all', usableAt(f, m))),
};

// The device lists change when another machine takes or leaves a device: read afresh each time an editor opens.
const FRESH = { staleTime: 0 };

/** The devices of `kind` the machine may use (its own among them); idle without a machine. */
export function useMachineDevices(kind: MachineDeviceKind, machine: number) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.machineDevices(factoryId, kind, machine),
    queryFn: () => usableCalls[kind](factoryId, machine),
    enabled: factoryId > 0 && machine > 0,
    ...FRESH,
  });
}

/** What the editors read of a device: its identifier and what labels it. */
export interface DeviceRef {
  EquipoGUID?: string;
  GenEquipoGUID?: string;
  NumeroSerie: string;
  Alias?: string | null;
}

/** A device's identifier: GenEquipoGUID for an alert device, EquipoGUID for the others. */
export function deviceGuid(e: DeviceRef): string | undefined {
  return e.GenEquipoGUID || e.EquipoGUID || undefined;
}

/** The list each device family of a machine is found in. */
const FAMILY_KIND: Record<DeviceFamily, MachineDeviceKind> = { GATEWAY: 'concentrator', ALERT10: 'alert10', ALERT10C: 'alert10c' };

/**
 * The label (EQP-005) of the machine's device `guid` of `family`, found among the devices the
 * machine may use (its own are among them); undefined while loading or without a device.
 */
export function useDeviceLabel(machine: number, device: { family: DeviceFamily; guid: string } | undefined) {
  const list = useMachineDevices(FAMILY_KIND[device?.family ?? 'ALERT10'], device ? machine : 0);
  const found = list.data?.find((e) => deviceGuid(e) === device?.guid);
  return found ? equipmentLabel(found) : undefined;
}

/** The alert devices G behind the gateway `gateway` (its ID); idle without one (MACH-037). */
export function useGatewayAlert10c(gateway: number | undefined) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.gatewayAlert10c(factoryId, gateway ?? 0),
    queryFn: () =>
      listOf(api.GET('/api/equipment/concentrator/{id}/alert10c', { params: { path: { id: gateway ?? 0 } } })),
    enabled: gateway !== undefined,
    ...FRESH,
  });
}

/**
 * The KOS Sensors the point may use in `mode` (EQP-034, EQP-035, TREE-105): of that mode, at
 * the point's site, behind the machine's gateway, free or the point's own.
 */
export function usePointSensors(point: number, mode: 'protection' | 'prediction') {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.pointSensors(factoryId, point, mode),
    queryFn: () =>
      listOf(
        api.GET('/api/user/{factory}/vibrationpoint/{point}/mems/{mode}', { params: { path: { factory: factoryId, point, mode } } }),
      ),
    enabled: factoryId > 0 && point > 0,
    ...FRESH,
  });
}
