import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { DispatcherForm, DispatcherRow, TeamRow } from '@milepost/contracts/dispatchers-api';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';

/** Sort fields of GET /dispatchers (contracts dispatcherListQuery). */
export const dispatcherSortFields = ['id', 'firstName', 'lastName', 'team', 'active', 'created'] as const;

export interface DispatchersListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  teamId?: number | undefined;
}

export const dispatchersKeys = {
  all: ['dispatchers'] as const,
  lists: () => ['dispatchers', 'list'] as const,
  list: (params: DispatchersListParams) => ['dispatchers', 'list', params] as const,
  detail: (id: number) => ['dispatchers', 'detail', id] as const,
};

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

/** Options per page of the team picker. */
export const TEAM_OPTIONS_PAGE_SIZE = 20;

/** GET /teams?keyword&active=true: the team picker of the dispatcher form and filter. */
export function teamOptionsQueryOptions(keyword: string) {
  return pagedInfiniteQueryOptions(['teams', 'options', keyword] as const, (page, signal) =>
    api.get<Paged<TeamRow>>('/teams', { query: { keyword, active: true, page, size: TEAM_OPTIONS_PAGE_SIZE, sort: 'name,asc' }, signal }),
  );
}

/** After a write the lists and the record are refreshed. */
export async function invalidateDispatchers(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: dispatchersKeys.lists() }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: dispatchersKeys.detail(id) }),
  ]);
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

function useDispatcherWrite<I>(fn: (input: I) => Promise<DispatcherRow>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (row) => invalidateDispatchers(queryClient, row.id) });
}

export const useCreateDispatcherMutation = () => useDispatcherWrite(createDispatcher);
export const useUpdateDispatcherMutation = () => useDispatcherWrite(updateDispatcher);
export const useChangeDispatcherStatusMutation = () => useDispatcherWrite(changeDispatcherStatus);
