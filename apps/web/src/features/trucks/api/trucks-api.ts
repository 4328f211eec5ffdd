import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { TruckForm, TruckRow } from '@milepost/contracts/trucks-api';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';

export interface TrucksListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  companyId?: number | undefined;
  driverId?: number | undefined;
}

export const trucksKeys = {
  all: ['trucks'] as const,
  lists: () => ['trucks', 'list'] as const,
  list: (params: TrucksListParams) => ['trucks', 'list', params] as const,
  detail: (id: number) => ['trucks', 'detail', id] as const,
};

/** GET /trucks: one page (keyword on the unit number, company and driver filters). */
export function getTrucks(params: TrucksListParams, page: number, signal?: AbortSignal): Promise<Paged<TruckRow>> {
  return api.get<Paged<TruckRow>>('/trucks', {
    query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, companyId: params.companyId, driverId: params.driverId },
    signal,
  });
}

export function trucksListQueryOptions(params: TrucksListParams) {
  return pagedInfiniteQueryOptions(trucksKeys.list(params), (page, signal) => getTrucks(params, page, signal));
}

/** GET /trucks/{id} */
export function truckQueryOptions(id: number) {
  return queryOptions({ queryKey: trucksKeys.detail(id), queryFn: ({ signal }) => api.get<TruckRow>(`/trucks/${id}`, { signal }) });
}

/** After a write the lists and the record are refreshed. */
export async function invalidateTrucks(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trucksKeys.lists() }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: trucksKeys.detail(id) }),
  ]);
}

export interface UpdateTruckInput {
  id: number;
  body: TruckForm & { version?: number | undefined };
}

/** PUT /trucks/{id}; `version` is the one the form was loaded at (a stale one gets 409). */
export function updateTruck({ id, body }: UpdateTruckInput): Promise<TruckRow> {
  return api.put<TruckRow>(`/trucks/${id}`, body);
}

/** PATCH /trucks/change-status/{id}?active= */
export function changeTruckStatus({ id, active }: { id: number; active: boolean }): Promise<TruckRow> {
  return api.patch<TruckRow>(`/trucks/change-status/${id}`, undefined, { query: { active } });
}

export function useUpdateTruckMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTruck, onSuccess: (truck) => invalidateTrucks(queryClient, truck.id) });
}

export function useChangeTruckStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeTruckStatus, onSuccess: (truck) => invalidateTrucks(queryClient, truck.id) });
}
