import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, drivers, globalSettings, trucks } from './reference';
import { trips } from './trips';

/** Raw bytes (typed arrays of a track), stored as bytea. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (v instanceof Uint8Array ? v : new Uint8Array(v as ArrayBuffer)),
});

/**
 * A company's switch and token of one telematics provider (migration 0024; the telematics
 * module's registry maps them to the spec's wire fields, docs/integrations/telematics.md). No row:
 * switched off, no token.
 */
export const companyProviders = pgTable(
  'company_providers',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A ProviderName of the telematics registry (packages/contracts providers.ts). */
    provider: text().notNull(),
    enabled: boolean().notNull().default(false),
    /** AES-256-GCM ciphertext; the token is never returned, only a hint of its last characters. */
    tokenEncrypted: text(),
    tokenHint: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.provider] }),
    index('company_providers_enabled_idx')
      .on(t.provider, t.companyId)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * The id a telematics provider gives a truck, filled by the sync (migration 0026). One truck has
 * at most one id per provider and one id names one truck.
 */
export const truckProviderLinks = pgTable(
  'truck_provider_links',
  {
    truckId: integer()
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    /** A ProviderName of the telematics registry (providers.ts). */
    provider: text().notNull(),
    externalId: text().notNull(),
    linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.truckId, t.provider] }), uniqueIndex('truck_provider_links_external_key').on(t.provider, t.externalId)],
);

/**
 * The id a telematics provider gives a driver, scoped to the company that synced it
 * (`companyId:id`, sync.ts scopedDriverId), filled by the sync (migration 0026).
 */
export const driverProviderLinks = pgTable(
  'driver_provider_links',
  {
    driverId: integer()
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    externalId: text().notNull(),
    linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.driverId, t.provider] }), uniqueIndex('driver_provider_links_external_key').on(t.provider, t.externalId)],
);

/**
 * A settings row's switch of one telematics provider (the TRIP settings' `<provider>Enabled` on
 * the wire; migration 0026). No row: switched off.
 */
export const settingsProviders = pgTable(
  'settings_providers',
  {
    settingsId: integer()
      .notNull()
      .references(() => globalSettings.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    enabled: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.settingsId, t.provider] })],
);

/**
 * The last telematics sync of each company and provider (docs/integrations/telematics.md):
 * what the Companies screen shows and `GET /integrations/status` answers.
 */
export const integrationSyncStatus = pgTable(
  'integration_sync_status',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A ProviderName */
    provider: text().notNull(),
    /** QUEUED | RUNNING | SUCCEEDED | FAILED (STALLED is read from a RUNNING row whose lease ran out) */
    state: text().notNull(),
    queuedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Vehicles and drivers handled by the last run (so far, while it runs). */
    vehicles: integer().notNull().default(0),
    drivers: integer().notNull().default(0),
    /** What went wrong, in words for the Companies screen; never a token. */
    error: text(),
    /** Records the last run skipped (bad provider data), and where its paging stopped early, in words. */
    skipped: integer().notNull().default(0),
    notice: text(),
    /** The run holding this company's and provider's sync, and until when: a RUNNING row whose lease ran out is stalled. */
    runId: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] })],
);

/**
 * A trip's stored GPS history from one provider, for the trip window [windowStart, fetchedTo].
 * Breadcrumbs are a flexible polyline whose third dimension is seconds since windowStart;
 * speeds (mph × 10, Uint16) and odometer readings (seconds since windowStart as Int32, metres
 * as Float64) are little-endian typed arrays. Reopening a trip whose window is covered reads
 * this row and never calls the provider.
 */
export const tripTracks = pgTable(
  'trip_tracks',
  {
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** A ProviderName */
    source: text().notNull(),
    /** The provider's vehicle id the track was read for. */
    vehicleId: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    /** The history is stored up to here (the window's end, or the last fetch while in transit). */
    fetchedTo: timestamp({ withTimezone: true }).notNull(),
    pointCount: integer().notNull(),
    polyline: text().notNull(),
    speeds: bytea().notNull(),
    odometerCount: integer().notNull(),
    odometerTimes: bytea().notNull(),
    odometerMeters: bytea().notNull(),
    /** OBD | GPS_DISTANCE | PROVIDER: where the odometer readings come from. */
    odometerKind: text(),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.source] })],
);

/**
 * Each trip's telematics figures per source (a ProviderName), in miles (as `GET /mile-stats/{tripId}`
 * answers), kept by the jobs (modules/trip-figures/figures.ts). `inputsKey` says what they were
 * computed from (engine version, stops, stop radii, the track's fetch time), so a read whose
 * inputs are unchanged is answered from here. HERE figures are not kept: they are the stop legs.
 */
export const tripMileStats = pgTable(
  'trip_mile_stats',
  {
    id: serial().primaryKey(),
    tripId: integer()
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    /** A MileageSource (packages/contracts mile-stats-api.ts): HERE or a ProviderName */
    source: text().notNull(),
    loadedM: doublePrecision(),
    totalEmptyM: doublePrecision(),
    puM: doublePrecision(),
    trlM: doublePrecision(),
    totalM: doublePrecision(),
    totalOdometersM: doublePrecision(),
    computedAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
    inputsKey: text().notNull(),
    /** The whole answer for this source (figures and legs with their flags). */
    detail: jsonb(),
    /** The cleaned track for the map (the route data's `<provider>Location`); read only by the route data. */
    location: jsonb(),
  },
  (t) => [uniqueIndex('trip_mile_stats_trip_source_key').on(t.tripId, t.source), index('trip_mile_stats_computed_idx').on(t.computedAt)],
);

/**
 * Where a truck was, as a sampled provider (one without a history endpoint) reported it at each
 * poll (migration 0030; modules/telematics/positions.ts): appended, never rewritten. `reportedAt` is the time as
 * the provider sent it (read as UTC), what a position is deduplicated on; `at` is when the truck
 * was there (a zone offset the provider left out applied). A trip's track from such a provider is the positions of
 * its truck within the trip window; positions outside every trip are dropped after
 * POSITIONS_RETENTION_DAYS.
 */
export const vehiclePositions = pgTable(
  'vehicle_positions',
  {
    truckId: integer()
      .notNull()
      .references(() => trucks.id, { onDelete: 'cascade' }),
    /** A ProviderName of the telematics registry (a sampled one). */
    provider: text().notNull(),
    reportedAt: timestamp({ withTimezone: true }).notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.truckId, t.provider, t.reportedAt] }),
    index('vehicle_positions_track_idx').on(t.truckId, t.provider, t.at),
    index('vehicle_positions_at_idx').on(t.at),
  ],
);
