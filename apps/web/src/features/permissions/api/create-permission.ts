import type { PermissionForm, PermissionRow } from '@milepost/contracts/permissions-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePermissions } from './invalidate-permissions';

/** POST /permissions */
export function createPermission(body: PermissionForm): Promise<PermissionRow> {
  return api.post<PermissionRow>('/permissions', body);
}

export function useCreatePermissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPermission, onSuccess: () => invalidatePermissions(queryClient) });
}
