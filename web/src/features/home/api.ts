// The home page's one call: the factory at a glance (docs/API.md, "Home page").
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { keys } from '../../api/keys';
import { useFactory } from '../../app/factory';
import { isTemplateWorkspace } from '../../app/workspace';

/**
 * The current factory's overview (none for the template workspace, which holds no plant), read
 * again whenever the page shows: every save anywhere may change it.
 */
export function useOverview() {
  const { factory, factoryId = 0 } = useFactory();
  return useQuery({
    queryKey: keys.overview(factoryId),
    queryFn: () => unwrap(api.GET('/api/user/{factory}/overview', { params: { path: { factory: factoryId } } })),
    enabled: factoryId > 0 && !isTemplateWorkspace(factory),
    staleTime: 0,
  });
}
