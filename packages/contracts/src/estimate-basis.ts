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

/** "× 1.08 from 212 of your legs (middle half 1.05–1.12)", or the default bands' text. */
export function estimateBasisText(basis: EstimateBasisLike | null | undefined): string {
  if (!basis || basis.kind === 'DEFAULT') {
    const f = basis ? ` (× ${basis.factor.toFixed(2)} here)` : '';
    return `Default road factor: straight line × 1.25 under 25 mi, × 1.20 from 25 mi, +0.05 for Practical routing${f}.`;
  }
  const spread = basis.p25 !== null && basis.p75 !== null ? ` (middle half ${basis.p25.toFixed(2)}–${basis.p75.toFixed(2)})` : '';
  return `× ${basis.factor.toFixed(2)} from ${basis.sampleSize ?? 0} of your legs${spread}`;
}
