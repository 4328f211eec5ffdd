import type { CurrentUser } from '@milepost/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, callApi } from './api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { errorMessageFor } from './error-messages';
import { getAccessToken, getRefreshToken } from './token-storage';

/**
 * The root of the signed-in user's queries (one of `QUERY_ROOTS`). Declared here, not read from
 * query-keys.ts, so the route guards that read /me load no mutation code on the sign-in screen
 * (docs/decisions/013-first-screen-loads-fast.md).
 */
export const meQueryKey = ['auth', 'me'] as const;

/** GET /me: the signed-in user with their permissions. */
export function getMe(signal?: AbortSignal): Promise<CurrentUser> {
  // Signed out (e.g. a screen still mounted while Log Out navigates away): do not ask the server.
  if (!getAccessToken() && !getRefreshToken()) return Promise.reject(new ApiError({ status: 401, message: errorMessageFor(401) }));
  return callApi(routes.auth.me, { signal });
}

/** The signed-in user with their permissions (GET /me), read by guards, the sidebar and the footer. */
export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal) });
}
