// The association calls of the three kinds (S2 §7.3–§7.5), one set for all: associate,
// references, write one condition's references, dissociate; and a point's associated items.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, basedOn, listOf, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { components, paths } from '../../api/schema';
import { useFactory } from '../../app/factory';
import { useMachineMutation, useMachineQuery } from '../tree/machineQueries';
import { MPVD, type AssocKind, type AssociatedItem } from './associations';

/** The reference values of one condition of an association (REF-005, REF-009), in thousandths. */
export type Reference = components['schemas']['Reference'];
/** What a reference edit sends (REF-022, REF-025): thresholds in thousandths, null when empty. */
export type ReferenceValues = components['schemas']['Values'];


/** Where an associated item is: the machine, the point and the item's key (its id or GUID). */
export interface AssocTarget {
  machine: number;
  point: number;
  key: string;
}

/** The path of an item associated to a point, by kind of association: one literal path each, typed by openapi-fetch. */
const ITEM_PATH = {
  mpv: '/api/user/{factory}/mpv/machine/{machine}/point/{point}/vcv/{key}',
  mpvd: '/api/user/{factory}/mpvd/machine/{machine}/point/{point}/digitalvcv/{key}',
  mpvp: '/api/user/{factory}/mpvp/machine/{machine}/point/{point}/vcp/{key}',
} as const satisfies Record<AssocKind['segment'], keyof paths>;

const at = (factory: number, t: AssocTarget) => ({ params: { path: { factory, machine: t.machine, point: t.point, key: t.key } } });

export const assocCalls = {
  associate: (a: AssocKind, factory: number, t: AssocTarget) => unwrap(api.POST(ITEM_PATH[a.segment], at(factory, t))),
  references: (a: AssocKind, factory: number, t: AssocTarget): Promise<Reference[]> =>
    listOf(api.GET(`${ITEM_PATH[a.segment]}/reference`, at(factory, t))),
  reference: (a: AssocKind, factory: number, id: number): Promise<Reference> =>
    unwrap(api.GET(`/api/user/{factory}/${a.segment}/reference/{id}/values`, { params: { path: { factory, id } } })),
  /** Writes one condition's references as an edit of `base`, the reference as the editor read it (basedOn). */
  setReference: (a: AssocKind, factory: number, id: number, body: ReferenceValues, base: object) =>
    unwrap(api.PUT(`/api/user/{factory}/${a.segment}/reference/{id}`, { params: { path: { factory, id }, header: basedOn(base) }, body })),
  dissociate: (a: AssocKind, factory: number, t: AssocTarget) => unwrap(api.DELETE(ITEM_PATH[a.segment], at(factory, t))),
};

/** A point's associated VCVs and VCPs, for the side-bar. */
export function pointAssociationsQuery(factory: number, point: number) {
  return {
    queryKey: keys.pointAssociations(factory, point),
    queryFn: async () =>
      (await listOf(api.GET('/api/user/{factory}/point/{point}/associations', { params: { path: { factory, point } } }))) satisfies AssociatedItem[],
  };
}

const referencesKey = (factory: number, a: AssocKind, t: AssocTarget) => keys.references(factory, a.segment, t.point, t.key);

/** The references of an associated item, one per condition of the machine's criterion. */
export function useReferences(a: AssocKind, t: AssocTarget) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: referencesKey(factoryId, a, t),
    queryFn: () => assocCalls.references(a, factoryId, t),
    enabled: factoryId > 0 && t.point > 0 && t.key !== '',
    retry: false,
  });
}

/**
 * A change of a point's associations: what it changed reloads (the point's items in the
 * side-bar, the machine's alert list, the item's references).
 */
function useAssocChange<V>(a: AssocKind, t: AssocTarget, run: (factory: number, v: V) => Promise<unknown>) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => run(factoryId, v),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.pointAssociations(factoryId, t.point) }),
        queryClient.invalidateQueries({ queryKey: keys.machineAlarms(factoryId, t.machine) }),
        // Stale, not fetched again now: after a dissociation the item's screen, still shown
        // until it navigates away, would ask for references that are gone (a 404, and a
        // 'could not load' message after a change that went well).
        queryClient.invalidateQueries({ queryKey: referencesKey(factoryId, a, t), refetchType: 'none' }),
      ]),
  });
}

/** Associates the factory item `key` to the point (VCV-015, VCP-008). */
export function useAssociate(a: AssocKind, machine: number, point: number) {
  return useAssocChange(a, { machine, point, key: '' }, (factory, key: string) => assocCalls.associate(a, factory, { machine, point, key }));
}

/** Dissociates the item from the point (VCV-039..VCV-042, VCP-024..VCP-026). */
export function useDissociate(a: AssocKind, t: AssocTarget) {
  return useAssocChange(a, t, (factory) => assocCalls.dissociate(a, factory, t));
}

/** A digital VCV spread (S2 §7.4): given to, or taken from, every point it suits of the point's component or machine. */
export interface Spread {
  action: 'associate' | 'dissociate';
  over: 'component' | 'machine';
}

/** The spread calls (API-090..API-093): they name no factory, the server takes the component's, machine's or point's. */
export const spreadCalls = {
  associate: (over: Spread['over'], t: AssocTarget, component: number) =>
    over === 'component'
      ? unwrap(api.POST('/api/digitalvcvassociation/component', { body: { UsuComponenteId: component, UsuVCVDigitalGUID: t.key } }))
      : unwrap(api.POST('/api/digitalvcvassociation/machine', { body: { UsuMaquinaId: t.machine, UsuVCVDigitalGUID: t.key } })),
  dissociate: (over: Spread['over'], t: AssocTarget) =>
    over === 'component'
      ? unwrap(api.DELETE('/api/digitalvcvassociation/component/point/{point}/digitalvcv/{id}', { params: { path: { point: t.point, id: t.key } } }))
      : unwrap(
          api.DELETE('/api/digitalvcvassociation/machine/{machine}/point/{point}/digitalvcv/{id}', {
            params: { path: { machine: t.machine, point: t.point, id: t.key } },
          }),
        ),
};

/**
 * Spreads the digital VCV of `t` over the component `component` of its point or over its
 * machine. Other points change too, so every point's items in the side-bar reload.
 */
export function useSpread(t: AssocTarget, component: number) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, over }: Spread) =>
      action === 'associate' ? spreadCalls.associate(over, t, component) : spreadCalls.dissociate(over, t),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.pointAssociations(factoryId) }),
        queryClient.invalidateQueries({ queryKey: keys.machineAlarms(factoryId, t.machine) }),
        queryClient.invalidateQueries({ queryKey: referencesKey(factoryId, MPVD, t) }),
      ]),
  });
}

/** Writes one condition's references (REF-025). */
export function useSetReference(a: AssocKind, t: AssocTarget) {
  return useAssocChange(a, t, (factory, { id, body, base }: { id: number; body: ReferenceValues; base: object }) =>
    assocCalls.setReference(a, factory, id, body, base),
  );
}

/**
 * One condition's references read again for their editor (fresh on each opening, under the
 * item's references' key, which a change reloads): each answer its own object, which knows its
 * version (basedOn).
 */
export function useReference(a: AssocKind, t: AssocTarget, id: number) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: [...referencesKey(factoryId, a, t), id],
    queryFn: () => assocCalls.reference(a, factoryId, id),
    enabled: factoryId > 0,
    staleTime: 0,
    gcTime: 0,
    structuralSharing: false,
  });
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

/** Which direction of which reference row a call is about. */
type AlarmAt = Pick<MachineAlarm, 'UsuValorReferenciaID' | 'Direccion'>;

/** Calls of a machine's reference values (the alert list) and of its assign actions (docs/API.md, "VCVs and VCPs"). */
export const machineAlarmCalls = {
  list: (factory: number, machine: number) =>
    listOf(api.GET('/api/user/{factory}/machine/{machine}/alarm', atMachine(factory, machine))),
  one: (factory: number, machine: number, row: AlarmAt) =>
    unwrap(
      api.GET('/api/user/{factory}/machine/{machine}/alarm/{id}/direction/{direction}', {
        params: { path: { factory, machine, id: row.UsuValorReferenciaID, direction: row.Direccion } },
      }),
    ),
  /** Writes one direction's thresholds as an edit of `base`, the row as its editor read it (basedOn). */
  save: (factory: number, machine: number, row: AlarmAt, body: MachineAlarmValues, base: object) =>
    unwrap(
      api.PUT('/api/user/{factory}/machine/{machine}/alarm/{id}/direction/{direction}', {
        params: { path: { factory, machine, id: row.UsuValorReferenciaID, direction: row.Direccion }, header: basedOn(base) },
        body,
      }),
    ),
  assign: (factory: number, machine: number, what: AssignWhat) =>
    unwrap(api.POST('/api/user/{factory}/machine/{machine}/assign/{what}', { params: { path: { factory, machine, what } } })),
};

/** The machine's reference values, one row per direction (the alert list tab). */
export function useMachineAlarms(machine: number) {
  return useMachineQuery(machine, keys.machineAlarms, machineAlarmCalls.list);
}

/**
 * An assign action of the machine `machine` (MACH-003): default spectra, default VCVs or bearing
 * VCVs for every point. What shows them is refreshed: the points' editors (their spectra), the
 * machine's alert list and the factory's catalogue (bearing VCVs are made there).
 */
export function useAssign(machine: number) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: AssignWhat) => machineAlarmCalls.assign(factoryId, machine, what),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.treeNodes(factoryId, 'point') });
      void queryClient.invalidateQueries({ queryKey: keys.machineAlarms(factoryId, machine) });
      void queryClient.invalidateQueries({ queryKey: keys.catalogOwner(factoryId) });
      // The points' new associations show in the side-bar.
      void queryClient.invalidateQueries({ queryKey: keys.pointAssociations(factoryId) });
    },
  });
}

/** Saves one direction's thresholds of the machine's alert list, then reloads the list. */
export function useSaveMachineAlarm(machine: number) {
  return useMachineMutation(
    machine,
    (factory, machine, { row, values, base }: { row: MachineAlarm; values: MachineAlarmValues; base: object }) =>
      machineAlarmCalls.save(factory, machine, row, values, base),
    [keys.machineAlarms],
  );
}
