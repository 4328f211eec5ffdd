/**
 * The estimate's factors and bands (docs/routing.md "The estimate"), alone in a module without
 * geometry, so the screens that only name an estimate's basis (the trips list, first screen:
 * docs/decisions/013-first-screen-loads-fast.md) load no WGS84 tables. estimate.ts uses them.
 */
/**
 * The default factors per band of straight-line miles, fitted (the median of road ÷ straight
 * line over the fitted half of the city pairs, to 3 decimals). The pairs are highway mileages,
 * the roads a truck takes: the same factor serves Practical and Shortest routing.
 */
export const DEFAULT_BANDS = ['UNDER_100', 'FROM_100', 'FROM_500'] as const;
export type DefaultBand = (typeof DEFAULT_BANDS)[number];
export const DEFAULT_CIRCUITY: Readonly<Record<DefaultBand, { fromMiles: number; toMiles: number | null; factor: number }>> = {
  UNDER_100: { fromMiles: 0, toMiles: 100, factor: 1.247 },
  FROM_100: { fromMiles: 100, toMiles: 500, factor: 1.219 },
  FROM_500: { fromMiles: 500, toMiles: null, factor: 1.216 },
};

/** The edge of a company's calibration bands (stored per company, estimate_calibration). */
export const CIRCUITY = {
  /** Straight-line miles below which a leg counts as short for a company's calibration. */
  shortLegMiles: 25,
} as const;

/** The distance bands a company's own factor is kept for: straight line under / from CIRCUITY.shortLegMiles. */
export const ESTIMATE_BANDS = ['SHORT', 'LONG'] as const;
export type EstimateBand = (typeof ESTIMATE_BANDS)[number];
