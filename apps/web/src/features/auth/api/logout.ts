import { AUTH_MESSAGES } from '@milepost/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { clearTokens, getRefreshToken } from '@/lib/token-storage';

/**
 * Revokes the sign-in on the server (failures ignored: the user is leaving either way) and then
 * forgets the tokens locally. Clearing the query cache and navigating is the caller's job.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await api.post<null>('/auth/logout', { refreshToken }, { skipAuthRefresh: true });
    } catch {
      /* ignored on purpose (spec 01 §8: logout errors are only logged) */
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
