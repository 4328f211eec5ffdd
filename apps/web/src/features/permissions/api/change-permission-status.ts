import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePermissions } from './invalidate-permissions';

/** PATCH /permissions/change-status/{id}?enabled= */
export function changePermissionStatus({ id, enabled }: { id: number; enabled: boolean }): Promise<PermissionRow> {
  return api.patch<PermissionRow>(`/permissions/change-status/${id}`, undefined, { query: { enabled } });
}

export function useChangePermissionStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePermissionStatus, onSuccess: () => invalidatePermissions(queryClient) });
}
