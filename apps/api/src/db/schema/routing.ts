import { check, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './reference';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Routing answers shared by every user and API instance (docs/routing.md): keyed by a
 * signature of the stops and settings, fresh for 10 minutes. Only HERE answers are kept;
 * estimates cost nothing to compute again.
 */
export const routeCache = pgTable(
  'route_cache',
  {
    signature: text().primaryKey(),
    answer: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('route_cache_created_idx').on(t.createdAt)],
);

/**
 * HERE's throttle, shared by every API instance (docs/routing.md#throttles): one row, written when
 * HERE answers 429 or 503. Until `until` no instance calls HERE Routing — every route is the
 * labelled estimate (HERE_THROTTLED or HERE_UNAVAILABLE). `since` is when this spell began (the
 * System screen shows it), `backoff_s` the last wait without a Retry-After (doubled from 30 s up
 * to 10 min); `ended_at` is set when HERE answers again, which lets the estimates job recompute.
 */
export const hereThrottle = pgTable(
  'here_throttle',
  {
    id: integer().primaryKey().default(1),
    reason: text().notNull(),
    status: integer().notNull(),
    since: timestamp({ withTimezone: true }).notNull(),
    until: timestamp({ withTimezone: true }).notNull(),
    backoffS: integer().notNull(),
    endedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('here_throttle_one_row', sql`${t.id} = 1`), check('here_throttle_reason_check', sql`${t.reason} IN ('HERE_THROTTLED', 'HERE_UNAVAILABLE')`)],
);

/** HERE raster tiles fetched through the API, kept so a panned map does not ask HERE again. */
export const mapTileCache = pgTable(
  'map_tile_cache',
  {
    /** z/x/y/style */
    key: text().primaryKey(),
    contentType: text().notNull(),
    body: bytea().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('map_tile_cache_created_idx').on(t.createdAt)],
);

/**
 * A company's own circuity factor per distance band (SHORT, LONG: packages/geo/src/estimate.ts),
 * from its completed telematics legs: the median of actual ÷ great-circle, the sample size and the
 * spread (p25–p75). Kept by the daily `estimate-calibration` job (modules/routing/calibration.ts);
 * a band is used by the estimate only from MIN_CALIBRATION_LEGS legs on
 * (docs/decisions/021-estimate-calibration.md).
 */
export const estimateCalibration = pgTable(
  'estimate_calibration',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    band: text().notNull(),
    factor: doublePrecision().notNull(),
    sampleSize: integer().notNull(),
    p25: doublePrecision().notNull(),
    p75: doublePrecision().notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'estimate_calibration_pk', columns: [t.companyId, t.band] }), check('estimate_calibration_band_check', sql`${t.band} IN ('SHORT', 'LONG')`)],
);
