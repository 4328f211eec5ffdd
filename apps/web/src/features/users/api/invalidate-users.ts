import type { QueryClient } from '@tanstack/react-query';
import { refreshCurrentUser } from '@/lib/permissions';
import { usersKeys } from './get-users';

/**
 * After a write: the lists and the single record are refreshed, and so is the signed-in user
 * (their own record, name or role may have changed).
 */
export async function invalidateUsers(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: usersKeys.lists() }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: usersKeys.detail(id) }),
    refreshCurrentUser(queryClient),
  ]);
}
