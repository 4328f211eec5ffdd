import type { CurrentUser } from '@milepost/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get<CurrentUser>('/me', { signal });
}

/** The signed-in user with their permissions (GET /me). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
  });
}
