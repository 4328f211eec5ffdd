import { QueryClient } from '@tanstack/react-query';

/** Cache defaults from docs/product/shell.md: stale after 5 minutes, no refetch on focus, no retries. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
