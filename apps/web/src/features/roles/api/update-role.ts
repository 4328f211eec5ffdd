import type { RoleDetail, RoleForm } from '@milepost/contracts/roles-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoles } from './invalidate-roles';

/** PUT /roles/{id} */
export function updateRole({ id, body }: { id: number; body: RoleForm }): Promise<RoleDetail> {
  return api.put<RoleDetail>(`/roles/${id}`, body);
}

export function useUpdateRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRole, onSuccess: () => invalidateRoles(queryClient) });
}
