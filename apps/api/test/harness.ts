import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { syncAccessCatalogue } from '../src/db/seed/access';

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
  close(): Promise<void>;
}

export const usePostgres = () => process.env.MILEPOST_TEST_DB === 'postgres';

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!usePostgres()) return { database: await openDatabase({ dataDir: null }), drop: async () => undefined };
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
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
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

/** `logLines`: collect the server's log lines (JSON, with the product's redaction) into this array. */
export async function createTestContext(env: Record<string, string> = {}, opts: { logLines?: string[] } = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MILEPOST_DATA_DIR: dataDir,
    WEB_DIST_DIR: '',
    MILEPOST_PUBLIC_URL: 'http://milepost.test',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  await database.migrate();
  await syncAccessCatalogue(database.db);
  const jwtSecret = randomBytes(32).toString('hex');
  const lines = opts.logLines;
  const logger = lines ? { ...(loggerOptions({ ...config, LOG_LEVEL: 'info' }) as object), stream: { write: (line: string) => void lines.push(line) } } : false;
  const app = await buildApp({ config, db: database.db, jwtSecret, secretKey: randomBytes(32).toString('hex'), logger });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    outboxDir: path.join(dataDir, 'outbox'),
    jwtSecret,
    async close() {
      await app.close();
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

/** The set-password link in an email (quoted-printable soft breaks undone). */
export function linkIn(email: string): URL {
  const body = email.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = body.match(/https?:\/\/\S+reset-password\?\S+/);
  if (!match) throw new Error(`no link in email:\n${email}`);
  return new URL(match[0]);
}
