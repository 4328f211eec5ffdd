import type { RouteSource } from '@milepost/contracts/routing-api';

/**
 * The route's geometry for the state miles (docs/state-miles.md): per leg between the stops with
 * a valid position, its road distance (metres) and HERE's flexible polyline — or, when the
 * figures are an estimate, the straight line between the two stops.
 */
export interface RouteGeometry {
  source: RouteSource;
  legs: { distance: number; polyline: string | null; from: { lat: number; lng: number }; to: { lat: number; lng: number } }[];
}
