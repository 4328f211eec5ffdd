import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { QUERY_ROOTS } from '@/lib/query-keys';

export interface PermissionsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  enabled?: boolean | undefined;
}

export const permissionsKeys = {
  all: QUERY_ROOTS.permissions,
  lists: () => [...QUERY_ROOTS.permissions, 'list'] as const,
  list: (params: PermissionsListParams) => [...QUERY_ROOTS.permissions, 'list', params] as const,
  detail: (id: number) => [...QUERY_ROOTS.permissions, 'detail', id] as const,
};

/** GET /permissions: one page. */
export function getPermissions(params: PermissionsListParams, page: number, signal?: AbortSignal): Promise<Paged<PermissionRow>> {
  return api.get<Paged<PermissionRow>>('/permissions', {
    query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, enabled: params.enabled },
    signal,
  });
}

export function permissionsListQueryOptions(params: PermissionsListParams) {
  return pagedInfiniteQueryOptions(permissionsKeys.list(params), (page, signal) => getPermissions(params, page, signal));
}
