import type { TripRouteData } from '@milepost/contracts/route-data-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi, isApiError } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { tripsKeys } from './trips-api';

// The trip map's calls, apart from trips-api.ts: the map is opened from a row, so the Trips list
// (the first screen, docs/decisions/013-first-screen-loads-fast.md) does not load them.

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
