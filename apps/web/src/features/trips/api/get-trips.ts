import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import { TRIPS_EXPORT_FILE_NAME, type TripDetail, type TripRow } from '@milepost/contracts/trips-api';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';

/** Filters of the trips list (from the URL's search params). Dates are MM/DD/YYYY HH:mm:ss Central. */
export interface TripsListParams {
  loadNumber?: string | undefined;
  trailerNumber?: string | undefined;
  truckId?: number | undefined;
  driverId?: number | undefined;
  assignedUserId?: number | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  sort?: string | undefined;
}

export const tripsKeys = {
  all: ['trips'] as const,
  lists: () => ['trips', 'list'] as const,
  list: (params: TripsListParams) => ['trips', 'list', params] as const,
  detail: (id: number) => ['trips', 'detail', id] as const,
  history: (tripId: number, page: number) => ['trips', 'history', tripId, page] as const,
  lookups: () => ['trips', 'lookup'] as const,
};

/** GET /trips: one page. */
export function getTrips(params: TripsListParams, page: number, signal?: AbortSignal): Promise<Paged<TripRow>> {
  return api.get<Paged<TripRow>>('/trips', { query: { page, size: PAGE_SIZE_DEFAULT, ...params }, signal });
}

/** GET /trips/export.csv: every trip of these filters, in this sort, streamed by the server. */
export function downloadTripsCsv(params: TripsListParams): Promise<void> {
  return apiDownload('/trips/export.csv', { query: { ...params }, fileName: TRIPS_EXPORT_FILE_NAME });
}

export function tripsListQueryOptions(params: TripsListParams) {
  return pagedInfiniteQueryOptions(tripsKeys.list(params), (page, signal) => getTrips(params, page, signal));
}

/** GET /trips/{id}. */
export function getTrip(id: number, signal?: AbortSignal): Promise<TripDetail> {
  return api.get<TripDetail>(`/trips/${id}`, { signal });
}

export function tripQueryOptions(id: number) {
  return queryOptions({ queryKey: tripsKeys.detail(id), queryFn: ({ signal }) => getTrip(id, signal) });
}

/** After a write: the lists, lookups and the single record are refreshed. */
export async function invalidateTrips(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: tripsKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: tripsKeys.lookups() }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: tripsKeys.detail(id) }),
    id === undefined ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: ['trips', 'history', id] }),
  ]);
}
