import type { RouteRequest, RouteResponse } from '@milepost/contracts/routing-api';
import { ROUTING } from '@milepost/contracts/routing-api';
import { isValidCoordinate } from '@milepost/geo/distance';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';
import type { RouteSettingValues } from '@/lib/route-settings';

/**
 * Routes come from the API (docs/maps.md; routing runs on the server with the HERE key, or
 * answers an estimate labelled as such): `POST /routing/routes`. The answer is cached here as
 * long as the server keeps it fresh (10 min), keyed by the stops and settings.
 */
export const routingKeys = {
  all: ['routing'] as const,
  routes: (request: RouteRequest) => ['routing', 'routes', request] as const,
};

/** The request for these stops and settings: only valid stops count (docs/product/trips.md); null under 2 or over 22. */
export function routeRequestFor(stops: readonly { lat: number; lng: number }[], settings: Pick<RouteSettingValues, 'routingType' | 'trailerType'>): RouteRequest | null {
  const valid = stops.filter((s) => isValidCoordinate(s.lat, s.lng)).map((s) => ({ lat: s.lat, lng: s.lng }));
  if (valid.length < ROUTING.minStops || valid.length > ROUTING.maxStops) return null;
  return { stops: valid, routingMode: settings.routingType, trailer: settings.trailerType === 'TRAILER_53' };
}

export function fetchRoutes(request: RouteRequest, signal?: AbortSignal): Promise<RouteResponse> {
  return callApi(routes.routing.route, { body: request, signal });
}

export function routesQueryOptions(request: RouteRequest) {
  return queryOptions({
    queryKey: routingKeys.routes(request),
    queryFn: ({ signal }) => fetchRoutes(request, signal),
    staleTime: ROUTING.cacheFreshMs,
    gcTime: ROUTING.cacheFreshMs,
  });
}
