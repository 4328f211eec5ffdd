import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './access';
import { companies } from './reference';
import { trips } from './trips';

/** A company's pay rule (docs/mileage-review.md); no row is DEFAULT_PAY_RULE. */
export const companyPayRules = pgTable('company_pay_rules', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** ROUTED | ACTUAL | LOWER | HIGHER */
  payBasis: text().notNull(),
  tolerancePct: doublePrecision().notNull(),
  version: integer().notNull().default(1),
  updatedBy: integer().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per COMPLETED trip: its review status, flags and suggestion, written only by
 * `refreshTripReview` (modules/mileage-review/service.ts) when the trip's figures or payable
 * miles are stored. Every distance in metres (docs/decisions/020-one-unit.md, migration 0022):
 * miles only at the edge, where the queue and the approval convert.
 */
export const tripReview = pgTable(
  'trip_review',
  {
    tripId: integer()
      .primaryKey()
      .references(() => trips.id, { onDelete: 'cascade' }),
    companyId: integer(),
    truckId: integer().notNull(),
    driverId: integer().notNull(),
    endDateTime: timestamp({ withTimezone: true }),
    /** NEEDS_REVIEW | READY | APPROVED */
    status: text().notNull(),
    /** [{ code, sentence, params }] (params: the flag's figures, packages/contracts review-flag-sentences.ts) */
    flags: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The version of the flags' shape this row was written with (REVIEW_FLAGS_VERSION,
     * modules/mileage-review/flags.ts; 0: flags without params, before migration 0035). A row
     * behind it is recomputed by the background backfill (docs/mileage-review.md "Rows of an
     * older flags version"). No default: every write names its version.
     */
    flagsVersion: integer().notNull(),
    routedM: doublePrecision(),
    /** HERE | ESTIMATE */
    routeSource: text(),
    actualM: doublePrecision(),
    /** A ProviderName (packages/contracts providers.ts): the provider whose figure is the actual one. */
    actualSource: text(),
    /** The actual source's coverage as kept with its figure: { legs, legsMeasured, pct } (migration 0032). */
    actualCoverage: jsonb(),
    differencePct: doublePrecision(),
    ruleBasis: text().notNull(),
    ruleTolerancePct: doublePrecision().notNull(),
    /**
     * The version of the company's pay rule (company_pay_rules.version, 0: none saved) this row was
     * computed under: an open row behind its company's rule is recomputed by the pay-rule job and
     * never approved by rule (docs/mileage-review.md "Pay rule").
     */
    ruleVersion: integer().notNull().default(0),
    /** ROUTED | ACTUAL: whose figures the suggestion took. */
    suggestedFrom: text(),
    suggestedPayableM: doublePrecision(),
    suggestedLoadedM: doublePrecision(),
    suggestedEmptyM: doublePrecision(),
    /** The trip's payable distance (trips.payable_m), set by hand or by rule. */
    payableM: doublePrecision(),
    approvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp({ withTimezone: true }),
    /** The rule's name ("Routed, 3 %") when approved by rule; null when by hand. */
    approvedRule: text(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The queue's indexes (migrations 0017 and 0022): every filter × sort of a page reads one of them in order or index-only;
    // the two end-date indexes also INCLUDE the sort figures in the migration (drizzle's index builder has no INCLUDE).
    index('trip_review_status_end_idx').on(t.status, t.endDateTime, t.tripId),
    index('trip_review_company_idx').on(t.companyId, t.status, t.endDateTime, t.tripId),
    index('trip_review_company_difference_idx').on(t.companyId, t.status, t.differencePct, t.tripId),
    index('trip_review_company_routed_idx').on(t.companyId, t.status, t.routedM, t.tripId),
    index('trip_review_company_actual_idx').on(t.companyId, t.status, t.actualM, t.tripId),
    index('trip_review_company_payable_idx').on(t.companyId, t.status, t.payableM, t.tripId),
    index('trip_review_truck_idx').on(t.truckId, t.status, t.endDateTime, t.tripId),
    index('trip_review_driver_idx').on(t.driverId, t.status, t.endDateTime, t.tripId),
    index('trip_review_difference_idx').on(t.status, t.differencePct, t.tripId),
    index('trip_review_routed_idx').on(t.status, t.routedM, t.tripId),
    index('trip_review_actual_idx').on(t.status, t.actualM, t.tripId),
    index('trip_review_payable_idx').on(t.status, t.payableM, t.tripId),
    // The open rows behind their company's rule, found per company by the pay-rule job and the queue's `recomputing` (migration 0029).
    // The rows written before flags carried their params, found by the backfill (migration 0035); a new
    // REVIEW_FLAGS_VERSION changes the predicate in its own migration.
    index('trip_review_flags_version_idx')
      .on(t.tripId)
      .where(sql`${t.flagsVersion} < 1`),
    index('trip_review_rule_version_idx')
      .on(t.companyId, t.ruleVersion, t.tripId)
      .where(sql`${t.payableM} is null`),
  ],
);

/**
 * The queue's counts: review rows per company (0: a truck without one) and status, kept equal to
 * trip_review by its statement triggers (migration 0022), so the tabs of the whole queue or of one
 * company count from a few rows.
 */
export const tripReviewCounts = pgTable(
  'trip_review_counts',
  {
    companyId: integer().notNull(),
    /** NEEDS_REVIEW | READY | APPROVED */
    status: text().notNull(),
    trips: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status], name: 'trip_review_counts_pkey' })],
);
