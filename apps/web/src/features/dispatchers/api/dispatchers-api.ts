import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { DispatcherForm, DispatcherRow } from '@milepost/contracts/dispatchers-api';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface DispatchersListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  teamId?: number | undefined;
}

export const dispatchersKeys = areaKeys('dispatchers');

/** GET /dispatchers: one page. */
export function getDispatchers(params: DispatchersListParams, page: number, signal?: AbortSignal): Promise<Paged<DispatcherRow>> {
  return api.get<Paged<DispatcherRow>>('/dispatchers', {
    query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, teamId: params.teamId },
    signal,
  });
}

export function dispatchersListQueryOptions(params: DispatchersListParams) {
  return pagedInfiniteQueryOptions(dispatchersKeys.list(params), (page, signal) => getDispatchers(params, page, signal));
}

/** POST /dispatchers */
export function createDispatcher(body: DispatcherForm): Promise<DispatcherRow> {
  return api.post<DispatcherRow>('/dispatchers', body);
}

/** PUT /dispatchers/{id} */
export function updateDispatcher({ id, body }: { id: number; body: DispatcherForm }): Promise<DispatcherRow> {
  return api.put<DispatcherRow>(`/dispatchers/${id}`, body);
}

/** PATCH /dispatchers/change-status/{id}?active= */
export function changeDispatcherStatus({ id, active }: { id: number; active: boolean }): Promise<DispatcherRow> {
  return api.patch<DispatcherRow>(`/dispatchers/change-status/${id}`, undefined, { query: { active } });
}

export const useCreateDispatcherMutation = () => useWriteMutation('dispatchers', createDispatcher);
export const useUpdateDispatcherMutation = () => useWriteMutation('dispatchers', updateDispatcher);
export const useChangeDispatcherStatusMutation = () => useWriteMutation('dispatchers', changeDispatcherStatus);
