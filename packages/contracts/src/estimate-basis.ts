/**
 * The estimate's tooltip (docs/decisions/021-estimate-calibration.md), plain (no zod) so the trips
 * list can load it with the first screen. The wire schema is routing-api's `estimateBasis`.
 */
export interface EstimateBasisLike {
  kind: 'COMPANY' | 'DEFAULT';
  band: 'SHORT' | 'LONG';
  factor: number;
  sampleSize: number | null;
  p25: number | null;
  p75: number | null;
}

/**
 * "× 1.08 from 212 of your legs (middle half 1.05–1.12)", or the default bands' text; the bands'
 * edge (25 mi, packages/geo/src/estimate.ts CIRCUITY) in the user's unit.
 */
export function estimateBasisText(basis: EstimateBasisLike | null | undefined, unit: 'MILES' | 'KM' = 'MILES'): string {
  if (!basis || basis.kind === 'DEFAULT') {
    const f = basis ? ` (× ${basis.factor.toFixed(2)} here)` : '';
    const edge = unit === 'KM' ? '40 km' : '25 mi';
    return `Default road factor: straight line × 1.25 under ${edge}, × 1.20 from ${edge}, +0.05 for Practical routing${f}.`;
  }
  const spread = basis.p25 !== null && basis.p75 !== null ? ` (middle half ${basis.p25.toFixed(2)}–${basis.p75.toFixed(2)})` : '';
  return `× ${basis.factor.toFixed(2)} from ${basis.sampleSize ?? 0} of your legs${spread}`;
}
