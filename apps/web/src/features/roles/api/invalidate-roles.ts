import type { QueryClient } from '@tanstack/react-query';
import { refreshCurrentUser } from '@/lib/permissions';
import { QUERY_ROOTS } from '@/lib/query-keys';

/**
 * After a role write: every role list, lookup and record; the users lists (they show role
 * names); and the signed-in user's permissions, so the sidebar follows at once (spec 02 §4).
 */
export async function invalidateRoles(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.roles }),
    queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.users }),
    refreshCurrentUser(queryClient),
  ]);
}
