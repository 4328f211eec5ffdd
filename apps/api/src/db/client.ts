import { mkdirSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config';
import { lockDataDir } from './data-dir-lock';
import * as access from './schema/access';
import * as platform from './schema/platform';
import * as reference from './schema/reference';
import * as routing from './schema/routing';
import * as tripStatisticsSchema from './schema/trip-statistics';
import * as tripsSchema from './schema/trips';
import * as telematics from './schema/telematics';
import * as mileageReview from './schema/mileage-review';
import * as ifta from './schema/ifta';

export const schema = { ...access, ...platform, ...reference, ...routing, ...tripsSchema, ...tripStatisticsSchema, ...telematics, ...mileageReview, ...ifta };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * One database session lent to a CSV export (platform/csv.ts): its cursor lives in it, so the
 * export keeps it until the download ends, then releases it.
 */
export interface ExportSession {
  db: Db;
  release(err?: Error): void;
}

/** Lends an export session; rejects with ExportsBusyError when none is free in time. */
export type ExportSessions = () => Promise<ExportSession>;

/** Every export session is taken by a download in progress. */
export class ExportsBusyError extends Error {
  override readonly name = 'ExportsBusyError';
}

/** Limits of the export sessions (docs/deploy.md "Exports"). */
export interface ExportOptions {
  /** Connections of the exports' own pool (PostgreSQL): at most this many downloads at once. */
  poolSize?: number;
  /** How long a download waits for a free export connection before it is refused. */
  waitMs?: number;
  /** Longest single statement of an export (statement_timeout). */
  statementTimeoutMs?: number;
  /** A transaction left open on an export connection is ended after this (idle_in_transaction_session_timeout). */
  idleInTransactionMs?: number;
}

export const EXPORT_DEFAULTS = { poolSize: 2, waitMs: 5_000, statementTimeoutMs: 60_000, idleInTransactionMs: 10_000 } as const;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Sessions for CSV exports: on PostgreSQL a small pool of their own, with timeouts; on PGlite its one session. */
  exportSession: ExportSessions;
  /** Applies the migrations of `apps/api/drizzle` (or of another folder laid out the same way: tests migrate part of the way). */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pool (PGlite: one, always open), for GET /api/metrics. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: the whole data folder as one tar file, in memory (tests' migrated template). */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /** PGlite in a folder only: the folder its files are in (null in memory). */
  filesDir?: string | null;
  /** PGlite only: runs `fn` while no statement runs, so the data folder's files stay as they are (a backup streams them; db/backup.ts). */
  exclusive?<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Plain SQL for libraries that bring their own queries (the job queue): with values, one
   * parameterised statement; without, a script of several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Listens to a NOTIFY channel (the sign-in cache, platform/access.ts). PostgreSQL: on a
   * connection of its own, taken again after it drops; `down` is called when notifications may
   * be missed (not listening yet, or the connection dropped), `up` once listening (again).
   * PGlite: its one session, delivered as the notifying statement runs; `up` at once.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /** Statements sent through `db` (and export sessions) since the database opened: request-cost.test.ts counts them per request. */
  statements(): number;
  /** Rows the database answered to `db`'s statements outside transactions (not `executeSql`'s): request-cost.test.ts counts them per request. */
  rowsReturned(): number;
}

export interface ListenHandlers {
  notify(payload: string): void;
  up(): void;
  down(): void;
}

export interface Listening {
  /** Resolves once every notification committed before the call has been handled. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Settings of every connection of the main pool. The statements written out once per shape are
 * prepared once per connection (db/compiled.ts executeCompiled); each run is still planned for its
 * own values, as an unnamed statement is: a plan made once for any value could suit one company's
 * filter and not another's (docs/trips-query-plans.md "Prepared once per connection").
 */
export const POOL_SESSION_OPTIONS = '-c plan_cache_mode=force_custom_plan';

const MIGRATION_LOCK = 7_242_001; // advisory lock id: only one instance migrates at a time

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite stored in `dataDir`
 * (or in memory when `dataDir` is null, as tests do).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | null;
  poolSize?: number;
  exports?: ExportOptions;
  /** PGlite only: start from this dumped data folder (`PGlite.dumpDataDir()`): a migrated template in tests, a backup being restored (db/backup.ts). */
  loadDataDir?: Blob;
  /** PGlite in a folder only: how long to wait for another process to let go of the folder (db/data-dir-lock.ts). */
  lockWaitMs?: number;
}): Promise<Database> {
  const ex = { ...EXPORT_DEFAULTS, ...opts.exports };
  // drizzle's logger is told of every statement it sends, in transactions too: counted, not logged.
  let statements = 0;
  const counter = { logQuery: () => void statements++ };
  // The rows of every answer drizzle reads through the client's query (a counter, no copy).
  let rowsReturned = 0;
  const countRows = <R>(result: R): R => {
    for (const r of Array.isArray(result) ? result : [result]) rowsReturned += (r as { rows?: unknown[] } | undefined)?.rows?.length ?? 0;
    return result;
  };
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, options: POOL_SESSION_OPTIONS });
    pool.on('error', () => {
      /* an idle client died; the pool replaces it */
    });
    const poolQuery = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
    pool.query = ((...args: Parameters<typeof poolQuery>) => {
      const answer = poolQuery(...args) as Promise<pg.QueryResult> | undefined;
      // (The callback form answers nothing to count here.)
      return answer ? answer.then(countRows) : answer;
    }) as typeof pool.query;
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger: counter }) as unknown as Db;
    // Slow downloads never hold the connections every other request needs: exports read on a
    // small pool of their own, whose statements and open transactions are cut short by the server.
    const exportPool = new pg.Pool({
      connectionString: opts.url,
      max: ex.poolSize,
      connectionTimeoutMillis: ex.waitMs,
      statement_timeout: ex.statementTimeoutMs,
      idle_in_transaction_session_timeout: ex.idleInTransactionMs,
      application_name: 'milepost-export',
    });
    exportPool.on('error', () => {
      /* an idle export client died; the pool replaces it */
    });
    return {
      db,
      kind: 'postgres',
      async exportSession() {
        let client: pg.PoolClient;
        try {
          client = await exportPool.connect();
        } catch (err) {
          if (err instanceof Error && /timeout/i.test(err.message)) throw new ExportsBusyError('every export connection is in use');
          throw err;
        }
        return {
          db: drizzlePg({ client, schema, casing: 'snake_case', logger: counter }) as unknown as Db,
          release: (err?: Error) => client.release(err),
        };
      },
      async migrate(migrationsFolder = MIGRATIONS_DIR) {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), exportPool.end()]);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.poolSize ?? 10 }),
      executeSql: (text, values) => poolQuery(text, values as unknown[] | undefined),
      listen: (channel, handlers) => listenPostgres(opts.url!, channel, handlers),
      statements: () => statements,
      rowsReturned: () => rowsReturned,
    };
  }
  let client: PGlite;
  let unlock: () => void = () => undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    // A process shutting down lets go within its grace (10 s by default).
    unlock = await lockDataDir(opts.dataDir, opts.lockWaitMs ?? 15_000);
    client = new PGlite(opts.dataDir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  } else {
    client = new PGlite({ extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  }
  try {
    await client.waitReady;
    givesTurns(client);
  } catch (err) {
    unlock();
    if (!opts.dataDir) throw err;
    // PGlite only says "Aborted()" of a folder it cannot read.
    throw new Error(
      `The embedded database in ${opts.dataDir} could not be opened (${err instanceof Error ? err.message : String(err)}). If the folder is damaged, restore a backup into an empty folder: npm run db:restore (docs/deploy.md#backups).`,
      { cause: err },
    );
  }
  const clientQuery = client.query.bind(client);
  client.query = (async (...args: Parameters<typeof clientQuery>) => countRows(await clientQuery(...args))) as typeof client.query;
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger: counter }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one session: exports share it, statement by statement (their cursor is held, not a transaction).
    exportSession: () => Promise.resolve({ db, release: () => undefined }),
    migrate: (migrationsFolder = MIGRATIONS_DIR) => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
    exclusive: (fn) => client.runExclusive(fn),
    filesDir: opts.dataDir ?? null,
    async executeSql(text, values) {
      if (values?.length) return clientQuery(text, values as unknown[]);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    async listen(channel, handlers) {
      const unlisten = await client.listen(channel, handlers.notify);
      handlers.up();
      return { sync: async () => undefined, close: () => unlisten() };
    },
    statements: () => statements,
    rowsReturned: () => rowsReturned,
  };
}

/** Longest wait before the listening connection is tried again (it doubles from 250 ms). */
const RELISTEN_MAX_MS = 30_000;

/** LISTEN on a connection of its own, taken again (with a growing pause) whenever it drops. */
async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  let client: pg.Client | null = null;
  let closed = false;
  let pause = 250;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'milepost-listen' });
    const lost = () => {
      if (client !== c) return;
      client = null;
      handlers.down();
      c.end().catch(() => undefined);
      if (closed) return;
      retry = setTimeout(() => void connect(), pause);
      retry.unref();
      pause = Math.min(RELISTEN_MAX_MS, pause * 2);
    };
    c.on('notification', (m) => {
      if (m.channel === channel) handlers.notify(m.payload ?? '');
    });
    c.on('error', lost);
    c.on('end', lost);
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed) return void (await c.end());
      pause = 250;
      handlers.up();
    } catch {
      lost();
    }
  };
  await connect();
  return {
    async sync() {
      // Notifications committed before this query reach the connection before its answer.
      await client?.query('select 1').catch(() => undefined);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/**
 * PGlite runs each statement inside this process and settles its promise at once, so a loop of
 * statements (a job's batch of trips) would never let the event loop turn: no request answered,
 * no SIGTERM handled until the loop ends (docs/deploy.md#one-process-per-data-folder, last
 * paragraph). So once a call has settled, everything waiting runs before its caller goes on. Not
 * before the statement: a statement started just before the database closes (pg-boss completing a
 * job without awaiting it) must still find it open. PostgreSQL's pool waits on its socket anyway.
 */
function givesTurns(client: PGlite): void {
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const run = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<typeof name, unknown>)[name] = async (...args: unknown[]) => {
      try {
        return await run(...args);
      } finally {
        await nextTurn();
      }
    };
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
