import type { UserRow } from '@milepost/contracts/users-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateUsers } from './invalidate-users';

/** PATCH /users/change-status/{id}?active= */
export function changeUserStatus({ id, active }: { id: number; active: boolean }): Promise<UserRow> {
  return api.patch<UserRow>(`/users/change-status/${id}`, undefined, { query: { active } });
}

export function useChangeUserStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onSuccess: (user) => invalidateUsers(queryClient, user.id),
  });
}
