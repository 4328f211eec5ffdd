import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, type Paged } from '@milepost/contracts/list-query';
import type { PermissionRow } from '@milepost/contracts/permissions-api';
import type { RoleDetail, RoleForm, RoleRow } from '@milepost/contracts/roles-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface RolesListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  active?: boolean | undefined;
}

export const rolesKeys = areaKeys('roles');

/** GET /roles: one page. */
export function getRoles(params: RolesListParams, page: number, signal?: AbortSignal): Promise<Paged<RoleRow>> {
  return callApi(routes.roles.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, active: params.active }, signal });
}

export function rolesListQueryOptions(params: RolesListParams) {
  return pagedInfiniteQueryOptions(rolesKeys.list(params), (page, signal) => getRoles(params, page, signal));
}

/** GET /roles/{id}: the role with its permissionIds and permissions. */
export function roleQueryOptions(id: number) {
  return queryOptions({ queryKey: rolesKeys.detail(id), queryFn: ({ signal }) => callApi(routes.roles.get, { params: { id }, signal }) });
}

function getEnabledPermissionsPage(page: number, signal?: AbortSignal): Promise<Paged<PermissionRow>> {
  return callApi(routes.permissions.list, { query: { active: true, page, size: PAGE_SIZE_MAX, sort: 'id,asc' }, signal });
}

/**
 * Every enabled permission, for the role form (size 100, active only): the first page, then the
 * remaining pages together when there are more than 100.
 */
export async function getEnabledPermissions(signal?: AbortSignal): Promise<PermissionRow[]> {
  const first = await getEnabledPermissionsPage(0, signal);
  if (first.totalPages <= 1) return first.content;
  const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => getEnabledPermissionsPage(i + 1, signal)));
  return [first, ...rest].flatMap((p) => p.content);
}

/** Under the permissions root: a permission write refreshes it. */
export function enabledPermissionsQueryOptions() {
  return queryOptions({ queryKey: areaKeys('permissions').options('enabled-all'), queryFn: ({ signal }) => getEnabledPermissions(signal) });
}

/** POST /roles */
export function createRole(body: RoleForm): Promise<RoleDetail> {
  return callApi(routes.roles.create, { body });
}

/** PUT /roles/{id} */
export function updateRole({ id, body }: { id: number; body: RoleForm }): Promise<RoleDetail> {
  return callApi(routes.roles.update, { params: { id }, body });
}

/** PATCH /roles/change-status/{id}?active= */
export function changeRoleStatus({ id, active }: { id: number; active: boolean }): Promise<RoleDetail> {
  return callApi(routes.roles.changeStatus, { params: { id }, query: { active } });
}

export const useCreateRoleMutation = () => useWriteMutation('roles', createRole);
export const useUpdateRoleMutation = () => useWriteMutation('roles', updateRole);
export const useChangeRoleStatusMutation = () => useWriteMutation('roles', changeRoleStatus);
