import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { trucks } from './reference';
import { trips } from './trips';

/**
 * The Reports screen's running totals: per truck, per Central-time week (Monday) and month of
 * the pickup time, the sums of the trips list's figures over the trips that are not cancelled.
 * Kept by a trigger on `trips` (migration 0009), in the same transaction as every trip write,
 * so a weekly, monthly or yearly report reads a few thousand rows instead of a million trips.
 * Figures are in metres, as on the trips table (docs/decisions/020-one-unit.md).
 */
export const tripPeriodStats = pgTable(
  'trip_period_stats',
  {
    /** WEEK or MONTH; years are summed from months. */
    periodKind: text().notNull(),
    /** The period's first day, a Central calendar date. */
    periodStart: date({ mode: 'string' }).notNull(),
    truckId: integer()
      .notNull()
      .references(() => trucks.id),
    loadCount: integer().notNull().default(0),
    routeM: doublePrecision().notNull().default(0),
    routeTotalEmptyM: doublePrecision().notNull().default(0),
    routePuM: doublePrecision().notNull().default(0),
    routeTrlM: doublePrecision().notNull().default(0),
    routeTotalM: doublePrecision().notNull().default(0),
    payableM: doublePrecision().notNull().default(0),
    emptyM: doublePrecision().notNull().default(0),
    loadedM: doublePrecision().notNull().default(0),
    /** Planned vs actual (migration 0012): the trips with a telematics figure, their routing's TOTAL MILES and their telematics TOTAL MILES (metres). */
    telematicsLoadCount: integer().notNull().default(0),
    telematicsRouteTotalM: doublePrecision().notNull().default(0),
    telematicsM: doublePrecision().notNull().default(0),
    /** Migration 0025: the trips whose route figures are an estimate (no HERE route), and those without a Payable Mileage yet. */
    estimateLoadCount: integer().notNull().default(0),
    noPayableLoadCount: integer().notNull().default(0),
  },
  // One truck's weeks are one index range; all trucks read every row of a kind.
  (t) => [primaryKey({ columns: [t.periodKind, t.truckId, t.periodStart] })],
);

/**
 * State miles for IFTA (docs/state-miles.md, migration 0018): a trip's metres per jurisdiction
 * and source (GPS, ROUTE, ESTIMATE), written by the API when the trip's route or track
 * changes. `truckId`, `pickupDateTime` and `cancelled` are copied from the trip by triggers;
 * `best` marks the trip's best source; `computedFrom` says what the split was computed from;
 * `rules` the jurisdiction rules it was computed with (migration 0027, `JURISDICTION_RULES` of
 * packages/geo jurisdictions.ts): the backfill computes older rules' ESTIMATE and GPS splits again.
 */
export const tripStateMiles = pgTable(
  'trip_state_miles',
  {
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    source: text().notNull(),
    state: text().notNull(),
    metres: doublePrecision().notNull(),
    best: boolean().notNull().default(false),
    /** A GPS split whose track did not measure every leg of the trip: kept and shown, never counted (migration 0032). */
    partial: boolean().notNull().default(false),
    computedFrom: text().notNull(),
    rules: text().notNull(),
    truckId: integer().notNull(),
    pickupDateTime: timestamp({ withTimezone: true }).notNull(),
    cancelled: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'trip_state_miles_pkey', columns: [t.tripId, t.source, t.state] }),
    // Also INCLUDEs state, source and metres (migration 0023), so a custom range's edge months are read from the index alone.
    index('trip_state_miles_counted_idx')
      .on(t.pickupDateTime, t.truckId)
      .where(sql`${t.best} AND NOT ${t.cancelled}`),
    // The period's not fileable trips in pickup order (a trip's rows share its pickup), with their truck and
    // metres INCLUDEd (migration 0036): the list stops after its first trips, the count reads these rows only.
    index('trip_state_miles_estimate_idx')
      .on(t.pickupDateTime, t.tripId)
      .where(sql`${t.best} AND NOT ${t.cancelled} AND ${t.source} = 'ESTIMATE'`),
    // The splits of older rules the backfill computes again (migration 0027); ROUTE rows are never among them.
    index('trip_state_miles_rules_idx')
      .on(t.rules, t.tripId)
      .where(sql`${t.source} <> 'ROUTE'`),
  ],
);

/** Per truck, Central month of the pickup, state and source: the metres and trips of the rows that count (kept by a trigger, migration 0018). */
export const stateMilesMonthly = pgTable(
  'state_miles_monthly',
  {
    truckId: integer().notNull(),
    month: date({ mode: 'string' }).notNull(),
    state: text().notNull(),
    source: text().notNull(),
    metres: doublePrecision().notNull().default(0),
    trips: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'state_miles_monthly_pkey', columns: [t.month, t.truckId, t.state, t.source] }), index('state_miles_monthly_truck_idx').on(t.truckId, t.month)],
);

/** The same per Central quarter (its first day): what a quarter's report reads as it is (kept by the same triggers, migration 0023). */
export const stateMilesQuarterly = pgTable(
  'state_miles_quarterly',
  {
    truckId: integer().notNull(),
    quarter: date({ mode: 'string' }).notNull(),
    state: text().notNull(),
    source: text().notNull(),
    metres: doublePrecision().notNull().default(0),
    trips: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'state_miles_quarterly_pkey', columns: [t.quarter, t.truckId, t.state, t.source] })],
);
