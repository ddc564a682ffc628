// Calls of the catalogue, one set for every kind: list, get, add, edit, delete, copy and
// download, at /api/user/{factory}/{segment} (factory items) and /api/{segment} (templates).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, basedOn, listOf, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { keys } from '../../api/keys';
import type { paths } from '../../api/schema';
import { useFactory } from '../../app/factory';
import { currentLanguage } from '../../i18n';
import { itemKey, templateGuid, type CatalogItem, type CatalogKind, type CatalogSegment, type Holder, type LinkDecl, type Side } from './kind';

// Every call is typed by its OpenAPI path: a kind's segment makes a union of the paths of all
// kinds, which openapi-fetch checks as a whole (parameters, and answers read as CatalogItem).

/** The path of a kind's items of one side. */
function base<S extends CatalogSegment>(segment: S, side: Side) {
  return side === 'template' ? (`/api/${segment}` as const) : (`/api/user/{factory}/${segment}` as const);
}

// Where each kind copies and downloads: at {id}/copy and {id}/download, or where the spec puts
// them, as the OpenAPI paths say (one call, one path). The records below name the kinds of
// each exception; a kind the paths add to one fails to compile until it is named.

/** The copy and download paths a kind may have. */
interface CallPaths<S extends CatalogSegment> {
  factoryCopy: `/api/user/{factory}/${S}/{id}/copy`;
  templateCopy: `/api/${S}/{id}/copy`;
  ownDownload: `/api/user/{factory}/${S}/{id}/download`;
  firstDownload: `/api/user/{factory}/${S}/download/{id}`;
}
/** The segments that have the path `K`. */
type Having<K extends keyof CallPaths<CatalogSegment>> = {
  [S in CatalogSegment]: CallPaths<S>[K] extends keyof paths ? S : never;
}[CatalogSegment];
type FactoryCopy = Having<'factoryCopy'>;
type TemplateCopy = Having<'templateCopy'>;
type OwnDownload = Having<'ownDownload'>;
type FirstDownload = Having<'firstDownload'>;
/** The segments outside `Has`. */
type Without<Has> = Exclude<CatalogSegment, Has>;

/** Copied through the add call alone, naming the item by its id: in a factory, analog bands (S2 §4), VCVs (§7.3) and spectra (§7.6); VCV templates too. */
const FACTORY_COPY_BY_ADD: Record<Without<FactoryCopy>, true> = { band: true, vcv: true, spectrum: true };
const TEMPLATE_COPY_BY_ADD: Record<Without<TemplateCopy>, true> = { vcv: true };
/** Downloaded at download/{id}: digital bands and VCVs (S2 §7.2, §7.4). */
const DOWNLOAD_FIRST: Record<FirstDownload, true> = { digitalband: true, digitalvcv: true };
/** Downloaded through the add call alone, naming the template by its GUID: analog bands, VCVs and spectra (S2 §7.1, §7.3, §7.6). */
const DOWNLOAD_BY_ADD: Record<Without<OwnDownload | FirstDownload>, true> = { band: true, vcv: true, spectrum: true };

const hasFactoryCopy = (s: CatalogSegment): s is FactoryCopy => !(s in FACTORY_COPY_BY_ADD);
const hasTemplateCopy = (s: CatalogSegment): s is TemplateCopy => !(s in TEMPLATE_COPY_BY_ADD);
const downloadsFirst = (s: CatalogSegment): s is FirstDownload => s in DOWNLOAD_FIRST;
const hasOwnDownload = (s: CatalogSegment): s is OwnDownload => !(s in DOWNLOAD_BY_ADD) && !downloadsFirst(s);

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
  /** Saves `body` as an edit of `read`, the item as the editor read it (basedOn). */
  update: (kind: CatalogKind, side: Side, factory: number, id: string, body: CatalogItem, read?: CatalogItem): Promise<CatalogItem> =>
    unwrap(
      api.PUT(`${base(kind.segment, side)}/{id}`, {
        params: { path: { factory, id }, header: basedOn(read) },
        body: asBody<EditBody>(body),
      }),
    ),
  /** Deletes an item; a delete answered with a falsy result has failed as one answered 400 (S2 §8). */
  remove: async (kind: CatalogKind, side: Side, factory: number, id: string): Promise<void> => {
    const result: unknown = await unwrap(api.DELETE(`${base(kind.segment, side)}/{id}`, atItem(factory, id)));
    if (result === false) throw new ApiError(200, []);
  },
  /** Copies an item (CAT-005) where its kind copies: its copy call, or the add call naming it by its id. */
  copy: (kind: CatalogKind, side: Side, factory: number, item: CatalogItem): Promise<CatalogItem> => {
    const at = atItem(factory, itemKey(kind, side, item));
    if (side === 'factory' && hasFactoryCopy(kind.segment)) {
      return kind.copyMethod === 'PUT'
        ? unwrap(api.PUT(`/api/user/{factory}/${kind.segment}/{id}/copy`, at))
        : unwrap(api.POST(`/api/user/{factory}/${kind.segment}/{id}/copy`, at));
    }
    if (side === 'template' && hasTemplateCopy(kind.segment)) {
      return kind.copyMethod === 'PUT' ? unwrap(api.PUT(`/api/${kind.segment}/{id}/copy`, at)) : unwrap(api.POST(`/api/${kind.segment}/{id}/copy`, at));
    }
    const field = side === 'factory' ? kind.idField : kind.templateIdField;
    return catalogCalls.create(kind, side, factory, { [field]: item[field] });
  },
  /** Downloads a template into the factory (CAT-004) where its kind downloads: by its id (or GUID for GUID kinds) in the path, or its GUID in the add call. */
  download: (kind: CatalogKind, factory: number, template: CatalogItem): Promise<CatalogItem> => {
    const at = atItem(factory, itemKey(kind, 'template', template));
    if (downloadsFirst(kind.segment)) return unwrap(api.POST(`/api/user/{factory}/${kind.segment}/download/{id}`, at));
    if (hasOwnDownload(kind.segment)) return unwrap(api.POST(`/api/user/{factory}/${kind.segment}/{id}/download`, at));
    return catalogCalls.create(kind, 'factory', factory, { [kind.templateGuidField]: templateGuid(kind, template) });
  },
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

/**
 * One item, as its editor loads it (always fresh: another user may have changed it); each
 * answer its own object, which knows its version (basedOn).
 */
export function itemQuery(kind: CatalogKind, side: Side, factory: number, id: string) {
  return {
    queryKey: keys.catalogItem(owner(side, factory), kind.segment, id),
    queryFn: () => catalogCalls.get(kind, side, factory, id),
    staleTime: 0,
    retry: false,
    structuralSharing: false,
  };
}

/** What an editor action does: save, delete or copy an item of the editor's side, or download a template into the factory. */
export type CatalogChange =
  | { action: 'save'; id?: string; body: CatalogItem; base?: CatalogItem }
  | { action: 'delete'; id: string }
  | { action: 'copy'; item: CatalogItem }
  | { action: 'download'; template: CatalogItem }
  | { action: 'unlink'; holder: Holder; id: string };

function run(kind: CatalogKind, side: Side, factory: number, change: CatalogChange): Promise<unknown> {
  switch (change.action) {
    case 'save':
      return change.id === undefined
        ? catalogCalls.create(kind, side, factory, change.body)
        : catalogCalls.update(kind, side, factory, change.id, change.body, change.base);
    case 'delete':
      return catalogCalls.remove(kind, side, factory, change.id);
    case 'copy':
      return catalogCalls.copy(kind, side, factory, change.item);
    case 'download':
      return catalogCalls.download(kind, factory, change.template);
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
