import { wgs84Meters, type LatLng } from './distance';
import { milesToMetres } from './units';

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

/** The distance bands a circuity factor is kept for: straight line under / from CIRCUITY.shortLegMiles. */
export const ESTIMATE_BANDS = ['SHORT', 'LONG'] as const;
export type EstimateBand = (typeof ESTIMATE_BANDS)[number];

export function bandOf(straightMeters: number): EstimateBand {
  return straightMeters < milesToMetres(CIRCUITY.shortLegMiles) ? 'SHORT' : 'LONG';
}

/** A company's own factor for one band (docs/decisions/021-estimate-calibration.md). */
export interface BandCalibration {
  /** Median of actual ÷ great-circle over the company's completed telematics legs in the band. */
  factor: number;
  sampleSize: number;
  /** The 25th and 75th percentiles of the same ratios (the band's spread). */
  p25: number;
  p75: number;
}

/** The bands a company has enough legs for; a band absent here uses the default factor. */
export type Calibration = Partial<Record<EstimateBand, BandCalibration>>;

export function circuityFactor(straightMeters: number, mode: RoutingMode, calibration?: Calibration): number {
  const band = bandOf(straightMeters);
  const own = calibration?.[band];
  // The company's factor is measured on the roads its trucks drive: no Practical surcharge on top.
  if (own) return own.factor;
  const base = band === 'SHORT' ? CIRCUITY.short : CIRCUITY.long;
  return mode === 'PRACTICAL' ? base + CIRCUITY.practicalExtra : base;
}

export interface EstimatedLeg {
  /** Metres along the road, estimated. */
  distance: number;
  /** Seconds at the average speed. */
  duration: number;
}

/**
 * One leg from a to b; `speedMph` is the average speed (a setting of the API); `calibration`
 * the company's own factors per band, when it has them.
 */
export function estimateLeg(a: LatLng, b: LatLng, mode: RoutingMode, speedMph: number, calibration?: Calibration): EstimatedLeg {
  const straight = wgs84Meters(a, b);
  const distance = straight * circuityFactor(straight, mode, calibration);
  const metresPerSecond = milesToMetres(speedMph) / 3600;
  return { distance, duration: distance / metresPerSecond };
}
