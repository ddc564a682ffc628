// The calls of the site's 'alarms' tab: a page of its series with the counts per state, the
// site's areas and machines for the filters (the side-bar's children calls) (docs/API.md,
// "Alarms").
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import type { TreeNode } from '../../api/types';
import { useFactory } from '../../app/factory';
import { childrenQuery } from '../tree/api';
import { alarmsQuery, type AlarmFilter } from './siteAlarms';

/** A page of the site's series, worst first, with the counts per state; the page shown stays while the next loads. */
export function useSiteAlarms(site: number, filter: AlarmFilter, page: number) {
  const { factoryId = 0 } = useFactory();
  const query = alarmsQuery(filter, page);
  return useQuery({
    queryKey: keys.siteAlarms(factoryId, site, query),
    queryFn: () => unwrap(api.GET('/api/user/{factory}/site/{site}/alarms', { params: { path: { factory: factoryId, site }, query } })),
    enabled: factoryId > 0 && site > 0,
    placeholderData: keepPreviousData,
  });
}

/** The site's areas and the machines of each (the side-bar's lists, shared with it). */
export function useSiteMachines(site: number) {
  const { factoryId = 0 } = useFactory();
  const areas = useQuery({ ...childrenQuery(factoryId, 'site', site), enabled: factoryId > 0 && site > 0 });
  const list = areas.data ?? [];
  const machines = useQueries({
    queries: list.map((a) => ({ ...childrenQuery(factoryId, 'area', a.ID), enabled: factoryId > 0 })),
    combine: (results) => new Map<number, TreeNode[]>(results.map((r, i) => [list[i].ID, r.data ?? []])),
  });
  return { areas: list, machinesOf: (area: number) => machines.get(area) ?? [] };
}
