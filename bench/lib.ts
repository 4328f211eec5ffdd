import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createTcpServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app';
import { createAppDeps, loggerOptions, silentLogger } from '../apps/api/src/app-deps';
import { createLifecycle } from '../apps/api/src/platform/lifecycle';
import { loadConfig, type Config } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { syncAccessCatalogue } from '../apps/api/src/db/seed/access';

export type Engine = 'pglite' | 'postgres';

export interface Figure {
  case: string;
  /** 'none' for pure cases that use no database. */
  engine: Engine | 'none';
  samples: number;
  medianMs: number;
  p95Ms: number;
  target?: string;
  note?: string;
}

export interface BenchServer {
  engine: Engine;
  database: Database;
  /** The PostgreSQL URL of the bench database (PostgreSQL only), for cases that query it straight. */
  databaseUrl?: string;
  app: FastifyInstance;
  url: string;
  /** The key company tokens are sealed with, for cases that store a Samsara or GLE token. */
  secretKey: string;
  /**
   * Connections made to Samsara's and GLE's address: both point at a local port that accepts
   * and never answers (the providers are down), so no bench ever reaches the real ones.
   */
  providerConnections(): number;
  close(): Promise<void>;
}

/** A TCP port that takes connections and never answers: a provider that is down in the slowest way. */
async function downProvider() {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createTcpServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    connections: () => connections,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

/** Times `fn` `samples` times after `warmup` runs; returns median and p95 in ms. */
export async function measure(samples: number, fn: (i: number) => Promise<void>, warmup = 5) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { samples, medianMs: percentile(times, 50), p95Ms: percentile(times, 95) };
}

/**
 * The server's logger: silent, or with `BENCH_LOG_LEVEL=info` logging as a production instance
 * does (one access-log line per request, JSON, secrets redacted) into /dev/null, to see what that costs.
 */
function benchLogger(config: Config): FastifyBaseLogger {
  const level = process.env.BENCH_LOG_LEVEL;
  if (!level) return silentLogger();
  return pino({ ...loggerOptions({ ...config, LOG_PRETTY: false }), level }, pino.destination({ dest: '/dev/null', sync: false }));
}

/** A real server on a loopback port over a fresh database of the given engine. */
export async function startServer(engine: Engine, options: { webDistDir?: string } = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-bench-'));
  let database: Database;
  let drop = async () => undefined as void;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const admin = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    if (!admin.username) admin.username = 'postgres';
    // BENCH_KEEP_DB=<name> keeps the database between runs (a million generated trips take
    // minutes); the cases reuse the rows they find there.
    const kept = process.env.BENCH_KEEP_DB;
    if (kept && !/^[a-z_][a-z0-9_]*$/.test(kept)) throw new Error('BENCH_KEEP_DB: lower-case letters, digits and _ only');
    const name = kept ?? `milepost_bench_${randomBytes(4).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    const exists = kept ? (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount : 0;
    if (!exists) await c.query(`create database ${name}`);
    await c.end();
    const url = new URL(admin.toString());
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl, poolSize: 10 });
    drop = async () => {
      if (kept) return;
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    };
  } else {
    database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  }
  await database.migrate();
  await syncAccessCatalogue(database.db);
  const providers = await downProvider();
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    MILEPOST_DATA_DIR: dataDir,
    WEB_DIST_DIR: options.webDistDir ?? '',
    // The bench measures the requests, not their limits (covered by the API tests).
    RATE_LIMIT_LOGIN_MAX: '1000000',
    AUTOSUGGEST_USER_LIMIT_PER_MIN: '1000000',
    SAMSARA_BASE_URL: providers.url,
    GLE_BASE_URL: providers.url,
  });
  const secretKey = randomBytes(32).toString('hex');
  const app = await buildApp({
    deps: createAppDeps({ config, database, jwtSecret: randomBytes(32).toString('hex'), secretKey, log: benchLogger(config), lifecycle: createLifecycle({ migrated: true }) }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return {
    engine,
    database,
    ...(databaseUrl ? { databaseUrl } : {}),
    app,
    url: `http://127.0.0.1:${port}`,
    secretKey,
    providerConnections: providers.connections,
    async close() {
      await app.close();
      await providers.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether the bench's PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local `test`) answers. */
export async function postgresReachable(): Promise<boolean> {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (!url.username) url.username = 'postgres';
  const c = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The reference data the million-trip cases share: 20 companies, 40 users, 60 dispatchers,
 * 800 trucks and 1 200 drivers, generated in SQL.
 */
export async function generateReference(db: Database['db']) {
  await db.execute(
    sql`insert into companies (name, email, phone, us_dot) select 'Company ' || g, 'c' || g || '@x.example', '+1 (312) 555-0100', (1000000 + g)::text from generate_series(1, 20) g`,
  );
  await db.execute(sql`insert into users (email, first_name, last_name, role_id) select 'dispatch' || g || '@x.example', 'User', 'No' || g, null from generate_series(1, 40) g`);
  await db.execute(sql`insert into dispatchers (first_name, last_name) select 'Disp', 'No' || g from generate_series(1, 60) g`);
  await db.execute(sql`insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location, company_id)
    select (1000 + g)::text, 'VIN' || g, 'SVIN' || g, 'PL' || g, 'Town ' || (g % 200), (select min(id) from companies) + g % 20 from generate_series(1, 800) g`);
  await db.execute(sql`insert into drivers (first_name, last_name, truck_id, assigned_user_id)
    select (array['James','Maria','Robert','Linda','Carlos','Aisha'])[1 + g % 6], 'Driver' || g, (select min(id) from trucks) + g % 800, (select min(id) from users) + g % 40 from generate_series(1, 1200) g`);
}

/** An empty PostgreSQL database of its own for a bench run (BENCH_DATABASE_URL's server), and how to drop it. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  if (!admin.username) admin.username = 'postgres';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const query = async (text: string) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}

/** A free TCP port on loopback, for a server a case spawns itself. */
export async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** utime + stime of a process, in ms (Linux /proc; 100 clock ticks a second). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The V8 flags the bench was started with (`npm run bench`, package.json), for the cases that
 * spawn the built server: it runs with the same flags as `npm start` (docs/deploy.md "Starting").
 */
export const serverNodeFlags = (): string[] => process.execArgv.filter((a) => a.startsWith('--max-semi-space-size'));
