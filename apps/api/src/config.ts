import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (apps/api/src → ../../..), so `./data` means the same folder however the server is started. */
// The compiled server (apps/api/dist/main.js) sits as deep as this file, so the same path works for both.
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The drizzle migrations, applied at start. */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/api/drizzle');

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address of the web app, used in links sent by email. Default: http://localhost:PORT */
  MILEPOST_PUBLIC_URL: z.url().optional(),
  /** postgres://… switches from the embedded PGlite database to a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Connections of the CSV downloads' own pool (PostgreSQL): at most this many downloads at once, the rest 503 EXPORTS_BUSY. */
  DATABASE_EXPORT_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(2),
  /** How long a download waits for a free export connection before it is refused. */
  EXPORT_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Longest single statement of a download (statement_timeout of the export connections). */
  EXPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  MILEPOST_DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /** Seed demo data on first start. Default: on for the embedded database, off for PostgreSQL. */
  MILEPOST_SEED_DEMO: bool.optional(),
  MILEPOST_ADMIN_EMAIL: z.email().optional(),
  MILEPOST_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** HMAC key for access tokens. Generated once and kept in the data folder when not set. */
  MILEPOST_JWT_SECRET: z.string().min(32).optional(),
  /** Key for integration tokens at rest (AES-256-GCM). Generated once into the data folder when not set. */
  MILEPOST_SECRET_KEY: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  /** Absolute lifetime of a sign-in; refreshing never extends it. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 14),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  /** smtp://user:pass@host:port — when unset, emails are written under <data>/outbox/. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Milepost <no-reply@milepost.local>'),
  /** Sign-in attempts per address (email), from any client, per window. */
  RATE_LIMIT_LOGIN_MAX: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts per client (IP), at any address, per window. Default: 10 × RATE_LIMIT_LOGIN_MAX. */
  RATE_LIMIT_LOGIN_CLIENT_MAX: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 60),
  /** Password hashes (argon2, ~20 MiB and tens of ms of CPU each) computed at once. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Password hashes waiting for a slot; past this a sign-in is answered 429 at once. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  RATE_LIMIT_RESET_MAX: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_RESET_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** Trust X-Forwarded-* from a load balancer in front (needed for per-IP rate limits there). */
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /**
   * Idle keep-alive connections stay open this long: longer than a reverse proxy's or load
   * balancer's own idle timeout (often 60 s), so the proxy never reuses a socket we just closed.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(65_000),
  /** A client must send its request headers within this time (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  /**
   * Load shedding: when the event loop's mean delay over a sample exceeds this, requests are
   * answered 503 with Retry-After at once instead of all waiting. 0 turns it off.
   */
  // Default 500 on PostgreSQL, off on the embedded PGlite: PGlite runs its queries on the event
  // loop itself (first start, demo seed), so a lagging loop there is the database, not overload.
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  /** Event-loop utilisation (0–1) above which requests are shed the same way; 0 turns it off. */
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  // At least 5× the delay histogram's finest resolution (10 ms, platform/overload.ts): a shorter interval samples nothing and reads as an endless stall.
  OVERLOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** Seconds a shed request is told to wait (Retry-After). */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(5),
  /** On SIGTERM, how long in-flight requests and running jobs get to finish before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * On SIGTERM, keep serving this long with /api/ready answering 503 before no longer accepting:
   * a load balancer stops routing here, and connections already queued are served, not reset.
   * Part of SHUTDOWN_GRACE_MS. (Ctrl-C, SIGINT, does not wait.)
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Bearer token for GET /api/metrics (Prometheus text); unset, the endpoint does not exist (404). */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Pretty, human-readable logs (default in development); JSON lines otherwise. */
  LOG_PRETTY: bool.optional(),
  /** HERE key for routing, address autosuggest and map tiles. Used by the API only; never sent to a browser. */
  HERE_API_KEY: z.string().optional(),
  /** Samsara API host (the EU cloud is https://api.eu.samsara.com; tests point it at a local fake). */
  SAMSARA_BASE_URL: z.url().default('https://api.samsara.com'),
  /**
   * GLE (GreenLight ELD's Vehicle Location API) host; other ELD brands of the same platform answer
   * under their own hosts (docs/integrations/gle.md).
   */
  GLE_BASE_URL: z.url().default('https://api.greenlighteld.com/logger/external'),
  /** Seconds between two polls of each company's GLE vehicle positions (docs/integrations/gle.md "Polling"). */
  GLE_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Days a sampled position outside every trip is kept before the retention job drops it. */
  POSITIONS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Minutes between two telematics syncs of every company (vehicles, drivers, in-transit trip tracks). */
  TELEMATICS_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Telematics syncs one instance runs at once, all providers together (docs/integrations/telematics.md#sync). */
  TELEMATICS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** HERE Routing v8 (tests point it at a local fake). */
  HERE_ROUTER_URL: z.url().default('https://router.hereapi.com/v8/routes'),
  /** HERE Autosuggest (Geocoding & Search v7). */
  HERE_AUTOSUGGEST_URL: z.url().default('https://autosuggest.search.hereapi.com/v1/autosuggest'),
  /** HERE Raster Tile API v3 template with {z}/{x}/{y}; logistics.day shows truck restrictions. */
  HERE_TILES_URL: z.string().default('https://maps.hereapi.com/v3/base/mc/{z}/{x}/{y}/png8?style=logistics.day'),
  /** How long to wait for HERE before answering the estimate. */
  HERE_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /**
   * Seconds between two rounds of the HERE retry job: once HERE answers again (no throttle in
   * force), every trip whose figures are an estimate for a reason other than NO_KEY is
   * recomputed (docs/routing.md#throttles).
   */
  HERE_RETRY_ESTIMATES_S: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Average speed of the routing estimate (used when HERE cannot route), in mph. */
  ROUTE_ESTIMATE_SPEED_MPH: z.coerce.number().min(5).max(90).default(50),
  /**
   * Lifetime of the signed token in the map-tile URL that GET /client-config hands out; the
   * token is bound to the sign-in and refused once it ends (docs/routing.md "Map tiles").
   */
  MAP_TILE_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Largest map tile accepted from HERE; a bigger one (or one that is not an image) is a 502. */
  MAP_TILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(2 * 1024 * 1024),
  /** Route requests (POST /routing/routes) each user may make per minute (HERE quota); 429 past it. */
  ROUTING_USER_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(60),
  /** Place searches (GET /places/autosuggest) each user may make per minute; 429 past it. */
  AUTOSUGGEST_USER_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(60),
  /** Map tiles (GET /map-tiles/…) each user may load per minute (a full-screen map is ~40); 429 past it. */
  MAP_TILES_USER_LIMIT_PER_MIN: z.coerce.number().int().min(1).default(1200),
  /** Figure refreshes (POST /mile-stats/{tripId}/refresh) each user may ask for per minute; 429 past it. */
  REFRESH_USER_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Built web app to serve; a relative path is read from the repository root; empty to serve the API only. */
  WEB_DIST_DIR: z
    .string()
    .default(path.join(REPO_ROOT, 'apps/web/dist'))
    .transform((dir) => (dir ? path.resolve(REPO_ROOT, dir) : dir)),
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string; seedDemo: boolean; loginClientMax: number };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    publicUrl: (c.MILEPOST_PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    seedDemo: c.MILEPOST_SEED_DEMO ?? !c.DATABASE_URL,
    loginClientMax: c.RATE_LIMIT_LOGIN_CLIENT_MAX ?? c.RATE_LIMIT_LOGIN_MAX * 10,
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: c.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (c.DATABASE_URL ? 500 : 0),
  };
}
