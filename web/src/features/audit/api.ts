import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { paths } from '../../api/schema';

/** What the audit log can be filtered by, and the page asked for. */
export type AuditFilter = NonNullable<paths['/api/admin/audit']['get']['parameters']['query']>;

/** A page of the log. */
export type AuditPage = NonNullable<Awaited<ReturnType<typeof fetchLog>>>;

/** One change of the log. */
export type AuditEntry = NonNullable<AuditPage['Filas']>[number];

const fetchLog = (filter: AuditFilter) => unwrap(api.GET('/api/admin/audit', { params: { query: filter } }));

/** Where a list of changes comes from: the whole log (ADMIN), or one machine's history. */
export type AuditSource = { kind: 'all' } | { kind: 'machine'; factory: number; machine: number };

/** A page of changes, newest first; the last page stays on screen while the next loads. */
export function useAuditLog(source: AuditSource, filter: AuditFilter) {
  return useQuery({
    queryKey: keys.audit(source, filter),
    queryFn: () =>
      source.kind === 'all'
        ? fetchLog(filter)
        : unwrap(
            api.GET('/api/user/{factory}/machine/{machine}/audit', {
              params: { path: { factory: source.factory, machine: source.machine }, query: filter },
            }),
          ),
    placeholderData: keepPreviousData,
    // Every save anywhere adds to the log: it is read again whenever it is shown.
    staleTime: 0,
  });
}
