import type { Paged } from '@milepost/contracts/api';
import type { RoleRow } from '@milepost/contracts/roles-api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { QUERY_ROOTS } from '@/lib/query-keys';

/** Options per page of the role picker. */
export const ROLE_OPTIONS_PAGE_SIZE = 20;

/** GET /roles?keyword&active=true: active roles for the user form's role picker. */
export function getRoleOptions(keyword: string, page: number, signal?: AbortSignal): Promise<Paged<RoleRow>> {
  return api.get<Paged<RoleRow>>('/roles', {
    query: { keyword, active: true, page, size: ROLE_OPTIONS_PAGE_SIZE, sort: 'name,asc' },
    signal,
  });
}

export function roleOptionsQueryOptions(keyword: string) {
  return pagedInfiniteQueryOptions([...QUERY_ROOTS.roles, 'options', keyword] as const, (page, signal) =>
    getRoleOptions(keyword, page, signal),
  );
}

/** The active role named `name` (the new-user form preselects OWNER), or null. */
export function roleByNameQueryOptions(name: string) {
  return queryOptions({
    queryKey: [...QUERY_ROOTS.roles, 'by-name', name] as const,
    queryFn: async ({ signal }) => {
      const page = await getRoleOptions(name, 0, signal);
      return page.content.find((role) => role.name === name) ?? null;
    },
  });
}
