// The configuration calls (ARCHITECTURE §7, docs/CONFIGURATION.md): generate and publish a
// machine's configuration, read its delivery, download a version, compare two.
import { useQuery } from '@tanstack/react-query';
import { api, listOf, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { components } from '../../api/schema';
import { useFactory } from '../../app/factory';
import { useFactoryQuery, useMachineMutation } from '../tree/machineQueries';
import { saveFile } from '../../lib/download';

export type Generated = components['schemas']['Result'];
export type VersionState = components['schemas']['VersionState'];
export type Estado = VersionState['Estado'] | 'none';
export type Change = components['schemas']['Change'];
export type InstalledSensor = components['schemas']['InstalledDevice'];

/** Configuration modes (MACH-051): monitor, learn, pause (stop). */
export const MODES = { monitor: 0, learn: 1, stop: 2 } as const;
export type Mode = keyof typeof MODES;
/** The action of each mode number. */
export const MODE_OF = Object.fromEntries(Object.entries(MODES).map(([mode, n]) => [n, mode])) as Record<number, Mode>;

const machinePath = (factory: number, machine: number) => ({ params: { path: { factory, machine } } });

export const configurationCalls = {
  generate: (factory: number, machine: number, body: Generation) =>
    unwrap(api.POST('/api/user/{factory}/machine/{machine}/configuration', { ...machinePath(factory, machine), body })),
  state: (factory: number, machine: number) => unwrap(api.GET('/api/user/{factory}/machine/{machine}/configuration', machinePath(factory, machine))),
  version: (factory: number, machine: number, version: number) =>
    unwrap(api.GET('/api/user/{factory}/machine/{machine}/configuration/{version}', { params: { path: { factory, machine, version } } })),
  /** The machine's KOS Sensors by order number (MACH-061, MACH-062). */
  sensorOrders: (user: number, machine: number): Promise<InstalledSensor[]> =>
    listOf(api.GET('/api/user/{user}/installation/sensor/machine/{id}/oredernumber', { params: { path: { user, id: machine } } })),
  diff: async (factory: number, machine: number, version: number, other: number): Promise<Change[]> =>
    (await unwrap(
      api.GET('/api/user/{factory}/machine/{machine}/configuration/{version}/diff/{other}', { params: { path: { factory, machine, version, other } } }),
    )) ?? [],
};

/** States a device is still expected to move from: the delivery is read again while in them. */
const MOVING: Estado[] = ['pending', 'delivered'];

/** The delivery of the machine's configuration, read again every 5 seconds while it moves. */
export function useDelivery(machine: number) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.configuration(factoryId, machine),
    queryFn: () => configurationCalls.state(factoryId, machine),
    enabled: factoryId > 0 && machine > 0,
    refetchInterval: (q) => (MOVING.includes(q.state.data?.Equipos[0]?.Estado ?? 'none') ? 5000 : false),
  });
}

/** What the machine editor's monitor, learn and stop actions send. */
export type Generation = components['schemas']['Generation'];

/** Generates, checks and (when every section is OK) publishes the machine's configuration. */
export function useGenerate(machine: number) {
  return useMachineMutation(machine, (factory, m, body: Generation) => configurationCalls.generate(factory, m, body), [
    keys.configuration,
    keys.configurationSummary,
  ]);
}

/** The factory's machines counted by the delivery of their newest configuration. */
export function useDeliverySummary() {
  return useFactoryQuery(keys.configurationSummary, (factory) => unwrap(api.GET('/api/user/{factory}/configuration', { params: { path: { factory } } })));
}

/** Saves a published version as a JSON file, for installing it offline. */
export async function downloadVersion(factory: number, machine: number, version: number, name: string) {
  const doc = await configurationCalls.version(factory, machine, version);
  saveFile(`${name} v${version}.json`, JSON.stringify(doc, null, 2), 'application/json');
}

/** The console's maximum KOS Sensor order number, kept in the browser (MACH-064); the server's default until one is set. */
export function maxOrder(serverDefault: number): number {
  const stored = Number(localStorage.getItem('vigia.maximoOrden'));
  return Number.isInteger(stored) && stored > 0 ? stored : serverDefault;
}
