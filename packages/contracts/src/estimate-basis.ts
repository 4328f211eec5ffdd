import { CIRCUITY, DEFAULT_BANDS, DEFAULT_CIRCUITY, type DefaultBand, type EstimateBand } from '@milepost/geo/estimate-factors';

/**
 * The estimate's basis as every screen says it (docs/routing.md "The estimate",
 * docs/decisions/021-estimate-calibration.md), plain (no zod) so the trips list can load it with
 * the first screen. The wire schema is routing-api's `estimateBasis`.
 */
export interface EstimateBasisLike {
  kind: 'COMPANY' | 'DEFAULT';
  /**
   * COMPANY: the company's calibration band (SHORT under 25 mi, LONG from 25 mi); DEFAULT: the
   * default band (UNDER_100, FROM_100 = 100–500 mi, FROM_500). A DEFAULT stored before the fitted
   * bands carries SHORT or LONG.
   */
  band: EstimateBand | DefaultBand;
  factor: number;
  sampleSize: number | null;
  p25: number | null;
  p75: number | null;
}

const KM_PER_MILE = 1.609344;

/** A band's straight-line range in the user's unit: "for 100–500 mi", "under 161 km", "from 25 mi". */
export function estimateBandText(band: EstimateBasisLike['band'], unit: 'MILES' | 'KM' = 'MILES'): string {
  const say = (miles: number) => (unit === 'KM' ? `${Math.round(miles * KM_PER_MILE)} km` : `${miles} mi`);
  if (band === 'SHORT') return `under ${say(CIRCUITY.shortLegMiles)}`;
  if (band === 'LONG') return `from ${say(CIRCUITY.shortLegMiles)}`;
  const { fromMiles, toMiles } = DEFAULT_CIRCUITY[band];
  if (fromMiles === 0) return `under ${say(toMiles!)}`;
  if (toMiles === null) return `from ${say(fromMiles)}`;
  const [from, to] = [say(fromMiles), say(toMiles)];
  return `for ${from.split(' ')[0]}–${to}`;
}

/**
 * "× 1.08 from 212 of your legs (middle half 1.05–1.12)", or "default × 1.22 for 100–500 mi
 * (fitted on road miles between US cities)"; without a basis, every default band.
 */
export function estimateBasisText(basis: EstimateBasisLike | null | undefined, unit: 'MILES' | 'KM' = 'MILES'): string {
  if (!basis) {
    const bands = DEFAULT_BANDS.map((b) => `× ${DEFAULT_CIRCUITY[b].factor.toFixed(2)} ${estimateBandText(b, unit)}`).join(', ');
    return `Default road factor, fitted on road miles between US cities: straight line ${bands}.`;
  }
  if (basis.kind === 'DEFAULT') {
    const fitted = basis.band === 'SHORT' || basis.band === 'LONG' ? '' : ' (fitted on road miles between US cities)';
    return `default × ${basis.factor.toFixed(2)} ${estimateBandText(basis.band, unit)}${fitted}`;
  }
  const spread = basis.p25 !== null && basis.p75 !== null ? ` (middle half ${basis.p25.toFixed(2)}–${basis.p75.toFixed(2)})` : '';
  return `× ${basis.factor.toFixed(2)} from ${basis.sampleSize ?? 0} of your legs${spread}`;
}
