import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { ShopForm, ShopRow } from '@milepost/contracts/shops-api';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface ShopsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const shopsKeys = areaKeys('shops');

/** GET /shops: one page. */
export function getShops(params: ShopsListParams, page: number, signal?: AbortSignal): Promise<Paged<ShopRow>> {
  return api.get<Paged<ShopRow>>('/shops', { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function shopsListQueryOptions(params: ShopsListParams) {
  return pagedInfiniteQueryOptions(shopsKeys.list(params), (page, signal) => getShops(params, page, signal));
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

export const useCreateShopMutation = () => useWriteMutation('shops', createShop);
export const useUpdateShopMutation = () => useWriteMutation('shops', updateShop);
export const useChangeShopStatusMutation = () => useWriteMutation('shops', changeShopStatus);
