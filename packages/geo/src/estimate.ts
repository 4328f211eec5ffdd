import { wgs84Meters, type LatLng } from './distance';
import { METERS_TO_MILES } from './units';

/**
 * The honest estimate used when HERE cannot route (docs/routing.md): roads run longer than the
 * straight line, more so on short hops through town than on long highway legs. A leg's road
 * distance is its WGS84 distance × a circuity factor: 1.25 when the straight line is under
 * 25 miles, 1.20 from 25 miles on; Practical (fastest) routing adds 0.05, since the fastest
 * roads detour more than the shortest ones. Duration is the distance at an average speed.
 */
/** The routing mode the estimate follows (the same values as contracts' ROUTING_MODES; the API passes its own through). */
export type RoutingMode = 'PRACTICAL' | 'SHORTEST';

export const CIRCUITY = {
  /** Straight-line miles below which a leg counts as short. */
  shortLegMiles: 25,
  short: 1.25,
  long: 1.2,
  practicalExtra: 0.05,
} as const;

export function circuityFactor(straightMeters: number, mode: RoutingMode): number {
  const base = straightMeters < CIRCUITY.shortLegMiles / METERS_TO_MILES ? CIRCUITY.short : CIRCUITY.long;
  return mode === 'PRACTICAL' ? base + CIRCUITY.practicalExtra : base;
}

export interface EstimatedLeg {
  /** Metres along the road, estimated. */
  distance: number;
  /** Seconds at the average speed. */
  duration: number;
}

/** One leg from a to b; `speedMph` is the average speed (a setting of the API). */
export function estimateLeg(a: LatLng, b: LatLng, mode: RoutingMode, speedMph: number): EstimatedLeg {
  const straight = wgs84Meters(a, b);
  const distance = straight * circuityFactor(straight, mode);
  const metresPerSecond = speedMph / METERS_TO_MILES / 3600;
  return { distance, duration: distance / metresPerSecond };
}
