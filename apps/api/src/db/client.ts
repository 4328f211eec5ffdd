import { mkdirSync } from 'node:fs';
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
import * as access from './schema/access';
import * as platform from './schema/platform';
import * as reference from './schema/reference';
import * as routing from './schema/routing';
import * as tripStatisticsSchema from './schema/trip-statistics';
import * as tripsSchema from './schema/trips';
import * as telematics from './schema/telematics';

export const schema = { ...access, ...platform, ...reference, ...routing, ...tripsSchema, ...tripStatisticsSchema, ...telematics };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pool (PGlite: one, always open), for GET /api/metrics. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: the whole data folder as one tar file (the backup format, scripts/db-backup.ts). */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /**
   * Plain SQL for libraries that bring their own queries (the job queue): with values, one
   * parameterised statement; without, a script of several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const MIGRATION_LOCK = 7_242_001; // advisory lock id: only one instance migrates at a time

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise PGlite stored in `dataDir`
 * (or in memory when `dataDir` is null, as tests do).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | null;
  poolSize?: number;
  /** PGlite only: start from this dumped data folder (`PGlite.dumpDataDir()`), e.g. a migrated template in tests. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      /* an idle client died; the pool replaces it */
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: opts.poolSize ?? 10 }),
      executeSql: (text, values) => pool.query(text, values as unknown[] | undefined),
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(opts.dataDir, { extensions: { pg_trgm } });
  } else {
    client = new PGlite({ extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values as unknown[]);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
