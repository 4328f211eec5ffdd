import type { RoleDetail } from '@milepost/contracts/roles-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateRoles } from './invalidate-roles';

/** PATCH /roles/change-status/{id}?active= */
export function changeRoleStatus({ id, active }: { id: number; active: boolean }): Promise<RoleDetail> {
  return api.patch<RoleDetail>(`/roles/change-status/${id}`, undefined, { query: { active } });
}

export function useChangeRoleStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeRoleStatus, onSuccess: () => invalidateRoles(queryClient) });
}
