// The association calls of the three kinds (S2 §7.3–§7.5), one set for all: associate,
// references, write one condition's references, dissociate; and a point's associated items.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { components } from '../../api/schema';
import { useFactory } from '../../app/factory';
import type { AssocKind, AssociatedItem } from './associations';

/** The reference values of one condition of an association (REF-005, REF-009), in thousandths. */
export type Reference = components['schemas']['Reference'];
/** What a reference edit sends (REF-022, REF-025): thresholds in thousandths, null when empty. */
export type ReferenceValues = components['schemas']['Values'];

type Init = { params: { path: Record<string, string | number> }; body?: unknown };
type Call = (url: string, init: Init) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
// The three kinds' paths differ by their segments only; openapi-fetch types one literal path at
// a time, so these go through the same client typed loosely (as the catalogue's calls do).
const client = api as unknown as Record<'GET' | 'POST' | 'PUT' | 'DELETE', Call>;

/** Where an associated item is: the machine, the point and the item's key (its id or GUID). */
export interface AssocTarget {
  machine: number;
  point: number;
  key: string;
}

const itemPath = (a: AssocKind) => `/api/user/{factory}/${a.segment}/machine/{machine}/point/{point}/${a.itemSegment}/{key}`;
const at = (factory: number, t: AssocTarget): Init => ({ params: { path: { factory, machine: t.machine, point: t.point, key: t.key } } });

export const assocCalls = {
  associate: (a: AssocKind, factory: number, t: AssocTarget) => unwrap(client.POST(itemPath(a), at(factory, t))),
  references: async (a: AssocKind, factory: number, t: AssocTarget) =>
    ((await unwrap(client.GET(`${itemPath(a)}/reference`, at(factory, t)))) ?? []) as Reference[],
  setReference: (a: AssocKind, factory: number, id: number, body: ReferenceValues) =>
    unwrap(client.PUT(`/api/user/{factory}/${a.segment}/reference/{id}`, { params: { path: { factory, id } }, body })),
  dissociate: (a: AssocKind, factory: number, t: AssocTarget) => unwrap(client.DELETE(itemPath(a), at(factory, t))),
};

/** Query key of a point's associated items (under the tree's: a factory's refresh reloads them). */
export const pointAssociationsKey = (factory: number, point: number) => [...keys.tree(factory), 'point-associations', point] as const;

/** A point's associated VCVs and VCPs, for the side-bar. */
export function pointAssociationsQuery(factory: number, point: number) {
  return {
    queryKey: pointAssociationsKey(factory, point),
    queryFn: async () =>
      ((await unwrap(api.GET('/api/user/{factory}/point/{point}/associations', { params: { path: { factory, point } } }))) ??
        []) satisfies AssociatedItem[],
  };
}

const referencesKey = (factory: number, a: AssocKind, t: AssocTarget) =>
  [...keys.tree(factory), 'references', a.segment, t.point, t.key] as const;

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
        queryClient.invalidateQueries({ queryKey: pointAssociationsKey(factoryId, t.point) }),
        queryClient.invalidateQueries({ queryKey: [...keys.tree(factoryId), 'machine-alarm', t.machine] }),
        queryClient.invalidateQueries({ queryKey: referencesKey(factoryId, a, t) }),
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

/** Writes one condition's references (REF-025). */
export function useSetReference(a: AssocKind, t: AssocTarget) {
  return useAssocChange(a, t, (factory, { id, body }: { id: number; body: ReferenceValues }) => assocCalls.setReference(a, factory, id, body));
}
