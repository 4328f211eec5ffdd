import { coverageComplete, coverageOf, payableFrom, type SourceCoverage, type SourceMileStats } from '@milepost/contracts/mile-stats-api';
import { effectiveBasis, type ActualSource, type PayBasis, type ReviewFlag, type ReviewStatus } from '@milepost/contracts/mileage-review-api';
import { flagSentence, type ReviewFlagParams } from '@milepost/contracts/review-flag-sentences';
import type { RouteSource } from '@milepost/contracts/routing-api';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';

/**
 * The one place a completed trip's review is decided (docs/mileage-review.md): its flags with
 * their sentences, the difference between routed and actual TOTAL MILES, the suggestion by the
 * company's rule, and the status. Pure: it reads only the stored figures it is given (the
 * trip's route columns, the engine's kept telematics figures), and derives no distance itself.
 */

/**
 * The shape of the flags `decideReview` writes, kept on every review row (`trip_review.flags_version`,
 * migration 0035): 1 — every flag carries its `params` (its figures, so screens write the sentence
 * in the user's unit). A row behind is recomputed by the background backfill
 * (`recomputeOldFlagReviews`; docs/mileage-review.md "Rows of an older flags version"). Raise it
 * when the flags' shape changes, with a migration that moves the partial index
 * `trip_review_flags_version_idx` to the new version.
 */
export const REVIEW_FLAGS_VERSION = 1;

export interface ReviewInputs {
  /** The trip's route columns, metres. */
  route: { source: RouteSource | null; totalMeters: number | null; loadedMeters: number | null; emptyMeters: number | null };
  /**
   * The telematics figures kept for the trip (the first source switched on that has them:
   * telematics sourcesOn order), miles as the engine answers; `word` is what the sentences call
   * them (the telematics registry's reviewWord).
   */
  actual: { source: ActualSource; stats: SourceMileStats; word: string } | null;
  /** The company runs an integration (its switch and the trip settings' switch, as the mile stats read them). */
  integrationOn: boolean;
  integrationName: string | null;
  rule: { payBasis: PayBasis; tolerancePct: number };
  /** The trip's stop addresses by order index (for the sentences). */
  stops: readonly string[];
  payableMileage: number | null;
}

export interface ReviewOutcome {
  status: ReviewStatus;
  flags: ReviewFlag[];
  routedMeters: number | null;
  actualMeters: number | null;
  differencePct: number | null;
  /** The actual source's coverage as kept with its figure; null without an actual source. */
  actualCoverage: SourceCoverage | null;
  /** The basis in force (ROUTED for a company without an integration). */
  basis: PayBasis;
  suggested: { from: 'ROUTED' | 'ACTUAL' | null; payableMileage: number | null; loadedMiles: number | null; emptyMiles: number | null };
}

/** "Joliet, IL, United States" → "Joliet, IL": the sentences name places the way people say them. */
export function placeName(address: string | undefined): string {
  if (!address) return 'an unknown stop';
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1 && /^(united states|usa|us)$/i.test(parts.at(-1)!)) parts.pop();
  return parts.slice(-2).join(', ') || address;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export function decideReview(input: ReviewInputs): ReviewOutcome {
  const { route, actual, stops } = input;
  const flags: ReviewFlag[] = [];
  const routedMeters = route.source !== null && route.totalMeters !== null ? route.totalMeters : null;
  const actualMeters = actual ? milesToMetres(actual.stats.totalMiles) : null;
  const actualCoverage = actual ? coverageOf(actual.stats) : null;
  // Pay uses only complete sources: a partial figure is not compared with the route either (its
  // difference would be the legs it missed, not a disagreement).
  const complete = actualCoverage !== null && coverageComplete(actualCoverage);
  const differencePct = complete && routedMeters !== null && actualMeters !== null && routedMeters > 0 ? ((actualMeters - routedMeters) / routedMeters) * 100 : null;
  const provider = actual?.word ?? 'GPS';

  // Each flag keeps its figures (metres) and its miles sentence written from them (flagSentence),
  // so a screen writes the same sentence in km from the figures.
  const flag = (code: ReviewFlag['code'], params: ReviewFlagParams) => flags.push({ code, sentence: flagSentence(code, params, 'MILES'), params });
  if (differencePct !== null && Math.abs(differencePct) > input.rule.tolerancePct) {
    flag('OVER_TOLERANCE', { provider, actualM: actualMeters!, routedM: routedMeters!, differencePct, tolerancePct: input.rule.tolerancePct });
  }
  if (input.integrationOn && !actual) flag('NO_TELEMATICS', { integration: input.integrationName });
  if (!actual && route.source !== 'HERE') flag('ESTIMATE_ONLY', { estimate: route.source === 'ESTIMATE' });
  if (actual && actualCoverage && !complete) {
    // "GPS measured 1 of 3 legs: 169.5 of 858.0 mi"
    flag('PARTIAL_GPS', { provider, legsMeasured: actualCoverage.legsMeasured, legs: actualCoverage.legs, actualM: actualMeters!, routedM: routedMeters });
  }
  for (const p of actual?.stats.nearPasses ?? []) {
    flag('STOP_PASSED_NEAR', { provider, passedM: milesToMetres(p.miles), place: placeName(stops[p.index]), stop: p.index + 1, radiusM: milesToMetres(p.radiusMiles) });
  }
  for (const leg of actual?.stats.legs ?? []) {
    if (leg.reachedAt === null) {
      flag('STOP_NOT_REACHED', { provider, place: placeName(stops[leg.toIndex]), stop: leg.toIndex + 1 });
      continue;
    }
    const between = { from: placeName(stops[leg.toIndex - 1]), to: placeName(stops[leg.toIndex]) };
    if (leg.gap) flag('GPS_GAP', { ...between, legM: leg.miles === null ? null : milesToMetres(leg.miles) });
    if (leg.differs && leg.miles !== null && leg.otherMiles !== null) {
      const odo = leg.method === 'ODOMETER' ? leg.miles : leg.otherMiles;
      const gps = leg.method === 'ODOMETER' ? leg.otherMiles : leg.miles;
      flag('ODOMETER_GPS_DISAGREE', { ...between, odometerM: milesToMetres(odo), gpsM: milesToMetres(gps) });
    }
  }

  // The suggestion: exactly the figure the rule's basis picked, rounded once to 0.1 mi (payable),
  // with its loaded miles to 0.1 and the empty miles the rest, so loaded + empty = payable as staff
  // would enter them. A basis that needs an incomplete actual source suggests nothing (PARTIAL_GPS).
  const basis = effectiveBasis(input.rule.payBasis, input.integrationOn);
  const routed = routedMeters !== null ? { loaded: metresToMiles(route.loadedMeters ?? 0), total: routedMeters } : null;
  const measured = actual ? { loaded: actual.stats.miles, total: actualMeters! } : null;
  let from: 'ROUTED' | 'ACTUAL' | null = null;
  if (basis === 'ROUTED') from = routed ? 'ROUTED' : null;
  else if (measured && !complete) from = null;
  else if (basis === 'ACTUAL') from = measured ? 'ACTUAL' : null;
  else if (routed && measured) from = (basis === 'LOWER') === measured.total < routed.total ? 'ACTUAL' : 'ROUTED';
  // One of the two is missing (flagged): the one there is, for the person who reviews it.
  else from = routed ? 'ROUTED' : measured ? 'ACTUAL' : null;
  const figures = from === 'ROUTED' ? routed : from === 'ACTUAL' ? measured : null;
  const payable = figures ? round1(metresToMiles(figures.total)) : null;
  const loadedMiles = figures ? Math.min(round1(figures.loaded), payable!) : null;
  const emptyMiles = figures ? round1(payable! - loadedMiles!) : null;
  const suggested = { from, loadedMiles, emptyMiles, payableMileage: payableFrom(emptyMiles, loadedMiles) };

  const status: ReviewStatus = input.payableMileage !== null ? 'APPROVED' : flags.length || suggested.payableMileage === null ? 'NEEDS_REVIEW' : 'READY';
  return { status, flags, routedMeters, actualMeters, differencePct, actualCoverage, basis, suggested };
}
