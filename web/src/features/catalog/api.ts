// Calls of the catalogue, one set for every kind: list, get, add, edit, delete, copy and
// download, at /api/user/{factory}/{segment} (factory items) and /api/{segment} (templates).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, listOf, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { keys } from '../../api/keys';
import type { paths } from '../../api/schema';
import { useFactory } from '../../app/factory';
import { currentLanguage } from '../../i18n';
import type { CatalogItem, CatalogKind, CatalogSegment, Holder, LinkDecl, Side } from './kind';

// Every call is typed by its OpenAPI path: a kind's segment makes a union of the paths of all
// kinds, which openapi-fetch checks as a whole (parameters, and answers read as CatalogItem).

/** The path of a kind's items of one side. */
function base<S extends CatalogSegment>(segment: S, side: Side) {
  return side === 'template' ? (`/api/${segment}` as const) : (`/api/user/{factory}/${segment}` as const);
}

/** The kinds the spec downloads at download/{id} (digital bands and VCVs, S2 §7.2, §7.4); the others at {id}/download. */
type DownloadFirstSegment = {
  [S in CatalogSegment]: `/api/user/{factory}/${S}/download/{id}` extends keyof paths ? S : never;
}[CatalogSegment];
const DOWNLOAD_FIRST: Record<DownloadFirstSegment, true> = { digitalband: true, digitalvcv: true };
const downloadsFirst = (segment: CatalogSegment): segment is DownloadFirstSegment => segment in DOWNLOAD_FIRST;

const at = (factory: number) => ({ params: { path: { factory } } });
const atItem = (factory: number, id: string) => ({ params: { path: { factory, id } } });

/** The body of a create (whose fields are all optional: it also copies and downloads) or an update, of any catalogue kind. */
type AddBody = NonNullable<paths[`/api/user/{factory}/${CatalogSegment}`]['post']['requestBody']>['content']['application/json'];
type EditBody = NonNullable<paths[`/api/user/{factory}/${CatalogSegment}/{id}`]['put']['requestBody']>['content']['application/json'];

/**
 * What create and update send: the item as the kind's field declarations built it, which tsc
 * cannot match to one kind's schema (the kinds' tests check their fields against the OpenAPI
 * document).
 */
const asBody = <B,>(item: CatalogItem) => item as B;

/**
 * The calls of a kind's items of one side: the factory's, or the templates' (read by everyone,
 * written by ADMIN). `factory` is the current factory (unused for templates).
 */
export const catalogCalls = {
  list: (kind: CatalogKind, side: Side, factory: number): Promise<CatalogItem[]> =>
    listOf<CatalogItem>(api.GET(base(kind.segment, side), at(factory))),
  get: (kind: CatalogKind, side: Side, factory: number, id: string): Promise<CatalogItem> =>
    unwrap(api.GET(`${base(kind.segment, side)}/{id}`, atItem(factory, id))),
  create: (kind: CatalogKind, side: Side, factory: number, body: CatalogItem): Promise<CatalogItem> =>
    unwrap(api.POST(base(kind.segment, side), { ...at(factory), body: asBody<AddBody>(body) })),
  update: (kind: CatalogKind, side: Side, factory: number, id: string, body: CatalogItem): Promise<CatalogItem> =>
    unwrap(api.PUT(`${base(kind.segment, side)}/{id}`, { ...atItem(factory, id), body: asBody<EditBody>(body) })),
  /** Deletes an item; a delete answered with a falsy result has failed as one answered 400 (S2 §8). */
  remove: async (kind: CatalogKind, side: Side, factory: number, id: string): Promise<void> => {
    const result: unknown = await unwrap(api.DELETE(`${base(kind.segment, side)}/{id}`, atItem(factory, id)));
    if (result === false) throw new ApiError(200, []);
  },
  copy: async (kind: CatalogKind, side: Side, factory: number, id: string): Promise<CatalogItem> =>
    kind.copyMethod === 'PUT'
      ? unwrap(api.PUT(`${base(kind.segment, side)}/{id}/copy`, atItem(factory, id)))
      : unwrap(api.POST(`${base(kind.segment, side)}/{id}/copy`, atItem(factory, id))),
  /** Downloads a template (its id, or GUID for GUID kinds) into the factory (CAT-004), at its kind's download path. */
  download: (kind: CatalogKind, factory: number, templateId: string): Promise<CatalogItem> =>
    downloadsFirst(kind.segment)
      ? unwrap(api.POST(`/api/user/{factory}/${kind.segment}/download/{id}`, atItem(factory, templateId)))
      : unwrap(api.POST(`/api/user/{factory}/${kind.segment}/{id}/download`, atItem(factory, templateId))),
};

const atLink = (factory: number, id: string, link: string) => ({ params: { path: { factory, id, link } } });

/** The paths of the items' lists (.../{id}/band...), and of one item of a list (.../{link}). */
type LinkItemPath = { [P in keyof paths]: P extends `${string}/{id}/${string}/{link}` ? P : never }[keyof paths];
type ListOf<P> = P extends `${infer L}/{link}` ? L : never;
type LinkListPath = ListOf<LinkItemPath>;

/** A change of an item's list: associate or dissociate another kind's item, or dissociate them all. */
export type LinkChange = { action: 'link' | 'unlink'; target: string } | { action: 'unlinkAll' };

/** The link calls of an item (a spectrum's bands, a digital spectrum's associated spectra): each answers 204. */
export const linkCalls = {
  run: (link: LinkDecl, side: Side, factory: number, id: string, change: LinkChange) => {
    // tsc cannot pair the holder's segment with its list's in a template: LinkDecl pairs them.
    const list = `${base(link.holder, side)}/{id}/${link.segment}` as LinkListPath;
    switch (change.action) {
      case 'link':
        return unwrap(api.POST(`${list}/{link}`, atLink(factory, id, change.target)));
      case 'unlink':
        return unwrap(api.DELETE(`${list}/{link}`, atLink(factory, id, change.target)));
      case 'unlinkAll':
        return unwrap(api.DELETE(list, atItem(factory, id)));
    }
  },
};

/** Owner of a list in the query keys: the factory's id, or 0 for the templates. */
export const owner = (side: Side, factory: number) => (side === 'template' ? 0 : factory);

/** A kind's items of one side; the server sorts them by the name of the language (I18N-004). */
export function listQuery(kind: CatalogKind, side: Side, factory: number, language: string) {
  return {
    queryKey: keys.catalogList(owner(side, factory), kind.segment, language),
    queryFn: () => catalogCalls.list(kind, side, factory),
  };
}

/** One item, as its editor loads it (always fresh: another user may have changed it). */
export function itemQuery(kind: CatalogKind, side: Side, factory: number, id: string) {
  return {
    queryKey: keys.catalogItem(owner(side, factory), kind.segment, id),
    queryFn: () => catalogCalls.get(kind, side, factory, id),
    staleTime: 0,
    retry: false,
  };
}

/** What an editor action does: save, delete or copy an item of the editor's side, or download a template into the factory. */
export type CatalogChange =
  | { action: 'save'; id?: string; body: CatalogItem }
  | { action: 'delete'; id: string }
  | { action: 'copy'; id: string }
  | { action: 'download'; templateId: string }
  | { action: 'unlink'; holder: Holder; id: string };

function run(kind: CatalogKind, side: Side, factory: number, change: CatalogChange): Promise<unknown> {
  switch (change.action) {
    case 'save':
      return change.id === undefined
        ? catalogCalls.create(kind, side, factory, change.body)
        : catalogCalls.update(kind, side, factory, change.id, change.body);
    case 'delete':
      return catalogCalls.remove(kind, side, factory, change.id);
    case 'copy':
      return catalogCalls.copy(kind, side, factory, change.id);
    case 'download':
      return catalogCalls.download(kind, factory, change.templateId);
    case 'unlink':
      return linkCalls.run(change.holder.link, side, factory, change.holder.id, { action: 'unlink', target: change.id });
  }
}

/**
 * Runs an editor action on the items of `kind` of one side. It answers the item saved, copied
 * or downloaded (undefined for a delete or a dissociation); on success the lists of the side changed reload
 * (CAT-017): the factory's after a download.
 */
export function useCatalogChange(kind: CatalogKind, factory: number, side: Side) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: CatalogChange) => (await run(kind, side, factory, change)) as CatalogItem | undefined,
    onSuccess: (_, change) => {
      const changed = owner(change.action === 'download' ? 'factory' : side, factory);
      if (change.action === 'delete') queryClient.removeQueries({ queryKey: keys.catalogItem(changed, kind.segment, change.id) });
      return queryClient.invalidateQueries({ queryKey: keys.catalogOwner(changed) });
    },
  });
}

/**
 * The current factory's items of a kind, read as the type the caller knows them by (a
 * spectrum, a criterion...): the catalogue screen's own list and cache, shared by the editors
 * that choose among them.
 */
export function useFactoryItems<T>(kind: CatalogKind, enabled = true) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    ...listQuery(kind, 'factory', factoryId, currentLanguage()),
    select: (items: CatalogItem[]) => items as unknown as T[],
    enabled: enabled && factoryId > 0,
  });
}
