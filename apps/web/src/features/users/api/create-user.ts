import type { UserForm, UserRow } from '@milepost/contracts/users-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateUsers } from './invalidate-users';

/** POST /users: creates the account and emails an invitation to set a password. */
export function createUser(body: UserForm): Promise<UserRow> {
  return api.post<UserRow>('/users', body);
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => invalidateUsers(queryClient, user.id),
  });
}
