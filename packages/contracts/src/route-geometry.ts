import type { RouteSource } from './routing-api';

/**
 * The route's geometry for the state miles (docs/state-miles.md): per leg between the stops with
 * a valid position, its road distance (metres) and HERE's flexible polyline — or, when the
 * figures are an estimate, the straight line between the two stops. The trip's route figures
 * compute it (apps/api/src/modules/trip-figures/route.ts), a trip's save hands it on
 * (modules/trips) and the state miles split it (modules/state-miles): a shape all three share.
 */
export interface RouteGeometry {
  source: RouteSource;
  legs: { distance: number; polyline: string | null; from: { lat: number; lng: number }; to: { lat: number; lng: number } }[];
}
