import type { CurrentUser } from '@milepost/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export function updateProfile(body: { firstName: string; lastName: string; phone: string | null }): Promise<CurrentUser> {
  return api.put<CurrentUser>('/profile', body);
}

/** PUT /profile, then the cached /me takes the server's answer. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
