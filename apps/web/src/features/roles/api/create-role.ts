import type { RoleDetail, RoleForm } from '@milepost/contracts/roles-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoles } from './invalidate-roles';

/** POST /roles */
export function createRole(body: RoleForm): Promise<RoleDetail> {
  return api.post<RoleDetail>('/roles', body);
}

export function useCreateRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => invalidateRoles(queryClient) });
}
