import { date, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { trucks } from './reference';

/**
 * The Reports screen's running totals: per truck, per Central-time week (Monday) and month of
 * the pickup time, the sums of the trips list's figures over the trips that are not cancelled.
 * Kept by a trigger on `trips` (migration 0009), in the same transaction as every trip write,
 * so a weekly, monthly or yearly report reads a few thousand rows instead of a million trips.
 * Figures use the trips table's units: routing in metres, manual figures in miles.
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
    routeMiles: doublePrecision().notNull().default(0),
    routeTotalEmpty: doublePrecision().notNull().default(0),
    routePu: doublePrecision().notNull().default(0),
    routeTrl: doublePrecision().notNull().default(0),
    routeTotalMiles: doublePrecision().notNull().default(0),
    payableMileage: doublePrecision().notNull().default(0),
    emptyMiles: doublePrecision().notNull().default(0),
    loadedMiles: doublePrecision().notNull().default(0),
    /** Planned vs actual (migration 0012): the trips with a telematics figure, their routing's TOTAL MILES (metres) and their telematics miles. */
    telematicsLoadCount: integer().notNull().default(0),
    telematicsRouteTotalMiles: doublePrecision().notNull().default(0),
    telematicsMiles: doublePrecision().notNull().default(0),
  },
  // One truck's weeks are one index range; all trucks read every row of a kind.
  (t) => [primaryKey({ columns: [t.periodKind, t.truckId, t.periodStart] })],
);
