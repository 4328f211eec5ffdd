import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { PROVIDERS, providerField } from '@milepost/contracts/providers';
import type { Config } from './config';
import type { Database, Db, ExportSessions } from './db/client';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import type { HereClient } from './integrations/here/client';
import type { RetryPolicy } from './modules/telematics/provider';
import type { TelematicsDeps } from './modules/telematics/registry';
import type { Jobs } from './jobs/platform';
import type { AuthDeps } from './modules/auth/service';
import { createRoutingService, hereClientFor, type RoutingService } from './modules/routing/service';
import type { TokenKeys } from './platform/access';
import { createLifecycle, type Lifecycle } from './platform/lifecycle';
import { createSecretBox, type SecretBox } from './platform/secret-box';

/**
 * Everything the API's modules and the job workers share, built once per process by
 * `createAppDeps` (main.ts, the test harness, the bench) and handed to `buildApp` and `startJobs`.
 */
export interface AppDeps {
  config: Config;
  /** The database handle every query goes through (`database.db`). */
  db: Db;
  /** The open database (its kind, pool figures, plain SQL for the job queue). */
  database: Database;
  /** The process's logger; Fastify logs through it too. */
  log: FastifyBaseLogger;
  mailer: Mailer;
  keys: TokenKeys;
  auth: AuthDeps;
  secretBox: SecretBox;
  /** HERE behind its small interface; null without HERE_API_KEY. */
  here: HereClient | null;
  /** Route distances for the routing endpoint and every trip save. */
  routing: RoutingService;
  /** Where the telematics providers are and how the tokens open. */
  telematics: TelematicsDeps;
  /** The background job queue, when this process runs one (main.ts starts it; buildApp never does). */
  jobs: Jobs | null;
  /** What GET /api/ready reports: migrations done, job workers running, shutting down. */
  lifecycle: Lifecycle;
  /** Database sessions for CSV downloads (their own small pool on PostgreSQL): `database.exportSession`. */
  exports: ExportSessions;
}

export interface DepsOptions {
  config: Config;
  database: Database;
  /** HMAC key for access tokens (32+ bytes). */
  jwtSecret: string;
  /** Key material for integration tokens at rest (AES-256-GCM). */
  secretKey: string;
  /** A logger of the caller's (tests collect or silence lines); default: loggerOptions(config). */
  log?: FastifyBaseLogger;
  mailer?: Mailer;
  /** Overrides the HERE client built from the configuration (tests). */
  here?: HereClient | null;
  /** Started by the caller (main.ts, or a test); without it the sync endpoint answers 503. */
  jobs?: Jobs | null;
  /** Retry patience of the telematics clients (tests shorten it). */
  telematicsRetry?: RetryPolicy;
  lifecycle?: Lifecycle;
}

/** A URL as logged: the value of every `token` query parameter (map-tile links) replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Logs as JSON lines with secrets redacted; pretty in development. */
export function loggerOptions(config: Config): pino.LoggerOptions {
  const pretty = config.LOG_PRETTY ?? config.NODE_ENV === 'development';
  return {
    level: config.LOG_LEVEL,
    // Fastify's request line (it merges these into its own), with tokens carried in the URL (map tiles) redacted.
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.refreshToken',
        '*.token',
        ...PROVIDERS.map((p) => `*.${providerField(p, 'Token')}`),
      ],
      censor: '[redacted]',
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } } : {}),
  };
}

/** A logger that writes nothing, even where a route raises its own level (tests, the bench). */
export function silentLogger(): FastifyBaseLogger {
  return pino({ level: 'silent' }, { write: () => undefined });
}

export function createAppDeps(opts: DepsOptions): AppDeps {
  const { config, database } = opts;
  const { db } = database;
  const log = opts.log ?? pino(loggerOptions(config));
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, outboxDir: path.join(config.MILEPOST_DATA_DIR, 'outbox'), from: config.MAIL_FROM, log });
  const keys: TokenKeys = { secret: new TextEncoder().encode(opts.jwtSecret), accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS };
  const here = opts.here === undefined ? hereClientFor(config) : opts.here;
  const secretBox = createSecretBox(opts.secretKey);
  return {
    config,
    db,
    database,
    log,
    mailer,
    keys,
    secretBox,
    here,
    routing: createRoutingService({ db, here, estimateSpeedMph: config.ROUTE_ESTIMATE_SPEED_MPH, log }),
    telematics: { db, secretBox, config, ...(opts.telematicsRetry ? { retry: opts.telematicsRetry } : {}) },
    jobs: opts.jobs ?? null,
    auth: {
      db,
      keys,
      mailer,
      sessionTtlHours: config.SESSION_TTL_HOURS,
      resetTokenTtlMinutes: config.RESET_TOKEN_TTL_MINUTES,
      publicUrl: config.publicUrl,
    },
    lifecycle: opts.lifecycle ?? createLifecycle(),
    exports: database.exportSession,
  };
}
