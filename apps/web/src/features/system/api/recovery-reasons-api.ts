import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';

/** Sort fields of GET /recovery/reasons (contracts recoveryReasonListQuery). */
export const recoveryReasonSortFields = ['id', 'name', 'active', 'created'] as const;

export interface RecoveryReasonsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const recoveryReasonsKeys = {
  all: ['recovery-reasons'] as const,
  lists: () => ['recovery-reasons', 'list'] as const,
  list: (params: RecoveryReasonsListParams) => ['recovery-reasons', 'list', params] as const,
  detail: (id: number) => ['recovery-reasons', 'detail', id] as const,
};

/** GET /recovery/reasons: one page. */
export function getRecoveryReasons(params: RecoveryReasonsListParams, page: number, signal?: AbortSignal): Promise<Paged<RecoveryReasonRow>> {
  return api.get<Paged<RecoveryReasonRow>>('/recovery/reasons', {
    query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort },
    signal,
  });
}

export function recoveryReasonsListQueryOptions(params: RecoveryReasonsListParams) {
  return pagedInfiniteQueryOptions(recoveryReasonsKeys.list(params), (page, signal) => getRecoveryReasons(params, page, signal));
}

/** After a write every reasons list and the record are refreshed. */
export async function invalidateRecoveryReasons(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: recoveryReasonsKeys.lists() }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: recoveryReasonsKeys.detail(id) }),
  ]);
}

/** POST /recovery/reasons */
export function createRecoveryReason(body: { name: string }): Promise<RecoveryReasonRow> {
  return api.post<RecoveryReasonRow>('/recovery/reasons', body);
}

/** PUT /recovery/reasons with the id in the body, as the spec shows. */
export function updateRecoveryReason(body: { id: number; name: string }): Promise<RecoveryReasonRow> {
  return api.put<RecoveryReasonRow>('/recovery/reasons', body);
}

/** PATCH /recovery/reasons/change-status/{id}?active= */
export function changeRecoveryReasonStatus({ id, active }: { id: number; active: boolean }): Promise<RecoveryReasonRow> {
  return api.patch<RecoveryReasonRow>(`/recovery/reasons/change-status/${id}`, undefined, { query: { active } });
}

function useReasonWrite<I>(fn: (input: I) => Promise<RecoveryReasonRow>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (reason) => invalidateRecoveryReasons(queryClient, reason.id) });
}

export const useCreateRecoveryReasonMutation = () => useReasonWrite(createRecoveryReason);
export const useUpdateRecoveryReasonMutation = () => useReasonWrite(updateRecoveryReason);
export const useChangeRecoveryReasonStatusMutation = () => useReasonWrite(changeRecoveryReasonStatus);
