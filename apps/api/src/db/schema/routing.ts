import { customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
