import { PAGE_SIZE_DEFAULT, type Paged } from '@milepost/contracts/list-query';
import type { TripRouteData } from '@milepost/contracts/route-data-api';
import type { DuplicateCheckRow, IdentifierType, TripDetail, TripInput, TripRow } from '@milepost/contracts/trips-api';
import { TRIPS_EXPORT_FILE_NAME, type TripStatus } from '@milepost/contracts/trips-list';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LookupOption } from '@/components/ui/lookup-select';
import { callApi, downloadApi, isApiError } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
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
  return callApi(routes.trips.list, { query: { page, size: PAGE_SIZE_DEFAULT, ...params }, signal });
}

export function tripsListQueryOptions(params: TripsListParams) {
  return pagedInfiniteQueryOptions(tripsKeys.list(params), (page, signal) => getTrips(params, page, signal));
}

/** GET /trips/export.csv: every trip of these filters, in this sort, streamed by the server. */
export function downloadTripsCsv(params: TripsListParams): Promise<void> {
  return downloadApi(routes.trips.exportCsv, { query: { ...params }, fileName: TRIPS_EXPORT_FILE_NAME });
}

/** GET /trips/{id} */
export function tripQueryOptions(id: number) {
  return queryOptions({ queryKey: tripsKeys.detail(id), queryFn: ({ signal }) => callApi(routes.trips.get, { params: { id }, signal }) });
}

/** GET /trips/identifier-numbers?type=LOAD_NUMBER|TRAILER_NUMBER: load or trailer numbers for a picker. */
export function identifierNumbersQueryOptions(type: IdentifierType) {
  return (keyword: string) =>
    pagedInfiniteQueryOptions(tripsKeys.options('numbers', type, keyword), (page, signal) =>
      callApi(routes.trips.identifierNumbers, { query: { keyword, type, page, size: LOOKUP_PAGE_SIZE }, signal }),
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
  return callApi(routes.trips.vehicleInfoByIdentifierNumber, { query: { number }, signal });
}

/** GET /trip-action-history?tripId&page&size=10, newest first. */
export function tripHistoryQueryOptions(tripId: number, page: number) {
  return queryOptions({
    queryKey: tripsKeys.history(tripId, page),
    queryFn: ({ signal }) => callApi(routes.trips.history, { query: { tripId, page, size: TRIP_HISTORY_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /trips/check-number: trips already using a number, by recovery index. */
export function checkTripNumber(number: string, identifierType: IdentifierType, signal?: AbortSignal): Promise<DuplicateCheckRow[]> {
  return callApi(routes.trips.checkNumber, { query: { number: number.trim(), identifierType }, signal });
}

// ---- the trip map (Map view, Routes screen)

/**
 * The trip the Map view and the Routes screen draw (docs/product/trips.md): the truck's trip with
 * that load or trailer number (and that driver, when given), with its stops and each telematics
 * provider's track (GET /trips/route-data).
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

/** GET /trips/route-data: a trip that is not there (404) or a bad filter (400) is a 'Route Error'; anything else a 'Trip Data Error'. */
export async function findTripForMap(target: TripMapTarget, signal?: AbortSignal): Promise<TripRouteData> {
  const byLoad = target.loadNumber !== undefined;
  try {
    return await callApi(routes.tripFigures.routeData, {
      query: {
        truckId: target.truckId,
        driverId: target.driverId,
        number: byLoad ? target.loadNumber : target.trailerNumber,
        identifierType: byLoad ? 'LOAD_NUMBER' : 'TRAILER_NUMBER',
      },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const kind = isApiError(error) && (error.status === 404 || error.status === 400) ? 'route' : 'data';
    throw new TripMapError(kind, serverText(error) ?? TRIP_MAP_ERRORS[kind].fallback);
  }
}

export function tripForMapQueryOptions(target: TripMapTarget) {
  return queryOptions({
    queryKey: [...tripsKeys.all, 'map', target] as const,
    queryFn: ({ signal }) => findTripForMap(target, signal),
    staleTime: 0,
  });
}

/** GET /trips/{id}/map-summary: each panel's source and title figures (here; each provider's when the company runs it), for the trip the map shows. */
export function tripMapSummaryQueryOptions(tripId: number) {
  return queryOptions({
    queryKey: [...tripsKeys.all, 'map', 'summary', tripId] as const,
    queryFn: ({ signal }) => callApi(routes.trips.mapSummary, { params: { id: tripId }, signal }),
  });
}

/** GET /trips/{id}/map-report: the trip map report's rows, per source. */
export function tripMapReportQueryOptions(tripId: number) {
  return queryOptions({
    queryKey: [...tripsKeys.all, 'map', 'report', tripId] as const,
    queryFn: ({ signal }) => callApi(routes.trips.mapReport, { params: { id: tripId }, signal }),
  });
}

// ---- writes

/** The trip payload as sent: dates MM/DD/YYYY HH:mm:ss, empty values dropped, mileage numbers or null. */
export type TripPayload = Partial<TripInput> & Pick<TripInput, 'tripStops'>;
/** A draft may lack fields: the server's 400 names each one, and the form shows them. */
const asSent = <T>(payload: T) => payload as T & TripInput;

/** POST /trips */
export function createTrip(body: TripPayload): Promise<TripDetail> {
  return callApi(routes.trips.create, { body: asSent(body) });
}

/** PUT /trips/{id} with the version the form was loaded at (a stale one gets 409 STALE_VERSION). */
export function updateTrip({ id, body }: { id: number; body: TripPayload & { version: number } }): Promise<TripDetail> {
  return callApi(routes.trips.update, { params: { id }, body: asSent(body) });
}

/** PATCH /trips/change-trip-status/{id}?tripStatus= with the `version` the trip was shown at (a stale one gets 409 STALE_VERSION). */
export function changeTripStatus({ id, tripStatus, version }: { id: number; tripStatus: TripStatus; version: number }): Promise<TripDetail> {
  return callApi(routes.trips.changeTripStatus, { params: { id }, body: { version }, query: { tripStatus } });
}

export const useCreateTripMutation = () => useWriteMutation('trips', createTrip);
export const useUpdateTripMutation = () => useWriteMutation('trips', updateTrip);
export const useChangeTripStatusMutation = () => useWriteMutation('trips', changeTripStatus);
