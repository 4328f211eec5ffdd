import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
 * miles are stored. Distances in metres; suggested and payable figures in miles, as the trip's
 * manual figures are.
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
    /** [{ code, sentence }] */
    flags: jsonb().notNull().default(sql`'[]'::jsonb`),
    routedMeters: doublePrecision(),
    /** HERE | ESTIMATE */
    routeSource: text(),
    actualMeters: doublePrecision(),
    /** SAMSARA | GLE */
    actualSource: text(),
    differencePct: doublePrecision(),
    ruleBasis: text().notNull(),
    ruleTolerancePct: doublePrecision().notNull(),
    /** ROUTED | ACTUAL: whose figures the suggestion took. */
    suggestedFrom: text(),
    suggestedPayable: doublePrecision(),
    suggestedLoaded: doublePrecision(),
    suggestedEmpty: doublePrecision(),
    payableMileage: doublePrecision(),
    approvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp({ withTimezone: true }),
    /** The rule's name ("Routed, 3 %") when approved by rule; null when by hand. */
    approvedRule: text(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trip_review_status_end_idx').on(t.status, t.endDateTime, t.tripId),
    index('trip_review_company_idx').on(t.companyId, t.status, t.endDateTime, t.tripId),
    index('trip_review_truck_idx').on(t.truckId, t.status, t.endDateTime, t.tripId),
    index('trip_review_driver_idx').on(t.driverId, t.status, t.endDateTime, t.tripId),
    index('trip_review_difference_idx').on(t.status, t.differencePct, t.tripId),
    index('trip_review_routed_idx').on(t.status, t.routedMeters, t.tripId),
    index('trip_review_actual_idx').on(t.status, t.actualMeters, t.tripId),
    index('trip_review_payable_idx').on(t.status, t.payableMileage, t.tripId),
  ],
);
