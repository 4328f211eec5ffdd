import type { Paged } from '@milepost/contracts/api';
import type { CompanyRow } from '@milepost/contracts/companies-api';
import type { TripDetail, TripRow } from '@milepost/contracts/trips-api';
import type { TruckRow } from '@milepost/contracts/trucks-api';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { getTrip } from './get-trips';

/**
 * The trip the Map view and the Routes screen draw (spec 01 §2, §8): found with the trips
 * list's filters (truck, the exact load or trailer number, the driver when given; the most
 * recently updated when several), then read whole with its stops (GET /trips/{id}).
 */
export interface TripMapTarget {
  truckId: number;
  driverId?: number | undefined;
  loadNumber?: string | undefined;
  trailerNumber?: string | undefined;
}

/** The spec's toasts (spec 01 §8 "Trips"): the server's message preferred, else these. */
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
    return await getTrip(row.id, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new TripMapError('data', serverText(error) ?? TRIP_MAP_ERRORS.data.fallback);
  }
}

export function tripForMapQueryOptions(target: TripMapTarget) {
  return queryOptions({
    queryKey: ['trips', 'map', target] as const,
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
  return queryOptions({ queryKey: ['trips', 'map', 'integrations', truckId] as const, queryFn: ({ signal }) => companyIntegrations(truckId, signal) });
}
