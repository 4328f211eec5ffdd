import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { DispatcherForm, DispatcherRow } from '@milepost/contracts/dispatchers-api';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
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
  return callApi(routes.dispatchers.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, teamId: params.teamId }, signal });
}

export function dispatchersListQueryOptions(params: DispatchersListParams) {
  return pagedInfiniteQueryOptions(dispatchersKeys.list(params), (page, signal) => getDispatchers(params, page, signal));
}

/** POST /dispatchers */
export function createDispatcher(body: DispatcherForm): Promise<DispatcherRow> {
  return callApi(routes.dispatchers.create, { body });
}

/** PUT /dispatchers/{id} */
export function updateDispatcher({ id, body }: { id: number; body: DispatcherForm }): Promise<DispatcherRow> {
  return callApi(routes.dispatchers.update, { params: { id }, body });
}

/** PATCH /dispatchers/change-status/{id}?active= */
export function changeDispatcherStatus({ id, active }: { id: number; active: boolean }): Promise<DispatcherRow> {
  return callApi(routes.dispatchers.changeStatus, { params: { id }, query: { active } });
}

export const useCreateDispatcherMutation = () => useWriteMutation('dispatchers', createDispatcher);
export const useUpdateDispatcherMutation = () => useWriteMutation('dispatchers', updateDispatcher);
export const useChangeDispatcherStatusMutation = () => useWriteMutation('dispatchers', changeDispatcherStatus);
