import type { CurrentUser } from '@milepost/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { errorMessageFor } from '@/lib/error-messages';
import { getAccessToken, getRefreshToken } from '@/lib/token-storage';

export const meQueryKey = ['auth', 'me'] as const;

export function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  // Signed out (e.g. a screen still mounted while Log Out navigates away): do not ask the server.
  if (!getAccessToken() && !getRefreshToken()) return Promise.reject(new ApiError({ status: 401, message: errorMessageFor(401) }));
  return api.get<CurrentUser>('/me', { signal });
}

/** The signed-in user with their permissions (GET /me). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
  });
}
