import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type Db, type ExportOptions } from '../src/db/client';
import { syncAccessCatalogue } from '../src/db/seed/access';
import { startJobs, type Jobs } from '../src/jobs/queue';
import type { RetryPolicy } from '../src/modules/telematics/provider';
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
  config: Config;
  outboxDir: string;
  /** The access-token key, so tests can forge expired or foreign tokens. */
  jwtSecret: string;
  /** The key company tokens are sealed with (factories seal test tokens with it). */
  secretKey: string;
  /** The background job queue, when the context was created with `jobs`. */
  jobs: Jobs | null;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Start the background job queue (pg-boss) on the test database, as main.ts does. */
  jobs?: boolean;
  /** Retry patience of the telematics clients (short in tests). */
  telematicsRetry?: RetryPolicy;
  /** Lease of a telematics sync run (seconds); short where a test waits for a stalled run to be taken over. */
  leaseSeconds?: number;
  /** Collect the server's log lines (JSON, with the product's redaction) into this array. */
  logLines?: string[];
  /** Limits of the CSV downloads' sessions (PostgreSQL: their own pool). */
  exports?: ExportOptions;
}

/** Retries that take milliseconds, so fault tests run fast. */
export const FAST_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 5_000, timeoutMs: 2_000 };

/** Starts a job queue on a database, polling fast, for tests. */
export function testJobs(database: Database, config: Config, secretKey: string, telematicsRetry: RetryPolicy = FAST_RETRY, pollingSeconds = 0.5, leaseSeconds = 30): Promise<Jobs> {
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
  });
}

export const usePostgres = () => process.env.MILEPOST_TEST_DB === 'postgres';

async function freshDatabase(exports?: ExportOptions): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!usePostgres()) return { database: await openDatabase({ dataDir: null, exports }), drop: async () => undefined };
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL run');
  // Each test file gets a database of its own, so the role must be allowed to create one.
  const admin0 = new URL(process.env.TEST_DATABASE_URL);
  if (!admin0.username) admin0.username = process.env.PGUSER ?? 'postgres';
  const adminUrl = admin0.toString();
  const name = `milepost_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5, exports });
  return {
    database,
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
  const { database, drop } = await freshDatabase(opts.exports);
  await database.migrate();
  await syncAccessCatalogue(database.db);
  const jwtSecret = randomBytes(32).toString('hex');
  const secretKey = randomBytes(32).toString('hex');
  const telematicsRetry = opts.telematicsRetry ?? FAST_RETRY;
  const jobs = opts.jobs ? await testJobs(database, config, secretKey, telematicsRetry, 0.5, opts.leaseSeconds) : null;
  const lines = opts.logLines;
  const logger = lines ? { ...(loggerOptions({ ...config, LOG_LEVEL: 'info' }) as object), stream: { write: (line: string) => void lines.push(line) } } : false;
  const app = await buildApp({ config, db: database.db, exports: database.exportSession, jwtSecret, secretKey, logger, jobs, telematicsRetry });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    outboxDir: path.join(dataDir, 'outbox'),
    jwtSecret,
    secretKey,
    jobs,
    async close() {
      await app.close();
      await jobs?.stop(2_000);
      await app.mailer.drain();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends a request; `token` adds the bearer header. */
export function call(app: FastifyInstance, opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = opts;
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
