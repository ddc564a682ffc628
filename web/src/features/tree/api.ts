// Calls of the asset tree, one table per operation so that the generic editor hooks can serve
// every node kind: get/update/delete a node, create a child under a node, paste a copied node
// into a node. Types come from the server's OpenAPI document by path.
import { useCallback } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, basedOn, listOf, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type {
  Area,
  AreaInput,
  Component,
  ComponentInput,
  Machine,
  MachineInput,
  Point,
  PointInput,
  Site,
  SiteInput,
  TreeChildrenTipo,
} from '../../api/types';
import { useFactory } from '../../app/factory';
import { nextBearingPage } from './bearings';
import { useFactoryQuery } from './machineQueries';
import type { ClipItem } from './clipboard';
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

/** GET, PUT and DELETE of a node of `K`. */
interface NodeCalls<K extends NodeKind> {
  get: (factory: number, id: number) => Promise<NodeOf[K]>;
  /** Saves `body` as an edit of `base`, the node as the editor read it (basedOn). */
  update: (factory: number, id: number, body: InputOf[K], base?: NodeOf[K]) => Promise<NodeOf[K]>;
  remove: (factory: number, id: number) => Promise<unknown>;
}

const at = (factory: number, id: number) => ({ params: { path: { factory, id } } });

/**
 * GET, PUT and DELETE of a node of `kind`, at /api/user/{factory}/{kind}/{id}. openapi-fetch
 * checks the calls against the paths of every kind; what they answer is this kind's node.
 */
function callsOf<K extends NodeKind>(kind: K): NodeCalls<K> {
  const path: `/api/user/{factory}/${NodeKind}/{id}` = `/api/user/{factory}/${kind}/{id}`;
  return {
    get: (f, id) => unwrap(api.GET(path, at(f, id))) as Promise<NodeOf[K]>,
    update: (f, id, body, base) =>
      unwrap(api.PUT(path, { params: { path: { factory: f, id }, header: basedOn(base) }, body })) as Promise<NodeOf[K]>,
    remove: (f, id) => unwrap(api.DELETE(path, at(f, id))),
  };
}

/** GET, PUT and DELETE of each node kind. */
export const nodeCalls: { [K in NodeKind]: NodeCalls<K> } = {
  site: callsOf('site'),
  area: callsOf('area'),
  machine: callsOf('machine'),
  component: callsOf('component'),
  point: callsOf('point'),
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
    queryFn: () => listOf(api.GET(path, { params: { path: { factory } } })),
  };
}

/** Query of a node's children in the side-bar. */
export function childrenQuery(factory: number, tipo: TreeChildrenTipo, id: number) {
  return {
    queryKey: keys.treeChildren(factory, tipo, id),
    queryFn: () =>
      listOf(
        api.GET('/api/user/{factory}/tree/children', { params: { path: { factory }, query: { Tipo: tipo, ID: id } } }),
      ),
  };
}

/** Query of the side-bar search: nodes whose name contains `q`. */
export function searchQuery(factory: number, q: string) {
  return {
    queryKey: keys.treeSearch(factory, q),
    queryFn: () =>
      listOf(api.GET('/api/user/{factory}/tree/search', { params: { path: { factory }, query: { q } } })),
  };
}

/** Query of one node for its editor: each answer its own object, which knows its version (basedOn). */
export function nodeQuery<K extends NodeKind>(factory: number, kind: K, id: number) {
  return {
    queryKey: keys.treeNode(factory, kind, id),
    queryFn: () => nodeCalls[kind].get(factory, id) as Promise<NodeOf[K]>,
    structuralSharing: false,
  };
}

/** The option lists of the editors (update modes, anchoring, mountings, countries, ...). */
export function useEnums() {
  return useFactoryQuery(keys.treeEnums, (factory) => unwrap(api.GET('/api/user/{factory}/enums', { params: { path: { factory } } })), {
    staleTime: Infinity,
  });
}

/** The factory's calculation templates (Cálculo VA). */
export function useCalculations() {
  return useFactoryQuery(
    keys.calculations,
    (factory) => listOf(api.GET('/api/user/{factory}/calculation', { params: { path: { factory } } })),
  );
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
  return useFactoryQuery(keys.bearingBrands, (factory) => unwrap(api.GET('/api/user/{factory}/bearing/brands', { params: { path: { factory } } })));
}

/** The factory's bearings of a brand (the 'Fábrica' list, TREE-114); idle without a brand. */
export function useFactoryBearings(brand: string | undefined) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.factoryBearings(factoryId, brand ?? ''),
    queryFn: () =>
      listOf(
        api.GET('/api/user/{factory}/bearing', { params: { path: { factory: factoryId }, query: { Marca: brand ?? '' } } }),
      ),
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
