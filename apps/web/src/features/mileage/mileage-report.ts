import {
  DISTANCE_METHOD_LABELS,
  coverageComplete,
  coverageOf,
  payableFrom,
  type DistanceMethod,
  type MileStatsLeg,
  type SourceMileStats,
  type TripMileStats,
} from '@milepost/contracts/mile-stats-api';
import type { FigureSource } from '@milepost/contracts/trips-api';
import { beyondToleranceOf, payBasisFigure } from '@milepost/contracts/mileage-review-api';
import { PROVIDER_LABELS, PROVIDERS, providerField } from '@milepost/contracts/providers';
import { formatCentral } from '@milepost/contracts/time';
import { tripMiles } from '@milepost/contracts/trips-api';
import { groupDigits, type DistanceUnit } from '@milepost/geo/units';
import { z } from 'zod';
import { milesIn, milesText as distanceMilesText } from '@/lib/distance-format';

/**
 * The report's rows in the spec's order: HERE, then each provider in PROVIDERS order under its name
 * in capitals (packages/contracts providers.ts); differences are taken from the first (docs/product/trips.md).
 */
export const SOURCE_ROWS = [{ key: 'hereStats', label: 'HERE' }, ...PROVIDERS.map((p) => ({ key: providerField(p, 'Stats'), label: p }))] as const;
export type SourceKey = (typeof SOURCE_ROWS)[number]['key'];

/** Each provider's figures, in the order "actual" is chosen in. */
const PROVIDER_STATS = PROVIDERS.map((p) => ({ provider: p, key: providerField(p, 'Stats') }));

/** The telematics sources, by label, and when each one's stored track was fetched (the jobs fetch; the report only reads). */
export const TELEMATICS_FETCHED = PROVIDERS.map((p) => ({ key: providerField(p, 'FetchedAt'), label: PROVIDER_LABELS[p] }));

/** "<label> · as of 11/25 06:40 CT", or "… · not fetched yet". */
export function fetchedText(label: string, iso: string | null): string {
  return iso ? `${label} · as of ${formatCentral(iso, 'MM/dd HH:mm')} CT` : `${label} · not fetched yet`;
}

/** Who may ask for a fresh fetch (POST /mile-stats/{tripId}/refresh). */
export const REFRESH_TELEMATICS_PERMISSIONS = ['CAN_SYNC_INTEGRATIONS', 'CAN_EDIT_MILEAGE_REPORT_TRIP'] as const;

/** Miles (or km, with KM) to one decimal, grouped with spaces; a dash when there is no figure. */
export const miles = (value: number | null | undefined, unit: DistanceUnit = 'MILES') => (value === null || value === undefined ? '—' : groupDigits(milesIn(value, unit), 1));

/** TOTAL MILES of a source minus the first source's, in the unit, rounded to one decimal; null when either is missing. */
export function difference(stats: SourceMileStats | null, first: SourceMileStats | null, unit: DistanceUnit = 'MILES'): number | null {
  if (!stats || !first) return null;
  const d = Math.round(milesIn(stats.totalMiles - first.totalMiles, unit) * 10) / 10;
  return d === 0 ? 0 : d;
}

export { signedMiles } from '@milepost/geo/units';

/** How a source's figures were measured, e.g. 'Odometer (3 legs), GPS track (1 leg)'; unmeasured legs said plainly. */
export function provenance(stats: SourceMileStats | null): string {
  if (!stats) return 'No data';
  const counts = new Map<DistanceMethod, number>();
  let missing = 0;
  let unlabelled = 0;
  for (const leg of stats.legs) {
    if (leg.miles === null) missing++;
    else if (leg.method === null) unlabelled++;
    else counts.set(leg.method, (counts.get(leg.method) ?? 0) + 1);
  }
  const legs = (n: number) => `${n} leg${n === 1 ? '' : 's'}`;
  const parts = [...counts].map(([method, n]) => `${DISTANCE_METHOD_LABELS[method]} (${legs(n)})`);
  // Figures saved before the server recorded where they came from.
  if (unlabelled) parts.push(`source not recorded (${legs(unlabelled)})`);
  if (missing) parts.push(`${legs(missing)} not measured`);
  return parts.join(', ') || 'No legs';
}

export interface LegRow {
  toIndex: number;
  stopType: string;
  loadStatus: string;
  bySource: Record<SourceKey, MileStatsLeg | null>;
}

/** The legs of the three sources side by side, by the stop each leads into. */
export function legRows(stats: TripMileStats): LegRow[] {
  const rows = new Map<number, LegRow>();
  for (const { key } of SOURCE_ROWS) {
    for (const leg of stats[key]?.legs ?? []) {
      const row = rows.get(leg.toIndex) ?? {
        toIndex: leg.toIndex,
        stopType: leg.stopType,
        loadStatus: leg.loadStatus,
        bySource: Object.fromEntries(SOURCE_ROWS.map((r) => [r.key, null])) as LegRow['bySource'],
      };
      row.bySource[key] = leg;
      rows.set(leg.toIndex, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.toIndex - b.toIndex);
}

/** A number typed as text, checked by the contracts' mileage rule (its own message per rule). */
const milesText = z.string().superRefine((text, ctx) => {
  const r = tripMiles.safeParse(text);
  if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message });
});

/** The manual figures as typed (docs/product/trips.md: numeric, step 0.1, empty sent as null). */
export const manualMileageSchema = z.object({ loadedMiles: milesText, emptyMiles: milesText });
export type ManualMileageValues = z.input<typeof manualMileageSchema>;

export const toNumber = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** Payable mileage as shown while typing: blank unless both figures are numbers (docs/product/trips.md). */
export function payableText(emptyMiles: string, loadedMiles: string): string {
  const payable = payableFrom(toNumber(emptyMiles), toNumber(loadedMiles));
  return payable === null ? '' : String(payable);
}

export const numberText = (n: number | null) => (n === null ? '' : String(n));

/** The source a report row's figures are, as "Use these miles" names it (the routing row: HERE or the estimate). */
export function figureSourceOf(key: SourceKey, stats: Pick<TripMileStats, 'routeSource'>): FigureSource {
  const provider = PROVIDER_STATS.find((p) => p.key === key)?.provider;
  if (provider) return provider;
  return stats.routeSource === 'ESTIMATE' ? 'ESTIMATE' : 'HERE';
}

/** A source whose every leg has a figure: the routing's when each leg was routed or estimated, a telematics one by its coverage. */
export function sourceComplete(key: SourceKey, s: SourceMileStats | null): boolean {
  if (!s || s.legs.length === 0) return false;
  if (key === 'hereStats') return s.legs.every((l) => l.miles !== null);
  return coverageComplete(coverageOf(s));
}

/**
 * The figure the trip's pay rule pays from (docs/mileage-review.md "Pay rule"): routed miles, the
 * telematics TOTAL MILES (the first provider in PROVIDERS order with figures), or the lower or higher of the two. Only complete
 * sources count; null when the basis has no figure.
 */
export function payBasisMiles(stats: TripMileStats): number | null {
  const review = stats.review;
  if (!review) return null;
  const routed = stats.hereStats && sourceComplete('hereStats', stats.hereStats) ? stats.hereStats.totalMiles : null;
  const actualKey = PROVIDER_STATS.map((p) => p.key).find((k) => stats[k] !== null);
  const actual = actualKey && sourceComplete(actualKey, stats[actualKey]) ? stats[actualKey]!.totalMiles : null;
  return payBasisFigure(review.payBasis, routed, actual);
}

export interface BeyondTolerance {
  key: SourceKey;
  /** (source − basis) / basis × 100 */
  pct: number;
  sentence: string;
}

/**
 * The sources whose TOTAL MILES differ from the pay basis by more than the company's tolerance
 * (complete sources only: a partial one's difference is the legs it missed), each with its sentence:
 * "<source> 139.4 mi is 5.2 % over the pay basis (routed 132.5 mi; tolerance 3 %)".
 */
export function beyondTolerance(stats: TripMileStats, labels: Record<SourceKey, string>, unit: DistanceUnit = 'MILES'): BeyondTolerance[] {
  const basis = payBasisMiles(stats);
  const review = stats.review;
  if (basis === null || !review) return [];
  const out: BeyondTolerance[] = [];
  for (const { key } of SOURCE_ROWS) {
    const s = stats[key];
    if (!s || !sourceComplete(key, s)) continue;
    const beyond = beyondToleranceOf(labels[key], s.totalMiles, review, basis, (v) => distanceMilesText(v, unit));
    if (beyond) out.push({ key, ...beyond });
  }
  return out;
}
