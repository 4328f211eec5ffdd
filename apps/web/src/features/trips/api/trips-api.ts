import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/api';
import type { CompanyRow } from '@milepost/contracts/companies-api';
import { TRIPS_EXPORT_FILE_NAME, type DuplicateCheckRow, type HistoryEntry, type IdentifierType, type TripDetail, type TripInput, type TripRow, type TripStatus } from '@milepost/contracts/trips-api';
import type { TruckRow } from '@milepost/contracts/trucks-api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LookupOption } from '@/components/ui/lookup-select';
import { api, apiDownload, isApiError } from '@/lib/api-client';
import { LOOKUP_PAGE_SIZE } from '@/lib/lookups';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

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
  ...areaKeys('trips'),
  history: (tripId: number, page: number) => [...areaKeys('trips').all, 'history', tripId, page] as const,
};

export const TRIP_HISTORY_PAGE_SIZE = 10;

// ---- reads

/** GET /trips: one page. */
export function getTrips(params: TripsListParams, page: number, signal?: AbortSignal): Promise<Paged<TripRow>> {
  return api.get<Paged<TripRow>>('/trips', { query: { page, size: PAGE_SIZE_DEFAULT, ...params }, signal });
}

export function tripsListQueryOptions(params: TripsListParams) {
  return pagedInfiniteQueryOptions(tripsKeys.list(params), (page, signal) => getTrips(params, page, signal));
}

/** GET /trips/export.csv: every trip of these filters, in this sort, streamed by the server. */
export function downloadTripsCsv(params: TripsListParams): Promise<void> {
  return apiDownload('/trips/export.csv', { query: { ...params }, fileName: TRIPS_EXPORT_FILE_NAME });
}

/** GET /trips/{id} */
export function tripQueryOptions(id: number) {
  return queryOptions({ queryKey: tripsKeys.detail(id), queryFn: ({ signal }) => api.get<TripDetail>(`/trips/${id}`, { signal }) });
}

/** GET /trips/identifier-numbers?type=LOAD_NUMBER|TRAILER_NUMBER: load or trailer numbers for a picker. */
export function identifierNumbersQueryOptions(type: IdentifierType) {
  return (keyword: string) =>
    pagedInfiniteQueryOptions(tripsKeys.options('numbers', type, keyword), (page, signal) =>
      api.get<Paged<{ identifierValue: string }>>('/trips/identifier-numbers', { query: { keyword, type, page, size: LOOKUP_PAGE_SIZE }, signal }),
    );
}

/**
 * Load and trailer numbers are strings; the shared picker keys options by number, so a number
 * gets a stable numeric id from its text (the label carries the value itself).
 */
export function numberOption(item: { identifierValue: string }): LookupOption {
  let hash = 0;
  for (const ch of item.identifierValue) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return { id: hash >>> 0, label: item.identifierValue };
}

export interface VehicleInfo {
  trucks: { id: number; unitNumber: string }[];
  drivers: { id: number; firstName: string; lastName: string }[];
}

/** GET /trips/vehicle/info-by-identifier-number?number=: trucks and drivers that ran a number. */
export function getVehicleInfo(number: string, signal?: AbortSignal): Promise<VehicleInfo> {
  return api.get<VehicleInfo>('/trips/vehicle/info-by-identifier-number', { query: { number }, signal });
}

/** GET /trip-action-history?tripId&page&size=10, newest first. */
export function tripHistoryQueryOptions(tripId: number, page: number) {
  return queryOptions({
    queryKey: tripsKeys.history(tripId, page),
    queryFn: ({ signal }) =>
      api.get<Paged<HistoryEntry>>('/trip-action-history', { query: { tripId, page, size: TRIP_HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /trips/check-number: trips already using a number, by recovery index. */
export function checkTripNumber(number: string, identifierType: IdentifierType, signal?: AbortSignal): Promise<DuplicateCheckRow[]> {
  return api.get<DuplicateCheckRow[]>('/trips/check-number', { query: { number: number.trim(), identifierType }, signal });
}

// ---- the trip map (Map view, Routes screen)

/**
 * The trip the Map view and the Routes screen draw (docs/product/trips.md): found with the trips
 * list's filters (truck, the exact load or trailer number, the driver when given; the most
 * recently updated when several), then read whole with its stops (GET /trips/{id}).
 */
export interface TripMapTarget {
  truckId: number;
  driverId?: number | undefined;
  loadNumber?: string | undefined;
  trailerNumber?: string | undefined;
}

/** The spec's toasts (docs/product/shell.md "Trips"): the server's message preferred, else these. */
export const TRIP_MAP_ERRORS = {
  route: { title: 'Route Error', fallback: 'Trip not found or invalid parameters' },
  data: { title: 'Trip Data Error', fallback: 'Failed to load trip data' },
} as const;

/** Why no trip could be shown: finding it ('route') or reading it ('data'). */
export class TripMapError extends Error {
  override readonly name = 'TripMapError';
  constructor(
    readonly kind: keyof typeof TRIP_MAP_ERRORS,
    message: string,
  ) {
    super(message);
  }
}

const serverText = (error: unknown) => (isApiError(error) ? error.serverMessage : undefined);

export async function findTripForMap(target: TripMapTarget, signal?: AbortSignal): Promise<TripDetail> {
  let rows: TripRow[];
  try {
    const page = await api.get<Paged<TripRow>>('/trips', {
      query: { truckId: target.truckId, driverId: target.driverId, loadNumber: target.loadNumber, trailerNumber: target.trailerNumber, page: 0, size: 50, sort: 'updated,desc' },
      signal,
    });
    rows = page.content;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new TripMapError('route', serverText(error) ?? TRIP_MAP_ERRORS.route.fallback);
  }
  // The list matches numbers anywhere in them; the map wants this very number.
  const row = rows.find((r) => (target.loadNumber !== undefined ? r.loadNumber === target.loadNumber : r.trailerNumber === target.trailerNumber));
  if (!row) throw new TripMapError('route', TRIP_MAP_ERRORS.route.fallback);
  try {
    return await api.get<TripDetail>(`/trips/${row.id}`, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new TripMapError('data', serverText(error) ?? TRIP_MAP_ERRORS.data.fallback);
  }
}

export function tripForMapQueryOptions(target: TripMapTarget) {
  return queryOptions({
    queryKey: [...tripsKeys.all, 'map', target] as const,
    queryFn: ({ signal }) => findTripForMap(target, signal),
    staleTime: 0,
  });
}

export interface CompanyIntegrations {
  samsara: boolean;
  gle: boolean;
}

/**
 * Whether the truck's company has Samsara or GLE enabled (GET /trucks/{id}, GET /companies/{id}).
 * Someone who may not read trucks or companies sees no integration: the notice is a hint, not a gate.
 */
export async function companyIntegrations(truckId: number, signal?: AbortSignal): Promise<CompanyIntegrations> {
  try {
    const truck = await api.get<TruckRow>(`/trucks/${truckId}`, { signal });
    if (truck.companyId === null) return { samsara: false, gle: false };
    const company = await api.get<CompanyRow>(`/companies/${truck.companyId}`, { signal });
    return { samsara: company.samsaraEnabled, gle: company.gleEnabled };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { samsara: false, gle: false };
  }
}

export function companyIntegrationsQueryOptions(truckId: number) {
  return queryOptions({ queryKey: [...tripsKeys.all, 'map', 'integrations', truckId] as const, queryFn: ({ signal }) => companyIntegrations(truckId, signal) });
}

// ---- writes

/** The trip payload as sent: dates MM/DD/YYYY HH:mm:ss, empty values dropped, mileage numbers or null. */
export type TripPayload = Partial<TripInput> & Pick<TripInput, 'tripStops'>;

/** POST /trips */
export function createTrip(body: TripPayload): Promise<TripDetail> {
  return api.post<TripDetail>('/trips', body);
}

/** PUT /trips/{id} with the version the form was loaded at (a stale one gets 409 STALE_VERSION). */
export function updateTrip({ id, body }: { id: number; body: TripPayload & { version: number } }): Promise<TripDetail> {
  return api.put<TripDetail>(`/trips/${id}`, body);
}

/** PATCH /trips/change-trip-status/{id}?tripStatus= */
export function changeTripStatus({ id, tripStatus }: { id: number; tripStatus: TripStatus }): Promise<TripDetail> {
  return api.patch<TripDetail>(`/trips/change-trip-status/${id}`, undefined, { query: { tripStatus } });
}

export const useCreateTripMutation = () => useWriteMutation('trips', createTrip);
export const useUpdateTripMutation = () => useWriteMutation('trips', updateTrip);
export const useChangeTripStatusMutation = () => useWriteMutation('trips', changeTripStatus);
