import type { UserForm, UserRow } from '@milepost/contracts/users-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateUsers } from './invalidate-users';

export interface UpdateUserInput {
  id: number;
  body: UserForm & { version?: number | undefined };
}

/** PUT /users/{id}; `version` is the one the form was loaded at (a stale one gets 409). */
export function updateUser({ id, body }: UpdateUserInput): Promise<UserRow> {
  return api.put<UserRow>(`/users/${id}`, body);
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => invalidateUsers(queryClient, user.id),
  });
}
