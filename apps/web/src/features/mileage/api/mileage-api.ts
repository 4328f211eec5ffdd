import type { MileStatsRefreshAccepted, TripMileStats } from '@milepost/contracts/mile-stats-api';
import type { FigureSource, TripDetail } from '@milepost/contracts/trips-api';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import { areaKeys, useWriteMutation } from '@/lib/query-keys';

export const mileStatsKeys = areaKeys('mileStats');
const stateMilesKeys = areaKeys('stateMiles');

/** GET /mile-stats/{tripId}: the three sources' figures (miles, full precision) and the manual ones. */
export function getMileStats(tripId: number, signal?: AbortSignal): Promise<TripMileStats> {
  return callApi(routes.tripFigures.get, { params: { tripId }, signal });
}

export function mileStatsQueryOptions(tripId: number) {
  return queryOptions({ queryKey: mileStatsKeys.detail(tripId), queryFn: ({ signal }) => getMileStats(tripId, signal) });
}

/** GET /trips/{id}/state-miles: the trip's miles per state, one entry per source it has (docs/state-miles.md). */
export function tripStateMilesQueryOptions(tripId: number) {
  return queryOptions({
    queryKey: stateMilesKeys.detail(tripId),
    queryFn: ({ signal }) => callApi(routes.stateMiles.tripStateMiles, { params: { id: tripId }, signal }),
  });
}

/** POST /mile-stats/{tripId}/refresh → 202: a job fetches the trip's tracks and keeps its figures. */
export function refreshTelematics(tripId: number): Promise<MileStatsRefreshAccepted> {
  return callApi(routes.tripFigures.refresh, { params: { tripId } });
}

export interface PayableMileageBody {
  tripId: number;
  loadedMiles: number | null;
  emptyMiles: number | null;
  payableMileage: number | null;
  /** The trip's version the figures were read at (`manualStats.version`); a stale one gets 409 STALE_VERSION. */
  version: number;
  /** The source whose figures these are ("Use these miles"): Trip History names it. */
  source?: FigureSource;
}

/** PUT /mile-stats/payable-mileage: the manual figures (the server recomputes payable = empty + loaded). */
export function savePayableMileage(body: PayableMileageBody): Promise<TripDetail> {
  return callApi(routes.tripFigures.savePayableMileage, { body });
}

/** Saving refreshes the report and every trips query (the list shows the manual figures too). */
export const useSavePayableMileageMutation = () => useWriteMutation('mileStats', savePayableMileage);
