import type { PermissionForm, PermissionRow } from '@milepost/contracts/permissions-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePermissions } from './invalidate-permissions';

/** PUT /permissions/{id}; the name must equal the current one (names never change). */
export function updatePermission({ id, body }: { id: number; body: PermissionForm }): Promise<PermissionRow> {
  return api.put<PermissionRow>(`/permissions/${id}`, body);
}

export function useUpdatePermissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePermission, onSuccess: () => invalidatePermissions(queryClient) });
}
