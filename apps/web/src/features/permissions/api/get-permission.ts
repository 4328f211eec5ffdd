import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { permissionsKeys } from './get-permissions';

/** GET /permissions/{id} */
export function getPermission(id: number, signal?: AbortSignal): Promise<PermissionRow> {
  return api.get<PermissionRow>(`/permissions/${id}`, { signal });
}

export function permissionQueryOptions(id: number) {
  return queryOptions({ queryKey: permissionsKeys.detail(id), queryFn: ({ signal }) => getPermission(id, signal) });
}
