import { coverageComplete, coverageOf, payableFrom, type SourceCoverage, type SourceMileStats } from '@milepost/contracts/mile-stats-api';
import { effectiveBasis, formatTolerance, type ActualSource, type PayBasis, type ReviewFlag, type ReviewStatus } from '@milepost/contracts/mileage-review-api';
import type { RouteSource } from '@milepost/contracts/routing-api';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';

/**
 * The one place a completed trip's review is decided (docs/mileage-review.md): its flags with
 * their sentences, the difference between routed and actual TOTAL MILES, the suggestion by the
 * company's rule, and the status. Pure: it reads only the stored figures it is given (the
 * trip's route columns, the engine's kept telematics figures), and derives no distance itself.
 */

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

const mi = (miles: number) => `${miles.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} mi`;
const pct = (p: number) => `${Math.abs(p).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

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

const between = (stops: readonly string[], toIndex: number) => `between ${placeName(stops[toIndex - 1])} and ${placeName(stops[toIndex])}`;
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

  if (differencePct !== null && Math.abs(differencePct) > input.rule.tolerancePct) {
    const routedMi = metresToMiles(routedMeters!);
    const actualMi = metresToMiles(actualMeters!);
    flags.push({
      code: 'OVER_TOLERANCE',
      sentence: `${provider} ${mi(actualMi)} is ${pct(differencePct)} ${differencePct > 0 ? 'over' : 'under'} routed ${mi(routedMi)} (tolerance ${formatTolerance(input.rule.tolerancePct)})`,
    });
  }
  if (input.integrationOn && !actual) {
    flags.push({ code: 'NO_TELEMATICS', sentence: `No GPS track for this trip although the company runs ${input.integrationName ?? 'an integration'}` });
  }
  if (!actual && route.source !== 'HERE') {
    flags.push({
      code: 'ESTIMATE_ONLY',
      sentence: route.source === 'ESTIMATE' ? 'Routed miles are an estimate and there is no GPS track' : 'No routed miles and no GPS track',
    });
  }
  if (actual && actualCoverage && !complete) {
    // "GPS measured 1 of 3 legs: 169.5 of 858.0 mi"
    const measuredMi = mi(actual.stats.totalMiles);
    const ofRoute = routedMeters !== null ? `${measuredMi.slice(0, -3)} of ${mi(metresToMiles(routedMeters))}` : measuredMi;
    flags.push({ code: 'PARTIAL_GPS', sentence: `${provider} measured ${actualCoverage.legsMeasured} of ${actualCoverage.legs} legs: ${ofRoute}` });
  }
  for (const p of actual?.stats.nearPasses ?? []) {
    flags.push({
      code: 'STOP_PASSED_NEAR',
      sentence: `The ${provider} track passed ${mi(p.miles)} from ${placeName(stops[p.index])} (stop ${p.index + 1}); radius ${mi(p.radiusMiles)}`,
    });
  }
  for (const leg of actual?.stats.legs ?? []) {
    if (leg.reachedAt === null) {
      flags.push({ code: 'STOP_NOT_REACHED', sentence: `The truck's ${provider} track never reached ${placeName(stops[leg.toIndex])} (stop ${leg.toIndex + 1})` });
      continue;
    }
    if (leg.gap) {
      flags.push({ code: 'GPS_GAP', sentence: `GPS gap on the ${leg.miles === null ? '' : `${mi(leg.miles)} `}leg ${between(stops, leg.toIndex)}` });
    }
    if (leg.differs && leg.miles !== null && leg.otherMiles !== null) {
      const odo = leg.method === 'ODOMETER' ? leg.miles : leg.otherMiles;
      const gps = leg.method === 'ODOMETER' ? leg.otherMiles : leg.miles;
      flags.push({ code: 'ODOMETER_GPS_DISAGREE', sentence: `Odometer ${mi(odo)} and GPS ${mi(gps)} disagree ${between(stops, leg.toIndex)}` });
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
