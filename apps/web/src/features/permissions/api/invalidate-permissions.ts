import type { QueryClient } from '@tanstack/react-query';
import { refreshCurrentUser } from '@/lib/permissions';
import { QUERY_ROOTS } from '@/lib/query-keys';

/**
 * After a permission write: every permission list and record, the roles (their details carry
 * permissions and the role form lists enabled ones) and the signed-in user's permissions.
 */
export async function invalidatePermissions(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.permissions }),
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.roles }),
    refreshCurrentUser(queryClient),
  ]);
}
