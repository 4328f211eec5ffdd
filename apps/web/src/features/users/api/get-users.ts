import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { UserRow } from '@milepost/contracts/users-api';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** Filters of the users list (the URL's search params). `sort` is `<field>,<asc|desc>`. */
export interface UsersListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  active?: boolean | undefined;
  roleId?: number | undefined;
}

export const usersKeys = {
  all: QUERY_ROOTS.users,
  lists: () => [...QUERY_ROOTS.users, 'list'] as const,
  list: (params: UsersListParams) => [...QUERY_ROOTS.users, 'list', params] as const,
  detail: (id: number) => [...QUERY_ROOTS.users, 'detail', id] as const,
};

/** GET /users: one page. */
export function getUsers(params: UsersListParams, page: number, signal?: AbortSignal): Promise<Paged<UserRow>> {
  return api.get<Paged<UserRow>>('/users', {
    query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, active: params.active, roleId: params.roleId },
    signal,
  });
}

/** The users list, page after page as the table scrolls. */
export function usersListQueryOptions(params: UsersListParams) {
  return pagedInfiniteQueryOptions(usersKeys.list(params), (page, signal) => getUsers(params, page, signal));
}
