// The measured history's calls the screens make: how many values a data cleaning would
// delete and the cleaning itself (below a site, an area or a machine), and the import of a
// file, sent with its upload's progress (docs/API.md, "Measured history").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, sessionEnded, unwrap } from '../../api/client';
import { ApiError } from '../../api/errors';
import { keys } from '../../api/keys';
import type { paths } from '../../api/schema';
import { useFactory } from '../../app/factory';
import { currentLanguage } from '../../i18n';

/** The levels of the tree whose wrapper has a data-cleaning tab (TREE-001, TREE-003, TREE-004). */
export type CleaningLevel = 'site' | 'area' | 'machine';

const CLEANING_PATH = {
  site: '/api/user/{factory}/site/{id}/history',
  area: '/api/user/{factory}/area/{id}/history',
  machine: '/api/user/{factory}/machine/{id}/history',
} as const satisfies Record<CleaningLevel, keyof paths>;

/** What a data cleaning chooses: a period of whole days and, on a machine, optionally a point, an associated VCV or VCP and a condition. */
export type CleaningQuery = NonNullable<paths[(typeof CLEANING_PATH)['machine']]['get']['parameters']['query']>;

/** How many values the cleaning would delete (read-only users may ask too). */
export function useCleaningCount(level: CleaningLevel, id: number, query: CleaningQuery) {
  const { factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.historyCount(factoryId, level, id, query),
    queryFn: async () =>
      (await unwrap(api.GET(CLEANING_PATH[level], { params: { path: { factory: factoryId, id }, query } })))?.Valores ?? 0,
    enabled: factoryId > 0 && id > 0,
  });
}

/** Deletes what the cleaning chooses, in one transaction; answers how many values went. */
export function useClean(level: CleaningLevel, id: number) {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (query: CleaningQuery) =>
      (await unwrap(api.DELETE(CLEANING_PATH[level], { params: { path: { factory: factoryId, id }, query } })))?.Valores ?? 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.history(factoryId) }),
  });
}

/** The report of an import the server took. */
export type Imported = NonNullable<paths['/api/user/{factory}/history/import']['post']['responses'][200]['content']['application/json']>;

/**
 * Sends an import file (CSV or JSON, by its name) and reports the upload's progress from 0 to
 * 1; resolves with the server's report, rejects with an ApiError carrying its reasons. Uses
 * XMLHttpRequest: fetch reports no upload progress.
 */
export function sendImport(factory: number, file: File, onProgress: (done: number) => void): Promise<Imported> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/user/${factory}/history/import`);
    xhr.setRequestHeader('X-Requested-With', 'vigia');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('Content-Type', file.name.toLowerCase().endsWith('.json') ? 'application/json' : 'text/csv');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 401) sessionEnded();
      if (xhr.status === 200) resolve(body as Imported);
      else reject(new ApiError(xhr.status, (body as { errors?: ApiError['errors'] } | undefined)?.errors ?? []));
    };
    xhr.onerror = () => reject(new TypeError('network'));
    xhr.send(file);
  });
}

/** After an import, what reads the history reloads. */
export function useImported() {
  const { factoryId = 0 } = useFactory();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.history(factoryId) });
}
