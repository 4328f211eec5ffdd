import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { RoleRow } from '@milepost/contracts/roles-api';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { QUERY_ROOTS } from '@/lib/query-keys';

export interface RolesListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  active?: boolean | undefined;
}

export const rolesKeys = {
  all: QUERY_ROOTS.roles,
  lists: () => [...QUERY_ROOTS.roles, 'list'] as const,
  list: (params: RolesListParams) => [...QUERY_ROOTS.roles, 'list', params] as const,
  detail: (id: number) => [...QUERY_ROOTS.roles, 'detail', id] as const,
};

/** GET /roles: one page. */
export function getRoles(params: RolesListParams, page: number, signal?: AbortSignal): Promise<Paged<RoleRow>> {
  return api.get<Paged<RoleRow>>('/roles', {
    query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, active: params.active },
    signal,
  });
}

export function rolesListQueryOptions(params: RolesListParams) {
  return pagedInfiniteQueryOptions(rolesKeys.list(params), (page, signal) => getRoles(params, page, signal));
}
