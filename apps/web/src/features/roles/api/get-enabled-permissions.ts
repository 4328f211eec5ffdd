import { PAGE_SIZE_MAX, type Paged } from '@milepost/contracts/api';
import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';

function getEnabledPermissionsPage(page: number, signal?: AbortSignal): Promise<Paged<PermissionRow>> {
  return api.get<Paged<PermissionRow>>('/permissions', { query: { active: true, page, size: PAGE_SIZE_MAX, sort: 'id,asc' }, signal });
}

/**
 * Every enabled permission, for the role form (spec 02 §9: size 100, active only): the first
 * page, then the remaining pages together when there are more than 100.
 */
export async function getEnabledPermissions(signal?: AbortSignal): Promise<PermissionRow[]> {
  const first = await getEnabledPermissionsPage(0, signal);
  if (first.totalPages <= 1) return first.content;
  const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => getEnabledPermissionsPage(i + 1, signal)));
  return [first, ...rest].flatMap((p) => p.content);
}

export function enabledPermissionsQueryOptions() {
  return queryOptions({
    queryKey: [...QUERY_ROOTS.permissions, 'enabled-all'] as const,
    queryFn: ({ signal }) => getEnabledPermissions(signal),
  });
}
