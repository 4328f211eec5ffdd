import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { ShopForm, ShopRow } from '@milepost/contracts/shops-api';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';

/** Sort fields of GET /shops (contracts shopListQuery). */
export const shopSortFields = ['id', 'name', 'location', 'active', 'created'] as const;

export interface ShopsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const shopsKeys = {
  all: ['shops'] as const,
  lists: () => ['shops', 'list'] as const,
  list: (params: ShopsListParams) => ['shops', 'list', params] as const,
  detail: (id: number) => ['shops', 'detail', id] as const,
};

/** GET /shops: one page. */
export function getShops(params: ShopsListParams, page: number, signal?: AbortSignal): Promise<Paged<ShopRow>> {
  return api.get<Paged<ShopRow>>('/shops', { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function shopsListQueryOptions(params: ShopsListParams) {
  return pagedInfiniteQueryOptions(shopsKeys.list(params), (page, signal) => getShops(params, page, signal));
}

/** After a write the lists and the record are refreshed. */
export async function invalidateShops(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: shopsKeys.lists() }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: shopsKeys.detail(id) }),
  ]);
}

/** POST /shops */
export function createShop(body: ShopForm): Promise<ShopRow> {
  return api.post<ShopRow>('/shops', body);
}

/** PUT /shops/{id} */
export function updateShop({ id, body }: { id: number; body: ShopForm }): Promise<ShopRow> {
  return api.put<ShopRow>(`/shops/${id}`, body);
}

/** PATCH /shops/change-status/{id}?active= */
export function changeShopStatus({ id, active }: { id: number; active: boolean }): Promise<ShopRow> {
  return api.patch<ShopRow>(`/shops/change-status/${id}`, undefined, { query: { active } });
}

function useShopWrite<I>(fn: (input: I) => Promise<ShopRow>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (shop) => invalidateShops(queryClient, shop.id) });
}

export const useCreateShopMutation = () => useShopWrite(createShop);
export const useUpdateShopMutation = () => useShopWrite(updateShop);
export const useChangeShopStatusMutation = () => useShopWrite(changeShopStatus);
