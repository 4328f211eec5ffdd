import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { AssignDriversForm } from '@milepost/contracts/drivers-api';
import type { TruckForm, TruckRow } from '@milepost/contracts/trucks-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export interface TrucksListParams {
  keyword?: string | undefined;
  sort?: string | undefined;
  companyId?: number | undefined;
  driverId?: number | undefined;
}

export const trucksKeys = areaKeys('trucks');

/** GET /trucks: one page (keyword on the unit number, company and driver filters). */
export function getTrucks(params: TrucksListParams, page: number, signal?: AbortSignal): Promise<Paged<TruckRow>> {
  return callApi(routes.trucks.list, {
    query: { page, size: PAGE_SIZE_DEFAULT, keyword: params.keyword, sort: params.sort, companyId: params.companyId, driverId: params.driverId },
    signal,
  });
}

export function trucksListQueryOptions(params: TrucksListParams) {
  return pagedInfiniteQueryOptions(trucksKeys.list(params), (page, signal) => getTrucks(params, page, signal));
}

/** GET /trucks/{id} */
export function truckQueryOptions(id: number) {
  return queryOptions({ queryKey: trucksKeys.detail(id), queryFn: ({ signal }) => callApi(routes.trucks.get, { params: { id }, signal }) });
}

/** PUT /trucks/{id}; `version` is the one the form was loaded at (a stale one gets 409 STALE_VERSION). */
export function updateTruck({ id, body }: { id: number; body: TruckForm & { version: number } }): Promise<TruckRow> {
  return callApi(routes.trucks.update, { params: { id }, body });
}

/** PATCH /trucks/change-status/{id}?active= with the `version` the row was shown at (a stale one gets 409 STALE_VERSION). */
export function changeTruckStatus({ id, active, version }: { id: number; active: boolean; version: number }): Promise<TruckRow> {
  return callApi(routes.trucks.changeStatus, { params: { id }, body: { version }, query: { active } });
}

/** POST /drivers/assign-user: the drivers (and so their trucks) go to one user. */
export function assignDriversToUser(body: AssignDriversForm): Promise<{ assigned: number }> {
  return callApi(routes.drivers.assignUser, { body });
}

export const useUpdateTruckMutation = () => useWriteMutation('trucks', updateTruck);
export const useChangeTruckStatusMutation = () => useWriteMutation('trucks', changeTruckStatus);
/** A driver write: trucks show their drivers' assigned user. */
export const useAssignDriversMutation = () => useWriteMutation('drivers', assignDriversToUser);
