import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** Creates the query client: client errors (4xx) are final, so only other failures are retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
