import { metersTo, type DistanceUnit } from '@milepost/geo/units';
import { z } from 'zod';

/**
 * A review flag's figures (docs/mileage-review.md "Flags"): distances in metres, the rest as
 * numbers and names, so every screen writes the flag's sentence in its user's unit from the
 * figures (`flagSentence`) instead of reading numbers back out of a miles sentence. The API
 * writes the miles sentence with the same function, so the two never differ.
 */
export const reviewFlagParams = z.object({
  /** What the sentences call the actual source ("GPS", or the provider's word). */
  provider: z.string().optional(),
  /** OVER_TOLERANCE, PARTIAL_GPS: the actual and the routed TOTAL MILES (routed null: no route). */
  actualM: z.number().optional(),
  routedM: z.number().nullable().optional(),
  differencePct: z.number().optional(),
  tolerancePct: z.number().optional(),
  /** PARTIAL_GPS: legs measured of the trip's legs. */
  legs: z.number().int().optional(),
  legsMeasured: z.number().int().optional(),
  /** STOP_PASSED_NEAR, STOP_NOT_REACHED: the stop (1-based) and its place. */
  stop: z.number().int().optional(),
  place: z.string().optional(),
  passedM: z.number().optional(),
  radiusM: z.number().optional(),
  /** GPS_GAP, ODOMETER_GPS_DISAGREE: the leg's places and figures (legM null: the leg has no figure). */
  from: z.string().optional(),
  to: z.string().optional(),
  legM: z.number().nullable().optional(),
  odometerM: z.number().optional(),
  gpsM: z.number().optional(),
  /** NO_TELEMATICS: the integration the company runs. */
  integration: z.string().nullable().optional(),
  /** ESTIMATE_ONLY: the routed miles are an estimate (else there are none). */
  estimate: z.boolean().optional(),
});
export type ReviewFlagParams = z.infer<typeof reviewFlagParams>;

/** A tolerance as the sentences write it: "3 %", "2.5 %". */
export const formatTolerance = (pct: number) => `${Number(pct.toFixed(2))} %`;

const UNIT_WORD: Record<DistanceUnit, string> = { MILES: 'mi', KM: 'km' };

/** A distance to 0.1 in the unit, grouped as the sentences always were (en-US: "1,154.1 mi"). */
export function flagDistance(metres: number, unit: DistanceUnit, withUnit = true): string {
  const n = metersTo(metres, unit).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return withUnit ? `${n} ${UNIT_WORD[unit]}` : n;
}
const pct = (p: number) => `${Math.abs(p).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

/**
 * The sentence of a flag from its figures, in miles or km: "GPS 139.4 mi is 2 % over routed
 * 136.7 mi (tolerance 1 %)" / "GPS 224.3 km is 2 % over routed 220.0 km (tolerance 1 %)".
 */
export function flagSentence(code: string, p: ReviewFlagParams, unit: DistanceUnit): string {
  const d = (m: number | null | undefined) => flagDistance(m ?? 0, unit);
  const provider = p.provider ?? 'GPS';
  const between = `between ${p.from ?? 'an unknown stop'} and ${p.to ?? 'an unknown stop'}`;
  switch (code) {
    case 'OVER_TOLERANCE': {
      const diff = p.differencePct ?? 0;
      return `${provider} ${d(p.actualM)} is ${pct(diff)} ${diff > 0 ? 'over' : 'under'} routed ${d(p.routedM)} (tolerance ${formatTolerance(p.tolerancePct ?? 0)})`;
    }
    case 'NO_TELEMATICS':
      return `No GPS track for this trip although the company runs ${p.integration ?? 'an integration'}`;
    case 'ESTIMATE_ONLY':
      return p.estimate ? 'Routed miles are an estimate and there is no GPS track' : 'No routed miles and no GPS track';
    case 'PARTIAL_GPS': {
      // "GPS measured 1 of 3 legs: 169.5 of 858.0 mi"
      const ofRoute = p.routedM === null || p.routedM === undefined ? d(p.actualM) : `${flagDistance(p.actualM ?? 0, unit, false)} of ${d(p.routedM)}`;
      return `${provider} measured ${p.legsMeasured ?? 0} of ${p.legs ?? 0} legs: ${ofRoute}`;
    }
    case 'STOP_PASSED_NEAR':
      return `The ${provider} track passed ${d(p.passedM)} from ${p.place ?? 'an unknown stop'} (stop ${p.stop ?? '?'}); radius ${d(p.radiusM)}`;
    case 'STOP_NOT_REACHED':
      return `The truck's ${provider} track never reached ${p.place ?? 'an unknown stop'} (stop ${p.stop ?? '?'})`;
    case 'GPS_GAP':
      return `GPS gap on the ${p.legM === null || p.legM === undefined ? '' : `${d(p.legM)} `}leg ${between}`;
    case 'ODOMETER_GPS_DISAGREE':
      return `Odometer ${d(p.odometerM)} and GPS ${d(p.gpsM)} disagree ${between}`;
    default:
      return code;
  }
}
