import { date, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { trucks } from './reference';

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
  },
  // One truck's weeks are one index range; all trucks read every row of a kind.
  (t) => [primaryKey({ columns: [t.periodKind, t.truckId, t.periodStart] })],
);
