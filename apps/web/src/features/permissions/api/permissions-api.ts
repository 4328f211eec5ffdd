import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { PermissionForm, PermissionRow } from '@milepost/contracts/permissions-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
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
  return callApi(routes.permissions.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, enabled: params.enabled }, signal });
}

export function permissionsListQueryOptions(params: PermissionsListParams) {
  return pagedInfiniteQueryOptions(permissionsKeys.list(params), (page, signal) => getPermissions(params, page, signal));
}

/** GET /permissions/{id} */
export function permissionQueryOptions(id: number) {
  return queryOptions({ queryKey: permissionsKeys.detail(id), queryFn: ({ signal }) => callApi(routes.permissions.get, { params: { id }, signal }) });
}

/** POST /permissions */
export function createPermission(body: PermissionForm): Promise<PermissionRow> {
  return callApi(routes.permissions.create, { body });
}

/** PUT /permissions/{id}; the name must equal the current one (names never change). */
export function updatePermission({ id, body }: { id: number; body: PermissionForm }): Promise<PermissionRow> {
  return callApi(routes.permissions.update, { params: { id }, body });
}

/** PATCH /permissions/change-status/{id}?enabled= */
export function changePermissionStatus({ id, enabled }: { id: number; enabled: boolean }): Promise<PermissionRow> {
  return callApi(routes.permissions.changeStatus, { params: { id }, query: { enabled } });
}

export const useCreatePermissionMutation = () => useWriteMutation('permissions', createPermission);
export const useUpdatePermissionMutation = () => useWriteMutation('permissions', updatePermission);
export const useChangePermissionStatusMutation = () => useWriteMutation('permissions', changePermissionStatus);
