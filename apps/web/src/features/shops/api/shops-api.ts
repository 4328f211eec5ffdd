import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { ShopForm, ShopRow } from '@milepost/contracts/shops-api';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface ShopsListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
}

export const shopsKeys = areaKeys('shops');

/** GET /shops: one page. */
export function getShops(params: ShopsListParams, page: number, signal?: AbortSignal): Promise<Paged<ShopRow>> {
  return callApi(routes.shops.list, { query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort }, signal });
}

export function shopsListQueryOptions(params: ShopsListParams) {
  return pagedInfiniteQueryOptions(shopsKeys.list(params), (page, signal) => getShops(params, page, signal));
}

/** POST /shops */
export function createShop(body: ShopForm): Promise<ShopRow> {
  return callApi(routes.shops.create, { body });
}

/** PUT /shops/{id} */
export function updateShop({ id, body }: { id: number; body: ShopForm }): Promise<ShopRow> {
  return callApi(routes.shops.update, { params: { id }, body });
}

/** PATCH /shops/change-status/{id}?active= */
export function changeShopStatus({ id, active }: { id: number; active: boolean }): Promise<ShopRow> {
  return callApi(routes.shops.changeStatus, { params: { id }, query: { active } });
}

export const useCreateShopMutation = () => useWriteMutation('shops', createShop);
export const useUpdateShopMutation = () => useWriteMutation('shops', updateShop);
export const useChangeShopStatusMutation = () => useWriteMutation('shops', changeShopStatus);
