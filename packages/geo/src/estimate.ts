import { wgs84Meters, type LatLng } from './distance';
import { milesToMetres } from './units';
import { CIRCUITY, DEFAULT_BANDS, DEFAULT_CIRCUITY, type DefaultBand, type EstimateBand } from './estimate-factors';

export { CIRCUITY, DEFAULT_BANDS, DEFAULT_CIRCUITY, ESTIMATE_BANDS, type DefaultBand, type EstimateBand } from './estimate-factors';

/**
 * The honest estimate used when HERE cannot route (docs/routing.md "The estimate"): roads run
 * longer than the straight line. A leg's road distance is its WGS84 distance × a circuity factor:
 * the company's own factor for the leg's calibration band when it has one
 * (docs/decisions/021-estimate-calibration.md), else the default factor of the leg's distance
 * band, fitted on published road miles between US city pairs (`road-distances.json`, checked by
 * estimate.test.ts). Duration is the distance at an average speed.
 */
/** The routing mode the estimate follows (the same values as contracts' ROUTING_MODES; the API passes its own through). */
export type RoutingMode = 'PRACTICAL' | 'SHORTEST';

export function defaultBandOf(straightMeters: number): DefaultBand {
  return DEFAULT_BANDS.find((b) => {
    const to = DEFAULT_CIRCUITY[b].toMiles;
    return to === null || straightMeters < milesToMetres(to);
  })!;
}

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

/** The factor a leg of this straight-line length gets: the company's own for its band, else the fitted default. */
export function circuityFactor(straightMeters: number, _mode: RoutingMode, calibration?: Calibration): number {
  const own = calibration?.[bandOf(straightMeters)];
  if (own) return own.factor;
  return DEFAULT_CIRCUITY[defaultBandOf(straightMeters)].factor;
}

/** Road miles ÷ straight-line miles per default band, the median over the pairs given (how DEFAULT_CIRCUITY was fitted). */
export function fitDefaultCircuity(pairs: readonly { straightMeters: number; roadMeters: number }[]): Partial<Record<DefaultBand, { factor: number; pairs: number }>> {
  const ratios = new Map<DefaultBand, number[]>();
  for (const p of pairs) {
    if (p.straightMeters <= 0) continue;
    const band = defaultBandOf(p.straightMeters);
    ratios.set(band, [...(ratios.get(band) ?? []), p.roadMeters / p.straightMeters]);
  }
  const fit: Partial<Record<DefaultBand, { factor: number; pairs: number }>> = {};
  for (const [band, r] of ratios) fit[band] = { factor: median(r), pairs: r.length };
  return fit;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
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
