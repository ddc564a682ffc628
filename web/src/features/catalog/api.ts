// Calls of the catalogue, one set for every kind: list, get, add, edit, delete, copy and
// download, at /api/user/{factory}/{segment} (factory items) and /api/{segment} (templates).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { looseApi as client, unwrap, type LooseInit as Init } from '../../api/client';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import { currentLanguage } from '../../i18n';
import type { CatalogItem, CatalogKind, Side } from './kind';

function base(kind: CatalogKind, side: Side): string {
  return side === 'template' ? `/api/${kind.segment}` : `/api/user/{factory}/${kind.segment}`;
}

const at = (factory: number, id?: string): Init => ({ params: { path: id === undefined ? { factory } : { factory, id } } });

/**
 * The calls of a kind's items of one side: the factory's, or the templates' (read by everyone,
 * written by ADMIN). `factory` is the current factory (unused for templates).
 */
export const catalogCalls = {
  list: async (kind: CatalogKind, side: Side, factory: number) =>
    ((await unwrap(client.GET(base(kind, side), at(factory)))) ?? []) as CatalogItem[],
  get: (kind: CatalogKind, side: Side, factory: number, id: string) =>
    unwrap(client.GET(`${base(kind, side)}/{id}`, at(factory, id))) as Promise<CatalogItem>,
  create: (kind: CatalogKind, side: Side, factory: number, body: CatalogItem) =>
    unwrap(client.POST(base(kind, side), { ...at(factory), body })) as Promise<CatalogItem>,
  update: (kind: CatalogKind, side: Side, factory: number, id: string, body: CatalogItem) =>
    unwrap(client.PUT(`${base(kind, side)}/{id}`, { ...at(factory, id), body })) as Promise<CatalogItem>,
  remove: (kind: CatalogKind, side: Side, factory: number, id: string) =>
    unwrap(client.DELETE(`${base(kind, side)}/{id}`, at(factory, id))),
  copy: (kind: CatalogKind, side: Side, factory: number, id: string) =>
    unwrap(client[kind.copyMethod](`${base(kind, side)}/{id}/copy`, at(factory, id))) as Promise<CatalogItem>,
  /** Downloads a template (its id, or GUID for GUID kinds) into the factory (CAT-004). */
  download: (kind: CatalogKind, factory: number, templateId: string) =>
    unwrap(client.POST(`${base(kind, 'factory')}/{id}/download`, at(factory, templateId))) as Promise<CatalogItem>,
};

/** The link calls of an item (a spectrum's bands): associate and dissociate another kind's item (204). */
export const linkCalls = {
  link: (kind: CatalogKind, side: Side, factory: number, id: string, segment: string, target: string) =>
    unwrap(client.POST(`${base(kind, side)}/{id}/${segment}/{link}`, { params: { path: { factory, id, link: target } } })),
  unlink: (kind: CatalogKind, side: Side, factory: number, id: string, segment: string, target: string) =>
    unwrap(client.DELETE(`${base(kind, side)}/{id}/${segment}/{link}`, { params: { path: { factory, id, link: target } } })),
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
  | { action: 'download'; templateId: string };

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
  }
}

/**
 * Runs an editor action on the items of `kind` of one side. It answers the item saved, copied
 * or downloaded (undefined for a delete); on success the lists of the side changed reload
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
