import { z } from 'zod';
import { id } from './fields';
import { ID_MAX, REVIEW_STATUSES } from './list-query';
import { LOAD_STATUSES, STOP_TYPES } from '@milepost/geo/stops';
import { estimateBasis, ROUTE_SOURCES } from './routing-api';
import { TRIP_MESSAGES, tripMiles } from './trips-api';
import { PROVIDERS, providerLabelsText } from './providers';

/**
 * Mile stats: each trip's figures from its sources side by side (HERE routing, then each provider: MILEAGE_SOURCES)
 * plus the manual figures staff enter, as `GET /api/v1/mile-stats/{tripId}` returns them.
 * Figures are in miles at full precision (the UI rounds); the model is docs/mileage-engine.md.
 */

/** The Mileage Report's texts (docs/product/shell.md "Trips"). */
export const MILEAGE_MESSAGES = {
  saveFailed: 'Error updating mileage data',
  tripIdMissing: TRIP_MESSAGES.mileageTripId,
  /** Refresh telematics: why nothing can be fetched (docs/mileage-review.md "Screen"). */
  refreshOff: (company: string | null) =>
    company
      ? `Nothing to fetch: ${providerLabelsText()} are off for ${company} (or in the TRIP settings). Switch one on in Companies.`
      : "Nothing to fetch: this trip's truck has no company, so no telematics provider serves it.",
  refreshNoToken: (providers: readonly string[], company: string) =>
    `Cannot fetch: ${providers.join(' and ')} ${providers.length > 1 ? 'are' : 'is'} on for ${company} but ${providers.length > 1 ? 'have' : 'has'} no API token. Add it in Companies → Update API Tokens.`,
} as const;

/**
 * Payable mileage, the one place it is computed (server and forms): empty + loaded when both are
 * valid miles — numbers, or texts as typed — to one decimal; else null (docs/product/trips.md).
 */
export function payableFrom(emptyMiles: unknown, loadedMiles: unknown): number | null {
  const empty = tripMiles.safeParse(emptyMiles);
  const loaded = tripMiles.safeParse(loadedMiles);
  if (!empty.success || !loaded.success || empty.data === null || loaded.data === null) return null;
  return Math.round((empty.data + loaded.data) * 10) / 10;
}

/** HERE (the planned route), then the telematics providers (providers.ts). */
export const MILEAGE_SOURCES = ['HERE', ...PROVIDERS] as const;
export type MileageSource = (typeof MILEAGE_SOURCES)[number];

/**
 * Where a distance came from: the HERE route, the offline estimate (WGS84 × circuity), the
 * truck's odometer between the matched fixes, or the length of its cleaned GPS breadcrumbs.
 */
export const DISTANCE_METHODS = ['HERE', 'ESTIMATE', 'ODOMETER', 'GPS'] as const;
export type DistanceMethod = (typeof DISTANCE_METHODS)[number];
export const DISTANCE_METHOD_LABELS: Record<DistanceMethod, string> = {
  HERE: 'HERE route',
  ESTIMATE: 'Estimate',
  ODOMETER: 'Odometer',
  GPS: 'GPS track',
};

export const mileStatsLeg = z.object({
  /** Order index of the stop this leg leads into (the first stop has no leg). */
  toIndex: z.number().int(),
  stopId: z.number().int().nullable(),
  stopType: z.enum(STOP_TYPES),
  loadStatus: z.enum(LOAD_STATUSES),
  /** The leg's figure, null when the source could not measure it (a stop never reached, no data). */
  miles: z.number().nullable(),
  method: z.enum(DISTANCE_METHODS).nullable(),
  /** The other method's figure for the same leg (GPS when the figure is odometer, and back), if any. */
  otherMiles: z.number().nullable(),
  otherMethod: z.enum(DISTANCE_METHODS).nullable(),
  /** The two methods differ by more than MILEAGE_RULES.methodDifference (packages/geo/src/mileage-rules.ts). */
  differs: z.boolean(),
  /** The breadcrumbs of this leg have a hole (MILEAGE_RULES.gapSeconds / gapMeters). */
  gap: z.boolean(),
  /** When the truck reached the stop (telematics only), MM/DD/YYYY HH:mm:ss Central. */
  reachedAt: z.string().nullable(),
  /** Seconds between reaching the previous stop and this one (telematics only; the trip map report's Hours). */
  seconds: z.number().nullish(),
  /** Of `seconds`, the time the truck stood still (at the stop it left, or on the way): dwell, not driving. */
  stillSeconds: z.number().nullish(),
});
export type MileStatsLeg = z.infer<typeof mileStatsLeg>;

/**
 * How much of the trip a telematics source measured (docs/mileage-review.md "Coverage"), computed
 * once where its figures are kept: its legs, the legs it measured (both stops reached) and `pct`,
 * the share (0–100) of the trip's planned miles on the measured legs (by legs when the trip has no
 * planned leg distances). A source is complete when every leg is measured; pay uses only complete sources.
 */
export const sourceCoverage = z.object({
  legs: z.number().int(),
  legsMeasured: z.number().int(),
  pct: z.number(),
});
export type SourceCoverage = z.infer<typeof sourceCoverage>;

/** Every leg measured. */
export const coverageComplete = (c: SourceCoverage) => c.legsMeasured >= c.legs;

/** A stop the track passed outside its radius, matched at its closest approach (docs/mileage-engine.md "Match stops"). */
export const nearPass = z.object({
  /** Order index of the stop. */
  index: z.number().int(),
  /** Miles from the stop to the closest approach, and the stop's radius. */
  miles: z.number(),
  radiusMiles: z.number(),
});
export type NearPass = z.infer<typeof nearPass>;

/** One source's figures in miles (docs/product/trips.md, mileage); totalOdometers only for telematics. */
export const sourceMileStats = z.object({
  miles: z.number(),
  totalEmpty: z.number(),
  pu: z.number(),
  trl: z.number(),
  totalMiles: z.number(),
  /** Odometer at the end minus odometer at the start of the trip window; null without a sane odometer. */
  totalOdometers: z.number().nullable(),
  legs: z.array(mileStatsLeg),
  /** Telematics only: how much of the trip this source measured. */
  coverage: sourceCoverage.nullish(),
  /** Telematics only: stops matched at a closest approach outside their radius. */
  nearPasses: z.array(nearPass).nullish(),
});
export type SourceMileStats = z.infer<typeof sourceMileStats>;

/**
 * The coverage kept with a telematics figure. Figures kept by an engine before coverage existed
 * lack it until the background backfill keeps them again (`backfillMileStats`): their legs say
 * which were measured, weighed by legs.
 */
export function coverageOf(stats: Pick<SourceMileStats, 'coverage' | 'legs'>): SourceCoverage {
  if (stats.coverage) return stats.coverage;
  const legs = stats.legs.length;
  const legsMeasured = stats.legs.filter((l) => l.miles !== null).length;
  return { legs, legsMeasured, pct: legs ? (legsMeasured / legs) * 100 : 100 };
}

export const manualMileStats = z.object({
  payableMileage: z.number().nullable(),
  emptyMiles: z.number().nullable(),
  loadedMiles: z.number().nullable(),
  /** The trip's version these were read at: saving them sends it back (PUT /mile-stats/payable-mileage). */
  version: z.number().int(),
});
export type ManualMileStats = z.infer<typeof manualMileStats>;

export const mileStatsParams = z.object({ tripId: id(`tripId must be a whole number from 1 to ${ID_MAX}`) });

/** `GET /api/v1/mile-stats/{tripId}` → `{ data: TripMileStats }`; a source without data is null. */
export const tripMileStats = z.object({
  hereStats: sourceMileStats.nullable(),
  /**
   * Where `hereStats` came from: the HERE route, or the offline estimate when no HERE route was
   * used (the routing row then reads "Estimate"); null without route figures. Always sent.
   */
  routeSource: z.enum(ROUTE_SOURCES).nullish(),
  /** What the estimate was computed with, for its tooltip (the company's factor or the default bands); null for HERE. */
  routeEstimateBasis: estimateBasis.nullish(),
  samsaraStats: sourceMileStats.nullable(),
  gleStats: sourceMileStats.nullable(),
  /**
   * When each telematics source's stored track was fetched (ISO 8601; the Mileage Report shows
   * "<label> · as of 11/25 06:40 CT"); null when nothing is stored or the source is off.
   */
  samsaraFetchedAt: z.string().datetime().nullable(),
  gleFetchedAt: z.string().datetime().nullable(),
  manualStats: manualMileStats,
  /**
   * The trip's Mileage Review row: its status and the rule it was computed under (the effective
   * basis and the tolerance); null when the trip is not completed. The report marks a source beyond
   * tolerance of the pay basis and offers "Use these miles" on a trip that needs review.
   */
  review: z.object({ status: z.enum(REVIEW_STATUSES), payBasis: z.enum(['ROUTED', 'ACTUAL', 'LOWER', 'HIGHER']), tolerancePct: z.number() }).nullish(),
});
export type TripMileStats = z.infer<typeof tripMileStats>;

const round1 = (v: number) => Math.round(v * 10) / 10;
/**
 * One source's figures as payable miles, rounded once as the review's suggestion is: payable its
 * TOTAL MILES to 0.1, loaded its loaded miles to 0.1 (at most payable), empty the rest.
 */
export function figuresOfSource(s: Pick<SourceMileStats, 'miles' | 'totalMiles'>) {
  const payableMileage = round1(s.totalMiles);
  const loadedMiles = Math.min(round1(s.miles), payableMileage);
  return { payableMileage, loadedMiles, emptyMiles: round1(payableMileage - loadedMiles) };
}

/** `POST /api/v1/mile-stats/{tripId}/refresh` → 202 `{ data }`: the fetch and computation are queued. */
export const mileStatsRefreshAccepted = z.object({ tripId: z.number().int(), state: z.literal('QUEUED') });
export type MileStatsRefreshAccepted = z.infer<typeof mileStatsRefreshAccepted>;

/** A fix that reached a stop (within the stop type's radius): drawn as a labelled pin. */
export const nearbyPoint = z.object({ type: z.enum(STOP_TYPES), lat: z.number(), lng: z.number() });
export type NearbyPoint = z.infer<typeof nearbyPoint>;

/**
 * `<provider>Location` of a trip (route-data-api.ts): the cleaned track as a flexible polyline
 * (docs/integrations/flexible-polyline.md), its length in metres and duration in seconds,
 * and the matched stops.
 */
export const telematicsLocation = z.object({
  polyline: z.string(),
  distance: z.number(),
  duration: z.number(),
  nearbyPoints: z.array(nearbyPoint),
});
export type TelematicsLocation = z.infer<typeof telematicsLocation>;
