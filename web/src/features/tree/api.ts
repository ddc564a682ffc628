// Calls of the asset tree, one table per operation so that the generic editor hooks can serve
// every node kind: get/update/delete a node, create a child under a node, paste a copied node
// into a node. Types come from the server's OpenAPI document by path.
import { useCallback } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { paths } from '../../api/schema';
import type {
  Area,
  AreaInput,
  Component,
  ComponentInput,
  Machine,
  MachineInput,
  MachineVcoChannel,
  MachineVcoStates,
  Point,
  PointInput,
  Site,
  SiteInput,
  TreeChildrenTipo,
} from '../../api/types';
import { useFactory } from '../../app/factory';
import { currentLanguage } from '../../i18n';
import { equipmentLabel } from '../equipment/label';
import { nextBearingPage } from './bearings';
import type { ClipItem } from './clipboard';
import type { DeviceFamily } from './machineRules';
import type { NodeKind } from './model';
import type { TemplateKind } from './templates';

/** A node as its editor loads it, by kind. */
export interface NodeOf {
  site: Site;
  area: Area;
  machine: Machine;
  component: Component;
  point: Point;
}

/** The body of a node's update (and of creating one), by kind. */
export interface InputOf {
  site: SiteInput;
  area: AreaInput;
  machine: MachineInput;
  component: ComponentInput;
  point: PointInput;
}

/** Id of a node as its editor loads it. */
export const NODE_ID: { [K in NodeKind]: (node: NodeOf[K]) => number } = {
  site: (n) => n.UsuCentroID,
  area: (n) => n.UsuAreaID,
  machine: (n) => n.UsuMaquinaID,
  component: (n) => n.UsuComponenteID,
  point: (n) => n.UsuPuntoVibracionID,
};

type Calls = {
  [K in NodeKind]: {
    get: (factory: number, id: number) => Promise<NodeOf[K]>;
    update: (factory: number, id: number, body: InputOf[K]) => Promise<NodeOf[K]>;
    remove: (factory: number, id: number) => Promise<unknown>;
  };
};

const at = (factory: number, id: number) => ({ params: { path: { factory, id } } });

/** GET, PUT and DELETE of each node kind. */
export const nodeCalls: Calls = {
  site: {
    get: (f, id) => unwrap(api.GET('/api/user/{factory}/site/{id}', at(f, id))),
    update: (f, id, body) => unwrap(api.PUT('/api/user/{factory}/site/{id}', { ...at(f, id), body })),
    remove: (f, id) => unwrap(api.DELETE('/api/user/{factory}/site/{id}', at(f, id))),
  },
  area: {
    get: (f, id) => unwrap(api.GET('/api/user/{factory}/area/{id}', at(f, id))),
    update: (f, id, body) => unwrap(api.PUT('/api/user/{factory}/area/{id}', { ...at(f, id), body })),
    remove: (f, id) => unwrap(api.DELETE('/api/user/{factory}/area/{id}', at(f, id))),
  },
  machine: {
    get: (f, id) => unwrap(api.GET('/api/user/{factory}/machine/{id}', at(f, id))),
    update: (f, id, body) => unwrap(api.PUT('/api/user/{factory}/machine/{id}', { ...at(f, id), body })),
    remove: (f, id) => unwrap(api.DELETE('/api/user/{factory}/machine/{id}', at(f, id))),
  },
  component: {
    get: (f, id) => unwrap(api.GET('/api/user/{factory}/component/{id}', at(f, id))),
    update: (f, id, body) => unwrap(api.PUT('/api/user/{factory}/component/{id}', { ...at(f, id), body })),
    remove: (f, id) => unwrap(api.DELETE('/api/user/{factory}/component/{id}', at(f, id))),
  },
  point: {
    get: (f, id) => unwrap(api.GET('/api/user/{factory}/point/{id}', at(f, id))),
    update: (f, id, body) => unwrap(api.PUT('/api/user/{factory}/point/{id}', { ...at(f, id), body })),
    remove: (f, id) => unwrap(api.DELETE('/api/user/{factory}/point/{id}', at(f, id))),
  },
};

/**
 * Creates a node of `kind` under the node `parentId` (a site under the factory: parentId is
 * ignored). Answers the new node.
 */
export const createCalls: { [K in NodeKind]: (factory: number, parentId: number, body: InputOf[K]) => Promise<NodeOf[K]> } = {
  site: (factory, _parent, body) => unwrap(api.POST('/api/user/{factory}/site', { params: { path: { factory } }, body })),
  area: (f, id, body) => unwrap(api.POST('/api/user/{factory}/site/{id}/area', { ...at(f, id), body })),
  machine: (f, id, body) => unwrap(api.POST('/api/user/{factory}/area/{id}/machine', { ...at(f, id), body })),
  component: (f, id, body) => unwrap(api.POST('/api/user/{factory}/machine/{id}/component', { ...at(f, id), body })),
  point: (f, id, body) => unwrap(api.POST('/api/user/{factory}/component/{id}/point', { ...at(f, id), body })),
};

type PastedKind = Exclude<NodeKind, 'site'>;

/**
 * Pastes the clipboard's node as a `kind` into the node `parentId` (a deep copy on the
 * server). Answers the new node. Machines carry their factory: they may come from another one.
 */
export const pasteCalls: { [K in PastedKind]: (factory: number, parentId: number, item: ClipItem) => Promise<NodeOf[K]> } = {
  area: (f, id, item) => unwrap(api.POST('/api/user/{factory}/site/{id}/paste', { ...at(f, id), body: { UsuAreaID: item.ID } })),
  machine: (f, id, item) =>
    unwrap(
      api.POST('/api/user/{factory}/area/{id}/paste', {
        ...at(f, id),
        body: { UsuMaquinaID: item.ID, UsuFabricaID: item.UsuFabricaID },
      }),
    ),
  component: (f, id, item) =>
    unwrap(api.POST('/api/user/{factory}/machine/{id}/paste', { ...at(f, id), body: { UsuComponenteID: item.ID } })),
  point: (f, id, item) =>
    unwrap(api.POST('/api/user/{factory}/component/{id}/paste', { ...at(f, id), body: { UsuPuntoVibracionID: item.ID } })),
};

/**
 * Downloads a template `kind` into the node `parentId` (a machine into an area, a component
 * into a machine): a deep copy named ' (descarga)'. Answers the new node.
 */
export const downloadCalls: { [K in TemplateKind]: (factory: number, parentId: number, templateId: number) => Promise<NodeOf[K]> } = {
  machine: (f, id, template) =>
    unwrap(api.POST('/api/user/{factory}/area/{id}/download', { ...at(f, id), body: { UsuMaquinaID: template } })),
  component: (f, id, template) =>
    unwrap(api.POST('/api/user/{factory}/machine/{id}/download', { ...at(f, id), body: { UsuComponenteID: template } })),
};

/** Query of the template machines or components the factory may download, with their groups. */
export function templatesQuery(factory: number, kind: TemplateKind) {
  const path = kind === 'machine' ? '/api/user/{factory}/template/machine' : '/api/user/{factory}/template/component';
  return {
    queryKey: keys.templates(factory, kind),
    queryFn: async () => (await unwrap(api.GET(path, { params: { path: { factory } } }))) ?? [],
  };
}

/** Query of a node's children in the side-bar. */
export function childrenQuery(factory: number, tipo: TreeChildrenTipo, id: number) {
  return {
    queryKey: keys.treeChildren(factory, tipo, id),
    queryFn: async () =>
      (await unwrap(
        api.GET('/api/user/{factory}/tree/children', { params: { path: { factory }, query: { Tipo: tipo, ID: id } } }),
      )) ?? [],
  };
}

/** Query of the side-bar search: nodes whose name contains `q`. */
export function searchQuery(factory: number, q: string) {
  return {
    queryKey: keys.treeSearch(factory, q),
    queryFn: async () =>
      (await unwrap(api.GET('/api/user/{factory}/tree/search', { params: { path: { factory }, query: { q } } }))) ?? [],
  };
}

/** Query of one node for its editor. */
export function nodeQuery<K extends NodeKind>(factory: number, kind: K, id: number) {
  return {
    queryKey: keys.treeNode(factory, kind, id),
    queryFn: () => nodeCalls[kind].get(factory, id) as Promise<NodeOf[K]>,
  };
}

/** The option lists of the editors (update modes, anchoring, mountings, countries, ...). */
export function useEnums() {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.treeEnums(factoryId),
    queryFn: () => unwrap(api.GET('/api/user/{factory}/enums', { params: { path: { factory: factoryId } } })),
    staleTime: Infinity,
    enabled: factoryId > 0,
  });
}

/** The factory's calculation templates (Cálculo VA). */
export function useCalculations() {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.calculations(factoryId),
    queryFn: async () =>
      (await unwrap(api.GET('/api/user/{factory}/calculation', { params: { path: { factory: factoryId } } }))) ?? [],
    enabled: factoryId > 0,
  });
}

/** The factory's alert-device spectra: the point's spectrum choices (TREE-098). */
export function useFactorySpectra() {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.catalogList(factoryId, 'spectrum', currentLanguage()),
    queryFn: async () =>
      (await unwrap(api.GET('/api/user/{factory}/spectrum', { params: { path: { factory: factoryId } } }))) ?? [],
    enabled: factoryId > 0,
  });
}

/** The factory's criteria, with their VCO/VCOV entries: the machine's criterion choices (MACH-012). */
export function useFactoryCriteria() {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.catalogList(factoryId, 'criterion', currentLanguage()),
    queryFn: async () =>
      (await unwrap(api.GET('/api/user/{factory}/criterion', { params: { path: { factory: factoryId } } }))) ?? [],
    enabled: factoryId > 0,
  });
}

/** Settings the SPA needs (the map's tile URL). */
export function useSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: () => unwrap(api.GET('/api/settings')),
    staleTime: Infinity,
  });
}

/** The bearing brands of the factory and of the shared catalogue (TREE-114). */
export function useBearingBrands() {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.bearingBrands(factoryId),
    queryFn: () => unwrap(api.GET('/api/user/{factory}/bearing/brands', { params: { path: { factory: factoryId } } })),
    enabled: factoryId > 0,
  });
}

/** The factory's bearings of a brand (the 'Fábrica' list, TREE-114); idle without a brand. */
export function useFactoryBearings(brand: string | undefined) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.factoryBearings(factoryId, brand ?? ''),
    queryFn: async () =>
      (await unwrap(
        api.GET('/api/user/{factory}/bearing', { params: { path: { factory: factoryId }, query: { Marca: brand ?? '' } } }),
      )) ?? [],
    enabled: factoryId > 0 && !!brand,
  });
}

/**
 * The shared catalogue's bearings of a brand that the factory lacks (the 'Descarga' list),
 * pages of 20 whose models contain `search` (TREE-115, TREE-117); idle without a brand.
 */
export function useTemplateBearings(brand: string | undefined, search: string) {
  const { factoryId = 0 } = useFactory();
  return useInfiniteQuery({
    queryKey: keys.templateBearings(factoryId, brand ?? '', search),
    queryFn: ({ pageParam }) =>
      unwrap(
        api.GET('/api/user/{factory}/bearing/template', {
          params: { path: { factory: factoryId }, query: { Marca: brand ?? '', Pagina: pageParam, Buscar: search || undefined } },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextBearingPage(pages),
    // While a new search loads, the list of the same brand stays (another brand's would mislead).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[4] === brand ? previous : undefined),
    enabled: factoryId > 0 && !!brand,
  });
}

/**
 * A function that adds a template bearing (its GUID) to the factory and answers the factory's
 * bearing (made once; TREE-118). The bearing lists are refreshed after each download.
 */
export function useDownloadBearing() {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useCallback(
    async (guid: string) => {
      try {
        return await unwrap(
          api.POST('/api/user/{factory}/bearing/download', { params: { path: { factory: factoryId } }, body: { GenRodamientoGUID: guid } }),
        );
      } finally {
        void queryClient.invalidateQueries({ queryKey: keys.bearings(factoryId) });
      }
    },
    [factoryId, queryClient],
  );
}

const atMachineVco = (factory: number, machine: number, vco: number) => ({ params: { path: { factory, machine, vco } } });

/** Calls of a machine's VCO/VCOVs (docs/API.md, "Operating values"). */
export const machineVcoCalls = {
  list: async (factory: number, machine: number) =>
    (await unwrap(api.GET('/api/user/{factory}/machine/{machine}/vco', { params: { path: { factory, machine } } }))) ?? [],
  associate: (factory: number, machine: number, vco: number) =>
    unwrap(api.POST('/api/user/{factory}/machine/{machine}/vco/{vco}', atMachineVco(factory, machine, vco))),
  dissociate: (factory: number, machine: number, vco: number) =>
    unwrap(api.DELETE('/api/user/{factory}/machine/{machine}/vco/{vco}', atMachineVco(factory, machine, vco))),
  states: (factory: number, machine: number, vco: number, body: MachineVcoStates) =>
    unwrap(api.PUT('/api/user/{factory}/machine/{machine}/vco/{vco}/states', { ...atMachineVco(factory, machine, vco), body })),
  channel: (factory: number, body: MachineVcoChannel) =>
    unwrap(api.POST('/api/user/{factory}/machineocv/channel', { params: { path: { factory } }, body })),
};

/** Query of the VCO/VCOVs associated to a machine (the side-bar's group and the VCO page). */
export function machineVcosQuery(factory: number, machine: number) {
  return {
    queryKey: keys.machineVcos(factory, machine),
    queryFn: () => machineVcoCalls.list(factory, machine),
  };
}

/** What the machine editor's assign actions give every point (MACH-003). */
export type AssignWhat = 'spectra' | 'defaultvcv' | 'bearingvcv';

/** One direction of a reference row of the machine's alert list. */
export type MachineAlarm = NonNullable<
  paths['/api/user/{factory}/machine/{machine}/alarm']['get']['responses'][200]['content']['application/json']
>[number];
/** One direction's thresholds in thousandths (null: empty). */
export type MachineAlarmValues = Pick<MachineAlarm, 'VrAviso' | 'VrAlarma' | 'VrPeligro'>;

const atMachine = (factory: number, machine: number) => ({ params: { path: { factory, machine } } });

/** Calls of a machine's reference values (the alert list) and of its assign actions (docs/API.md, "VCVs and VCPs"). */
export const machineAlarmCalls = {
  list: async (factory: number, machine: number) =>
    (await unwrap(api.GET('/api/user/{factory}/machine/{machine}/alarm', atMachine(factory, machine)))) ?? [],
  save: (factory: number, machine: number, row: MachineAlarm, body: MachineAlarmValues) =>
    unwrap(
      api.PUT('/api/user/{factory}/machine/{machine}/alarm/{id}/direction/{direction}', {
        params: { path: { factory, machine, id: row.UsuValorReferenciaID, direction: row.Direccion } },
        body,
      }),
    ),
  assign: (factory: number, machine: number, what: AssignWhat) =>
    unwrap(api.POST('/api/user/{factory}/machine/{machine}/assign/{what}', { params: { path: { factory, machine, what } } })),
};

/** Key of the machine's alert list; assigning VCVs adds rows to it. */
export const machineAlarmsKey = (factory: number, machine: number) => [...keys.tree(factory), 'machine-alarm', machine] as const;

/** The machine's reference values, one row per direction (the alert list tab). */
export function useMachineAlarms(machine: number) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: machineAlarmsKey(factoryId, machine),
    queryFn: () => machineAlarmCalls.list(factoryId, machine),
    enabled: factoryId > 0 && machine > 0,
  });
}

/** The factory's VCO/VCOV items: what the 'Asociar VCO' modal offers (VCO-004). */
export function useFactoryVcos(enabled = true) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.catalogList(factoryId, 'vco_v', currentLanguage()),
    queryFn: async () =>
      (await unwrap(api.GET('/api/user/{factory}/vco_v', { params: { path: { factory: factoryId } } }))) ?? [],
    enabled: enabled && factoryId > 0,
  });
}

// Equipment and MEMS (docs/API.md, "Equipment and MEMS").

/** The kinds of device a machine may use (MACH-013). */
export type MachineDeviceKind = 'concentrator' | 'alert10' | 'alert10c';

const usableAt = (factory: number, machine: number) => ({ params: { path: { factory, level: 'machine' as const, id: machine } } });

/** The devices of each kind a machine may use: its factory's (no site or the machine's), not on another machine. */
const usableCalls = {
  concentrator: (f: number, m: number) => unwrap(api.GET('/api/equipment/concentrator/factory/{factory}/{level}/{id}/all', usableAt(f, m))),
  alert10: (f: number, m: number) => unwrap(api.GET('/api/equipment/alert10/factory/{factory}/{level}/{id}/all', usableAt(f, m))),
  alert10c: (f: number, m: number) => unwrap(api.GET('/api/equipment/alert10c/factory/{factory}/{level}/{id}/all', usableAt(f, m))),
};

// The device lists change when another machine takes or leaves a device: read afresh each time an editor opens.
const FRESH = { staleTime: 0 };

/** The devices of `kind` the machine may use (its own among them); idle without a machine. */
export function useMachineDevices(kind: MachineDeviceKind, machine: number) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: [...keys.tree(factoryId), 'equipment', kind, 'machine', machine],
    queryFn: async () => (await usableCalls[kind](factoryId, machine)) ?? [],
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
    queryKey: [...keys.tree(factoryId), 'equipment', 'concentrator', gateway ?? 0, 'alert10c'],
    queryFn: async () =>
      (await unwrap(api.GET('/api/equipment/concentrator/{id}/alert10c', { params: { path: { id: gateway ?? 0 } } }))) ?? [],
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
    queryKey: [...keys.tree(factoryId), 'mems', point, mode],
    queryFn: async () =>
      (await unwrap(
        api.GET('/api/user/{factory}/vibrationpoint/{point}/mems/{mode}', { params: { path: { factory: factoryId, point, mode } } }),
      )) ?? [],
    enabled: factoryId > 0 && point > 0,
    ...FRESH,
  });
}

/** The factory's digital spectra: the prediction's spectrum choices (TREE-109). */
export function useFactoryDigitalSpectra() {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.catalogList(factoryId, 'digitalspectrum', currentLanguage()),
    queryFn: async () =>
      (await unwrap(api.GET('/api/user/{factory}/digitalspectrum', { params: { path: { factory: factoryId } } }))) ?? [],
    enabled: factoryId > 0,
  });
}
