import { z } from 'zod';
import { pageQuery, paged, sortQuery } from './api';
import { decimalNumber, id } from './fields';
import { ID_MAX, REVIEW_STATUSES, reviewSortFields } from './list-query';
import { centralDateTime } from './time';
import { IDENTIFIER_TYPES } from './trips-api';
import { ROUTE_SOURCES } from './routing-api';
import { sourceCoverage } from './mile-stats-api';
import { PROVIDERS } from './providers';
import { formatTolerance, reviewFlagParams } from './review-flag-sentences';

/**
 * Pay rules, the Mileage Review queue, approval by rule and the settlement export
 * (docs/mileage-review.md). Miles on the wire, to full precision unless said otherwise.
 */

export const PAY_BASES = ['ROUTED', 'ACTUAL', 'LOWER', 'HIGHER'] as const;
export type PayBasis = (typeof PAY_BASES)[number];
export const PAY_BASIS_LABELS: Record<PayBasis, string> = { ROUTED: 'Routed', ACTUAL: 'Actual', LOWER: 'Lower', HIGHER: 'Higher' };

export const TOLERANCE_MIN = 0;
export const TOLERANCE_MAX = 25;
/** A company without a saved rule pays routed miles and allows 3 % (version 0: never saved). */
export const DEFAULT_PAY_RULE = { payBasis: 'ROUTED', tolerancePct: 3, version: 0 } as const satisfies { payBasis: PayBasis; tolerancePct: number; version: number };

export const MILEAGE_REVIEW_MESSAGES = {
  payBasis: 'Pay basis must be one of ROUTED, ACTUAL, LOWER, HIGHER',
  tolerance: `Tolerance must be a number from ${TOLERANCE_MIN} to ${TOLERANCE_MAX}`,
  version: 'version is required (0 when the company has no saved rule)',
  staleRule: 'This pay rule was changed by someone else. Reload to see the latest version.',
  companyNotFound: 'Company not found.',
  itemsCount: 'Send from 1 to 500 trips',
  duplicateTrip: 'Each trip may be sent once',
  saved: 'Pay rule saved',
} as const;

/** A number or its text in plain decimal notation ("2.5"; not "0x10", "1e1" or ""). */
const toleranceNumber = decimalNumber(
  z.number({ message: MILEAGE_REVIEW_MESSAGES.tolerance }).min(TOLERANCE_MIN, MILEAGE_REVIEW_MESSAGES.tolerance).max(TOLERANCE_MAX, MILEAGE_REVIEW_MESSAGES.tolerance),
);

/** `PUT /api/v1/companies/{id}/pay-rule`: the version the rule was read at (0 for the default). */
export const payRuleUpdate = z.object({
  payBasis: z.enum(PAY_BASES, { message: MILEAGE_REVIEW_MESSAGES.payBasis }),
  tolerancePct: toleranceNumber,
  version: z
    .number({ message: MILEAGE_REVIEW_MESSAGES.version })
    .int(MILEAGE_REVIEW_MESSAGES.version)
    .min(0, MILEAGE_REVIEW_MESSAGES.version)
    .max(ID_MAX, MILEAGE_REVIEW_MESSAGES.version),
});
export type PayRuleUpdate = z.input<typeof payRuleUpdate>;

/** `GET /api/v1/companies/{id}/pay-rule`: the saved rule or the default; `hasIntegration` false → routed miles are paid whatever the basis. */
export const payRule = z.object({
  companyId: z.number().int(),
  payBasis: z.enum(PAY_BASES),
  tolerancePct: z.number(),
  version: z.number().int(),
  hasIntegration: z.boolean(),
  /** What the rule does, in words ("Pay routed miles when GPS agrees within 3 %"). */
  sentence: z.string(),
});
export type PayRule = z.infer<typeof payRule>;

/** Tolerance as people write it: "3 %", "2.5 %". */
export { formatTolerance };

/** The basis a company actually pays by: one without an integration pays routed miles. */
export const effectiveBasis = (basis: PayBasis, hasIntegration: boolean): PayBasis => (hasIntegration ? basis : 'ROUTED');

/** The one sentence that says what a rule does (Companies drawer, API). */
export function payRuleSentence(rule: { payBasis: PayBasis; tolerancePct: number }, hasIntegration: boolean): string {
  const tol = formatTolerance(rule.tolerancePct);
  if (!hasIntegration) return 'Pay routed miles (this company runs no GPS integration)';
  const what = {
    ROUTED: 'routed miles',
    ACTUAL: 'GPS miles',
    LOWER: 'the lower of routed and GPS miles',
    HIGHER: 'the higher of routed and GPS miles',
  }[rule.payBasis];
  return `Pay ${what} when GPS agrees within ${tol}`;
}

/** The queue's line for the company in view: "Prairie Freight Lines: pay routed miles when GPS agrees within 3 %". */
export const queueRuleText = (companyName: string, sentence: string) => `${companyName}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;

/** The words of each basis's figure in a sentence ("the pay basis (routed 500.0 mi; …)"). */
export const PAY_BASIS_WORDS: Record<PayBasis, string> = { ROUTED: 'routed', ACTUAL: 'GPS', LOWER: 'the lower of routed and GPS', HIGHER: 'the higher of routed and GPS' };

/** The figure a rule pays from: routed, actual (complete sources only; null when missing), or the lower or higher of the two. */
export function payBasisFigure(payBasis: PayBasis, routed: number | null, actual: number | null): number | null {
  const pick =
    payBasis === 'ROUTED'
      ? routed
      : payBasis === 'ACTUAL'
        ? actual
        : routed === null || actual === null
          ? null
          : payBasis === 'LOWER'
            ? Math.min(routed, actual)
            : Math.max(routed, actual);
  return pick === null || pick <= 0 ? null : pick;
}

/**
 * A figure beyond the tolerance of the pay basis (docs/mileage-review.md "Beyond tolerance"): its
 * difference in % and the sentence "<source> 512.4 mi is 2.5 % over the pay basis (routed 500.0 mi;
 * tolerance 2 %)"; null within tolerance. `text` writes a figure in the user's unit.
 */
export function beyondToleranceOf(
  label: string,
  value: number,
  rule: { payBasis: PayBasis; tolerancePct: number },
  basis: number,
  text: (value: number) => string,
): { pct: number; sentence: string } | null {
  const pct = ((value - basis) / basis) * 100;
  if (Math.abs(pct) <= rule.tolerancePct) return null;
  return {
    pct,
    sentence: `${label} ${text(value)} is ${Math.abs(pct).toFixed(1)} % ${pct > 0 ? 'over' : 'under'} the pay basis (${PAY_BASIS_WORDS[rule.payBasis]} ${text(basis)}; tolerance ${formatTolerance(rule.tolerancePct)})`,
  };
}

/** The rule named in the trip history and the export: "Routed, 3 %". */
export const ruleName = (basis: PayBasis, tolerancePct: number) => `${PAY_BASIS_LABELS[basis]}, ${formatTolerance(tolerancePct)}`;
/** The trip history's words for an approval by rule. */
export const approvedByRuleNote = (basis: PayBasis, tolerancePct: number) => `approved by rule: ${ruleName(basis, tolerancePct)}`;

export { REVIEW_STATUSES, reviewSortFields };
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { NEEDS_REVIEW: 'Needs review', READY: 'Ready', APPROVED: 'Approved' };

export const REVIEW_FLAGS = [
  'OVER_TOLERANCE',
  'NO_TELEMATICS',
  'GPS_GAP',
  'ODOMETER_GPS_DISAGREE',
  'STOP_NOT_REACHED',
  'ESTIMATE_ONLY',
  'PARTIAL_GPS',
  'STOP_PASSED_NEAR',
] as const;
export type ReviewFlagCode = (typeof REVIEW_FLAGS)[number];
export const REVIEW_FLAG_LABELS: Record<ReviewFlagCode, string> = {
  OVER_TOLERANCE: 'Over tolerance',
  NO_TELEMATICS: 'No telematics',
  GPS_GAP: 'GPS gap',
  ODOMETER_GPS_DISAGREE: 'Odometer ≠ GPS',
  STOP_NOT_REACHED: 'Stop not reached',
  ESTIMATE_ONLY: 'Estimate only',
  PARTIAL_GPS: 'Partial GPS',
  STOP_PASSED_NEAR: 'Stop passed near',
};

/**
 * A flag: its code, its sentence in miles (the settlement's and the spec's unit) and its figures
 * (`params`, metres), from which a screen writes the sentence in the user's unit (`flagSentence`).
 * Rows stored before the figures were kept have none until they are computed again.
 */
export const reviewFlag = z.object({ code: z.enum(REVIEW_FLAGS), sentence: z.string(), params: reviewFlagParams.optional() });
export type ReviewFlag = z.infer<typeof reviewFlag>;

/** The providers whose figures may be a trip's actual miles (providers.ts, in the order one is chosen). */
export const ACTUAL_SOURCES = PROVIDERS;
export type ActualSource = (typeof ACTUAL_SOURCES)[number];

export type ReviewSortField = (typeof reviewSortFields)[number];

const filters = {
  companyId: id('companyId must be a whole number from 1 to 2147483647').optional(),
  truckId: id('truckId must be a whole number from 1 to 2147483647').optional(),
  driverId: id('driverId must be a whole number from 1 to 2147483647').optional(),
  /** End date-time range of the trips, MM/DD/YYYY HH:mm:ss Central. */
  fromDate: centralDateTime('fromDate must be MM/DD/YYYY HH:mm:ss', 'fromDate').optional(),
  toDate: centralDateTime('toDate must be MM/DD/YYYY HH:mm:ss', 'toDate').optional(),
};

/** `GET /api/v1/mileage-review` */
export const reviewListQuery = pageQuery.extend({
  status: z.enum(REVIEW_STATUSES, { message: 'status must be NEEDS_REVIEW, READY or APPROVED' }).default('NEEDS_REVIEW'),
  ...filters,
  sort: sortQuery(reviewSortFields),
});
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** `GET /api/v1/mileage-review/ready`: every READY trip of a filter (for "Approve all ready in this filter"). */
export const reviewReadyQuery = z.object(filters);

export const reviewSuggestion = z.object({
  payableMileage: z.number().nullable(),
  loadedMiles: z.number().nullable(),
  emptyMiles: z.number().nullable(),
  /** The rule's basis in force when the suggestion was made. */
  basis: z.enum(PAY_BASES),
  /** Whose figures the suggestion took: routed or actual (telematics). */
  from: z.enum(['ROUTED', 'ACTUAL']).nullable(),
});

export const reviewRow = z.object({
  tripId: z.number().int(),
  version: z.number().int(),
  identifierType: z.enum(IDENTIFIER_TYPES),
  number: z.string().nullable(),
  /** The trip's truck and driver: the row's View Route opens the Trips map on them. */
  truckId: z.number().int(),
  unitNumber: z.string().nullable(),
  driverId: z.number().int(),
  driverName: z.string().nullable(),
  companyName: z.string().nullable(),
  /** MM/DD/YYYY HH:mm:ss Central. */
  endDateTime: z.string().nullable(),
  routedMiles: z.number().nullable(),
  routeSource: z.enum(ROUTE_SOURCES).nullable(),
  actualMiles: z.number().nullable(),
  actualSource: z.enum(ACTUAL_SOURCES).nullable(),
  /** How much of the trip the actual source measured (kept with its figure); null without an actual source. */
  actualCoverage: sourceCoverage.nullable(),
  /** (actual − routed) / routed × 100; null without both, or when the actual source is partial (not every leg measured). */
  differencePct: z.number().nullable(),
  flags: z.array(reviewFlag),
  suggested: reviewSuggestion,
  payableMileage: z.number().nullable(),
  status: z.enum(REVIEW_STATUSES),
});
export type ReviewRow = z.infer<typeof reviewRow>;

/** Counts of the whole queue or of one company are exact; in a narrower filter (truck, driver, period) they are exact up to REVIEW_COUNT_CAP, past it the count says CAP + 1 and `countsCapped` names the status. */
export const REVIEW_COUNT_CAP = 10_000;
export const reviewCounts = z.object({ NEEDS_REVIEW: z.number().int(), READY: z.number().int(), APPROVED: z.number().int() });
export const reviewPage = paged(reviewRow).extend({
  counts: reviewCounts,
  countsCapped: z.array(z.enum(REVIEW_STATUSES)),
  /** Open trips of the filter's company (of any company without one) are still being recomputed for a new pay rule. */
  recomputing: z.boolean(),
  /** The pay rule of the filter's company, in words (queueRuleText); absent without a company filter. */
  rule: z.object({ companyId: z.number().int(), companyName: z.string(), sentence: z.string() }).nullish(),
});
export type ReviewPage = z.infer<typeof reviewPage>;

/** At most this many READY trips are listed for one "Approve all ready" (the screen approves them 500 at a time). */
export const READY_LIST_MAX = 10_000;
export const readyItem = z.object({ tripId: z.number().int(), version: z.number().int(), payableMileage: z.number().nullable() });
export const readyList = z.object({ items: z.array(readyItem), totalMiles: z.number(), truncated: z.boolean() });
export type ReadyList = z.infer<typeof readyList>;

export const APPROVE_MAX_ITEMS = 500;
const approveItem = z.object({
  tripId: id('tripId must be a whole number from 1 to 2147483647'),
  version: z.number({ message: 'version is required' }).int('version is required').min(1, 'version is required').max(ID_MAX, 'version is required'),
});
/** `POST /api/v1/mileage-review/approve` */
export const approveBody = z.object({
  items: z
    .array(approveItem, { message: MILEAGE_REVIEW_MESSAGES.itemsCount })
    .min(1, MILEAGE_REVIEW_MESSAGES.itemsCount)
    .max(APPROVE_MAX_ITEMS, MILEAGE_REVIEW_MESSAGES.itemsCount)
    .refine((items) => new Set(items.map((i) => i.tripId)).size === items.length, MILEAGE_REVIEW_MESSAGES.duplicateTrip),
});
export type ApproveBody = z.input<typeof approveBody>;

/** STALE_RULE: the trip's review row was computed under an older version of its company's pay rule (being recomputed). */
export const APPROVE_STATUSES = ['APPROVED', 'STALE_VERSION', 'STALE_RULE', 'NOT_READY', 'NOT_FOUND'] as const;
export type ApproveStatus = (typeof APPROVE_STATUSES)[number];
/**
 * One answer per trip, with what names it on screen: its number, and who last changed the trip
 * and when (ISO 8601; `changedBy` null when nobody known, e.g. a job) — the reason a trip was not
 * approved is said with them (docs/mileage-review.md "API").
 */
export const approveResultItem = z.object({
  tripId: z.number().int(),
  status: z.enum(APPROVE_STATUSES),
  number: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});
export type ApproveResultItem = z.infer<typeof approveResultItem>;
export const approveResult = z.object({ results: z.array(approveResultItem) });
export type ApproveResult = z.infer<typeof approveResult>;

/** `GET /api/v1/mileage-review/export.csv` */
export const reviewExportQuery = z.object({
  fromDate: filters.fromDate,
  toDate: filters.toDate,
  companyId: filters.companyId,
  groupBy: z.enum(['trip', 'driver'], { message: 'groupBy must be trip or driver' }).default('trip'),
});
