import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { adminUrl as testAdminUrl } from './global-setup';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { createAppDeps, loggerOptions, silentLogger, type AppDeps } from '../src/app-deps';
import { loadConfig, type Config } from '../src/config';
import { MIGRATIONS_DIR } from '../src/config';
import { openDatabase, type Database, type Db, type ExportOptions } from '../src/db/client';
import { syncAccessCatalogue } from '../src/db/seed/access';
import type { Jobs } from '../src/jobs/platform';
import { startJobs } from '../src/jobs/queue';
import type { RetryPolicy } from '../src/modules/telematics/provider';
import { createLifecycle } from '../src/platform/lifecycle';
import { createSecretBox } from '../src/platform/secret-box';

/**
 * A whole Milepost API for one test file: a fresh database (in-memory PGlite, or a new
 * database on the PostgreSQL of TEST_DATABASE_URL), migrated and seeded with the catalogue,
 * and an outbox folder of its own.
 */
export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** PostgreSQL only: the URL of this file's database (for tools that connect on their own, like pg_dump). */
  databaseUrl?: string;
  config: Config;
  outboxDir: string;
  /** The access-token key, so tests can forge expired or foreign tokens. */
  jwtSecret: string;
  /** The key company tokens are sealed with (factories seal test tokens with it). */
  secretKey: string;
  /** The background job queue, when the context was created with `jobs`. */
  jobs: Jobs | null;
  /** What the app was built with (the same object its routes use). */
  deps: AppDeps;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Start the background job queue (pg-boss) on the test database, as main.ts does. */
  jobs?: boolean;
  /** Retry patience of the telematics clients (short in tests). */
  telematicsRetry?: RetryPolicy;
  /** Lease of a telematics sync run (seconds); short where a test waits for a stalled run to be taken over. */
  leaseSeconds?: number;
  /** Trips a state-miles backfill run computes (500), small where a test needs several batches. */
  stateMilesBatch?: number;
  /** Time budget of a sync run (seconds; DEFAULT_SYNC_BUDGET_SECONDS), short where a test waits for a hanging run to be cut. */
  syncBudgetSeconds?: number;
  /** Collect the server's log lines (JSON, with the product's redaction) into this array. */
  logLines?: string[];
  /** Limits of the CSV downloads' sessions (PostgreSQL: their own pool). */
  exports?: ExportOptions;
  /**
   * Migrates only up to (not including) the migration tagged `tag`, runs `seed` on the database as
   * it was then, and then runs the rest: a migration's test writes data the old way and reads it
   * through today's API.
   */
  before?: { tag: string; seed: (database: Database) => Promise<void> };
}

/** A copy of the migrations folder whose journal stops before the migration tagged `tag`. */
async function migrationsBefore(tag: string, dir: string): Promise<string> {
  const folder = path.join(dir, 'migrations-before');
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration tagged ${tag}`);
  await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

/** Retries that take milliseconds, so fault tests run fast. */
export const FAST_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 5_000, timeoutMs: 2_000 };

/** Starts a job queue on a database, polling fast (every 0.5 s) with FAST_RETRY, for tests. */
export function testJobs(
  database: Database,
  config: Config,
  secretKey: string,
  {
    telematicsRetry = FAST_RETRY,
    pollingSeconds = 0.5,
    leaseSeconds = 30,
    stateMilesBatch,
    syncBudgetSeconds,
  }: { telematicsRetry?: RetryPolicy; pollingSeconds?: number; leaseSeconds?: number; stateMilesBatch?: number; syncBudgetSeconds?: number } = {},
): Promise<Jobs> {
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
  return startJobs({
    database,
    telematics: { db: database.db, secretBox: createSecretBox(secretKey), config, retry: telematicsRetry },
    log: silent,
    syncMinutes: config.TELEMATICS_SYNC_MINUTES,
    pollingSeconds,
    retryDelaySeconds: 1,
    schedule: false,
    leaseSeconds,
    stateMilesBatch,
    syncConcurrency: config.TELEMATICS_CONCURRENCY,
    syncBudgetSeconds,
    here: config,
  });
}

export const usePostgres = () => process.env.MILEPOST_TEST_DB === 'postgres';

/** The migrated template of this run (test/global-setup.ts), read once per worker. */
let pgliteTemplate: Promise<Blob> | undefined;

/** A database of its own for a test file: the migrated template's copy, or (`blank`) an empty one a test migrates itself. */
async function freshDatabase(exports?: ExportOptions, blank = false): Promise<{ database: Database; databaseUrl?: string; drop: () => Promise<void> }> {
  const template = inject('milepostTemplate');
  if (!usePostgres()) {
    if (blank) return { database: await openDatabase({ dataDir: null, exports }), drop: async () => undefined };
    pgliteTemplate ??= readFile(template).then((bytes) => new Blob([bytes]));
    return { database: await openDatabase({ dataDir: null, exports, loadDataDir: await pgliteTemplate }), drop: async () => undefined };
  }
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  // Each test file gets a database of its own, cloned from the migrated template, so the role
  // must be allowed to create one.
  const adminUrl = testAdminUrl();
  const name = `milepost_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(blank ? `create database ${name}` : `create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5, exports });
  return {
    database,
    databaseUrl: url.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export async function createTestContext(env: Record<string, string> = {}, opts: ContextOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MILEPOST_DATA_DIR: dataDir,
    WEB_DIST_DIR: '',
    MILEPOST_PUBLIC_URL: 'http://milepost.test',
    // Load shedding watches the event loop; a busy test machine must not shed test requests.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const { database, databaseUrl, drop } = await freshDatabase(opts.exports, opts.before !== undefined);
  if (opts.before) {
    await database.migrate(await migrationsBefore(opts.before.tag, dataDir));
    await opts.before.seed(database);
  }
  await database.migrate();
  await syncAccessCatalogue(database.db);
  const jwtSecret = randomBytes(32).toString('hex');
  const secretKey = randomBytes(32).toString('hex');
  const telematicsRetry = opts.telematicsRetry ?? FAST_RETRY;
  const jobs = opts.jobs
    ? await testJobs(database, config, secretKey, {
        telematicsRetry,
        leaseSeconds: opts.leaseSeconds,
        stateMilesBatch: opts.stateMilesBatch,
        syncBudgetSeconds: opts.syncBudgetSeconds,
      })
    : null;
  const lines = opts.logLines;
  const log = lines ? pino(loggerOptions({ ...config, LOG_LEVEL: 'info', LOG_PRETTY: false }), { write: (line: string) => void lines.push(line) }) : silentLogger();
  const deps = createAppDeps({ config, database, jwtSecret, secretKey, log, jobs, telematicsRetry, lifecycle: createLifecycle({ migrated: true, jobsRunning: jobs !== null }) });
  const app = await buildApp({ deps, checkDeclaredErrors: true });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    ...(databaseUrl ? { databaseUrl } : {}),
    config,
    outboxDir: path.join(dataDir, 'outbox'),
    jwtSecret,
    secretKey,
    jobs,
    deps,
    async close() {
      try {
        await app.close();
        await jobs?.stop(2_000);
        await deps.mailer.drain();
        await database.close();
      } finally {
        // Even when a test closed the database itself: no database is left behind on the server.
        await drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Sends a request; `token` adds the bearer header. A test writes users, sign-ins and roles
 * straight into the database as another instance would: the request waits until the app has seen
 * those changes (PostgreSQL delivers their notification on a connection of its own), as a request
 * arriving after them would in production (platform/access.ts SessionCache).
 */
export async function call(app: FastifyInstance, opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = opts;
  await app.sessions.sync();
  return app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
}

/** Reads the emails written to the outbox, oldest first (waits for queued ones). */
export async function outbox(ctx: TestContext): Promise<string[]> {
  await ctx.app.mailer.drain();
  let files: string[] = [];
  try {
    files = (await readdir(ctx.outboxDir)).sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((f) => readFile(path.join(ctx.outboxDir, f), 'utf8')));
}

/** The set-password link in an outbox email, whole on its line as a person clicks it (no quoted-printable). */
export function linkIn(email: string): URL {
  const match = email.match(/https?:\/\/\S+reset-password\?\S+/);
  if (!match) throw new Error(`no link in email:\n${email}`);
  return new URL(match[0]);
}
