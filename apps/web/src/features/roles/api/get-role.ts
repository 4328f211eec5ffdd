import type { RoleDetail } from '@milepost/contracts/roles-api';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rolesKeys } from './get-roles';

/** GET /roles/{id}: the role with its permissionIds and permissions. */
export function getRole(id: number, signal?: AbortSignal): Promise<RoleDetail> {
  return api.get<RoleDetail>(`/roles/${id}`, { signal });
}

export function roleQueryOptions(id: number) {
  return queryOptions({ queryKey: rolesKeys.detail(id), queryFn: ({ signal }) => getRole(id, signal) });
}
