import { sql, type SQL } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access';
import { dispatchers, drivers, recoveryReasons, trucks } from './reference';

export const trips = pgTable(
  'trips',
  {
    id: serial().primaryKey(),
    truckId: integer()
      .notNull()
      .references(() => trucks.id),
    driverId: integer()
      .notNull()
      .references(() => drivers.id),
    dispatcherId: integer().references(() => dispatchers.id),
    /** The user the driver was assigned to when the trip was planned (whose load it is). */
    assignedUserId: integer().references(() => users.id),
    identifierType: text().notNull(),
    loadNumber: text(),
    trailerNumber: text(),
    tripStatus: text().notNull(),
    pickupDateTime: timestamp({ withTimezone: true }).notNull(),
    startDateTime: timestamp({ withTimezone: true }),
    endDateTime: timestamp({ withTimezone: true }),
    /** The truck's odometer at the start and end, typed by staff in miles, kept in metres (docs/decisions/020-one-unit.md). */
    startOdometerM: doublePrecision(),
    endOdometerM: doublePrecision(),
    /** Manual figures, typed by staff in miles, kept in metres (docs/decisions/020-one-unit.md). */
    emptyM: doublePrecision(),
    loadedM: doublePrecision(),
    payableM: doublePrecision(),
    notes: text(),
    recoveryReasonId: integer().references(() => recoveryReasons.id),
    recoveryLoadIndex: integer().notNull().default(0),
    isRecoveryLoad: boolean().notNull().default(false),
    /** Our routing's figures (metres, seconds), computed from the stops on every save. */
    routeM: doublePrecision(),
    routeTotalEmptyM: doublePrecision(),
    routePuM: doublePrecision(),
    routeTrlM: doublePrecision(),
    routeTotalM: doublePrecision(),
    routeDurationS: doublePrecision(),
    /** Where the route figures came from: 'HERE' or 'ESTIMATE' (null: fewer than 2 valid stops). */
    routeSource: text(),
    /** What an estimated route was computed with (the company's factor or the default bands; contracts' EstimateBasis); null for HERE. */
    routeEstimateBasis: jsonb(),
    /** Why the route figures are an estimate (contracts' EstimateReason); null for HERE. Every reason but NO_KEY is recomputed once HERE answers again (docs/routing.md#throttles). */
    routeEstimateReason: text(),
    /**
     * The trip's TOTAL MILES by telematics (the first provider's in PROVIDERS order; metres), written with
     * `trip_mile_stats` by modules/trip-figures/figures.ts so the Reports' planned-vs-actual totals
     * follow it (docs/decisions/011-mileage-reports.md); null while no provider measured the trip.
     */
    telematicsM: doublePrecision(),
    /** The first PICKUP and the last DELIVERY stop's addresses (else the first / last stop), kept for the list. */
    pickupLocation: text(),
    deliveryLocation: text(),
    /**
     * Names the list shows and sorts by, kept on the trip by database triggers (set on every
     * trip write, and updated when a truck, driver, user, company or dispatcher is renamed), so
     * a page sorted by any column walks an index instead of sorting a million rows.
     */
    truckUnit: text(),
    driverName: text(),
    assignedUserName: text(),
    companyName: text(),
    dispatcherName: text(),
    identifierValue: text().generatedAlwaysAs((): SQL => sql`coalesce(${trips.loadNumber}, ${trips.trailerNumber})`),
    version: integer().notNull().default(1),
    createdBy: integer().references(() => users.id),
    updatedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trips_truck_idx').on(t.truckId, t.pickupDateTime),
    index('trips_driver_idx').on(t.driverId, t.pickupDateTime),
    index('trips_assigned_user_idx').on(t.assignedUserId, t.pickupDateTime),
    index('trips_pickup_idx').on(t.pickupDateTime, t.id),
    index('trips_updated_idx').on(t.updatedAt, t.id),
    index('trips_status_idx').on(t.tripStatus, t.id),
    // The trips whose estimate the HERE retry job recomputes (docs/routing.md#throttles).
    index('trips_estimate_retry_idx')
      .on(t.id)
      .where(sql`${t.routeEstimateReason} <> 'NO_KEY'`),
    // Number lookups by prefix (picker) and equality, without regard to letter case.
    index('trips_identifier_prefix_idx').using('btree', t.identifierType, sql`lower(${t.identifierValue}) text_pattern_ops`),
    // Number lookups by any part of the number ("7842" finds LD-784210): pg_trgm, docs/decisions/007-trip-editing-for-dispatchers.md.
    index('trips_identifier_trgm_idx').using('gin', sql`lower(${t.identifierValue}) gin_trgm_ops`),
    // One (column, id) index per sortable column.
    ...(
      [
        'truckUnit',
        'driverName',
        'assignedUserName',
        'companyName',
        'dispatcherName',
        'identifierValue',
        'routeM',
        'routeTotalEmptyM',
        'routePuM',
        'routeTrlM',
        'routeTotalM',
        'payableM',
        'loadedM',
        'emptyM',
        'pickupLocation',
        'deliveryLocation',
      ] as const
    ).map((c) => index(`trips_sort_${c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}_idx`).on(t[c], t.id)),
  ],
);

export const tripStops = pgTable(
  'trip_stops',
  {
    id: serial().primaryKey(),
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    orderIndex: integer().notNull(),
    address: text().notNull(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    stopType: text().notNull(),
    /** The status the leg into this stop is counted with (docs/decisions/015-loaded-by-freight-on-board.md). */
    loadStatus: text().notNull(),
    /** True: a dispatcher chose `loadStatus`, kept; false: the rule's default, re-derived on every save. */
    loadStatusExplicit: boolean().notNull().default(false),
    /** Metres and seconds of the leg into this stop. */
    distance: doublePrecision(),
    totalDistance: doublePrecision(),
    duration: doublePrecision(),
  },
  (t) => [index('trip_stops_trip_idx').on(t.tripId, t.orderIndex)],
);

/** One row per changed field of a trip. */
export const tripHistory = pgTable(
  'trip_history',
  {
    id: serial().primaryKey(),
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    columnName: text().notNull(),
    oldValue: text(),
    newValue: text(),
    changedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('trip_history_trip_idx').on(t.tripId, t.createdAt, t.id)],
);
