import type { RouteResponse } from '@milepost/contracts/routing-api';
import { decode } from '@milepost/geo/flexpolyline';
import type { LatLngTuple, MapRoute } from './map-geometry';

/** The answer's routes as lines to draw: each leg's flexible polyline decoded (packages/geo). */
export function toMapRoutes(response: RouteResponse): MapRoute[] {
  return response.routes.map((route) => ({
    legs: route.legs.map((leg) => (leg.polyline ? (decode(leg.polyline).polyline as unknown as LatLngTuple[]) : [])),
  }));
}
