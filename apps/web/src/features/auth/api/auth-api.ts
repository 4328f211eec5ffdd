import type { CurrentUser, ProfileUpdate } from '@milepost/contracts/auth';
import { AUTH_MESSAGES } from '@milepost/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '@/components/layout/toasts';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { meQueryKey } from '@/lib/current-user';
import { useWriteMutation } from '@/lib/query-keys';
import { clearTokens, getRefreshToken } from '@/lib/token-storage';

// The signed-in user (GET /me) is read through lib/current-user.ts: guards and the sidebar need it too.
// Signing in and resetting a password are in sign-in-api.ts: the sign-in screens load no query client.

/** PUT /profile with the `version` the profile was read at (a stale one gets 409 STALE_VERSION). */
export function updateProfile(body: ProfileUpdate): Promise<CurrentUser> {
  return callApi(routes.auth.updateProfile, { body });
}

/** The own profile is a user record: the cached /me takes the server's answer, and lists showing the name refresh. */
export function useUpdateProfileMutation() {
  return useWriteMutation('users', updateProfile, (queryClient, user) => queryClient.setQueryData(meQueryKey, user));
}

/**
 * Revokes the sign-in on the server (failures ignored: the user is leaving either way) and then
 * forgets the tokens locally. Clearing the query cache and navigating is the caller's job.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await callApi(routes.auth.logout, { body: { refreshToken }, skipAuthRefresh: true });
    } catch {
      /* ignored on purpose: a failed logout is only logged (docs/product/shell.md) */
    }
  }
  clearTokens();
}

/** Log Out as the user sees it: revoke, forget tokens and cached data, toast, go to /login. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    toast.success(AUTH_MESSAGES.loggedOut);
    await navigate({ to: '/login' });
    queryClient.clear();
  }, [navigate, queryClient]);
}
