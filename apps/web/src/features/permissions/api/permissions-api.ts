import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { PermissionForm, PermissionRow } from '@milepost/contracts/permissions-api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface PermissionsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  enabled?: boolean | undefined;
}

export const permissionsKeys = areaKeys('permissions');

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

/** GET /permissions/{id} */
export function permissionQueryOptions(id: number) {
  return queryOptions({ queryKey: permissionsKeys.detail(id), queryFn: ({ signal }) => api.get<PermissionRow>(`/permissions/${id}`, { signal }) });
}

/** POST /permissions */
export function createPermission(body: PermissionForm): Promise<PermissionRow> {
  return api.post<PermissionRow>('/permissions', body);
}

/** PUT /permissions/{id}; the name must equal the current one (names never change). */
export function updatePermission({ id, body }: { id: number; body: PermissionForm }): Promise<PermissionRow> {
  return api.put<PermissionRow>(`/permissions/${id}`, body);
}

/** PATCH /permissions/change-status/{id}?enabled= */
export function changePermissionStatus({ id, enabled }: { id: number; enabled: boolean }): Promise<PermissionRow> {
  return api.patch<PermissionRow>(`/permissions/change-status/${id}`, undefined, { query: { enabled } });
}

export const useCreatePermissionMutation = () => useWriteMutation('permissions', createPermission);
export const useUpdatePermissionMutation = () => useWriteMutation('permissions', updatePermission);
export const useChangePermissionStatusMutation = () => useWriteMutation('permissions', changePermissionStatus);
