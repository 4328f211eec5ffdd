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
    /** [{ code, sentence }] */
    flags: jsonb().notNull().default(sql`'[]'::jsonb`),
    routedM: doublePrecision(),
    /** HERE | ESTIMATE */
    routeSource: text(),
    actualM: doublePrecision(),
    /** SAMSARA | GLE */
    actualSource: text(),
    differencePct: doublePrecision(),
    ruleBasis: text().notNull(),
    ruleTolerancePct: doublePrecision().notNull(),
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
    index('trip_review_status_end_idx').on(t.status, t.endDateTime, t.tripId),
    index('trip_review_company_idx').on(t.companyId, t.status, t.endDateTime, t.tripId),
    index('trip_review_truck_idx').on(t.truckId, t.status, t.endDateTime, t.tripId),
    index('trip_review_driver_idx').on(t.driverId, t.status, t.endDateTime, t.tripId),
    index('trip_review_difference_idx').on(t.status, t.differencePct, t.tripId),
    index('trip_review_routed_idx').on(t.status, t.routedM, t.tripId),
    index('trip_review_actual_idx').on(t.status, t.actualM, t.tripId),
    index('trip_review_payable_idx').on(t.status, t.payableM, t.tripId),
  ],
);
