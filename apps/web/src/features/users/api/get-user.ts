import type { UserRow } from '@milepost/contracts/users-api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersKeys } from './get-users';

/** GET /users/{id}. */
export function getUser(id: number, signal?: AbortSignal): Promise<UserRow> {
  return api.get<UserRow>(`/users/${id}`, { signal });
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: usersKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal) });
}
