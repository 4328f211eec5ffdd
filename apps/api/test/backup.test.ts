import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadConfig } from '../src/config';
import { backupDatabase, BackupError, defaultBackupFile, pgliteDir, restoreDatabase, serveBackups, type BackupTarget } from '../src/db/backup';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo';
import { routingServiceFor } from '../src/modules/routing/service';
import { adminUrl } from './global-setup';
import { usePostgres } from './harness';

/**
 * npm run db:backup / db:restore (docs/deploy.md#backups): the demo data backed up while the
 * server holds the database open, restored into an empty database, and every table compared —
 * its row count and an md5 of its rows as text, in order.
 */

/** Row count and checksum of every table of the database, by schema-qualified name. */
async function fingerprint(database: Database): Promise<Map<string, string>> {
  const { rows: tables } = (await database.executeSql(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  )) as { rows: { s: string; t: string }[] };
  const out = new Map<string, string>();
  for (const { s, t } of tables) {
    const name = `"${s}"."${t}"`;
    const { rows } = (await database.executeSql(`select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as sum from ${name} r`, [])) as {
      rows: { n: number; sum: string }[];
    };
    out.set(`${s}.${t}`, `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`);
  }
  return out;
}

let work: string;
let source: Database;
/** The running server's part in a PGlite backup: its backup socket. */
let server: Server | null = null;
let target: BackupTarget;
let restored: BackupTarget;
let before: Map<string, string>;
const dropLater: string[] = [];

async function pgDatabase(name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  dropLater.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'milepost-backup-'));
  const sourceDir = path.join(work, 'source');
  if (usePostgres()) {
    const name = `milepost_test_${randomBytes(6).toString('hex')}`;
    const url = await pgDatabase(name, inject('milepostTemplate'));
    source = await openDatabase({ url, poolSize: 3 });
    target = { databaseUrl: url, dataDir: sourceDir };
    restored = { databaseUrl: await pgDatabase(`${name}_restored`), dataDir: path.join(work, 'restored') };
  } else {
    // The migrated template unpacked into a data folder on disk, as a server's ./data/pgdata.
    const template = new Blob([await readFile(inject('milepostTemplate'))]);
    source = await openDatabase({ dataDir: pgliteDir(sourceDir), loadDataDir: template });
    server = await serveBackups(sourceDir, source);
    target = { dataDir: sourceDir };
    restored = { dataDir: path.join(work, 'restored') };
  }
  const config = loadConfig({ NODE_ENV: 'test', MILEPOST_DATA_DIR: sourceDir });
  expect(await seedDemo(source.db, routingServiceFor(config, source.db))).toBe(true);
  before = await fingerprint(source);
}, 240_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await source?.close();
  if (dropLater.length) {
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    for (const name of dropLater) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  await rm(work, { recursive: true, force: true });
});

describe(`db:backup and db:restore (${usePostgres() ? 'PostgreSQL, pg_dump' : 'embedded PGlite'})`, () => {
  it('backs up the demo data while the server runs and restores every table, rows and checksum alike, into an empty database', async () => {
    const file = path.join(work, 'backups', usePostgres() ? 'milepost.dump' : 'milepost.tar.gz');
    const made = await backupDatabase(target, file);
    // PGlite: the running server wrote it (nobody else may open its data folder); PostgreSQL: pg_dump.
    expect(made).toEqual(usePostgres() ? { kind: 'postgres', source: 'pg_dump' } : { kind: 'pglite', source: 'server' });
    expect(statSync(file).size).toBeGreaterThan(10_000);
    // The server still answers after it.
    expect((await source.executeSql('select count(*)::int as n from trips', [])).rows).toEqual([{ n: expect.any(Number) }]);

    await restoreDatabase(restored, file);
    const copy = restored.databaseUrl ? await openDatabase({ url: restored.databaseUrl, poolSize: 2 }) : await openDatabase({ dataDir: pgliteDir(restored.dataDir) });
    let after: Map<string, string>;
    try {
      after = await fingerprint(copy);
    } finally {
      await copy.close();
    }
    // Every table of the demo, its migrations' journal and the job queue's, with data in them.
    expect(before.size).toBeGreaterThan(20);
    expect(before.get('public.trips')).toMatch(/^[1-9]\d* rows/);
    expect(before.get('public.users')).toMatch(/^[1-9]\d* rows/);
    expect(before.get('drizzle.__drizzle_migrations')).toMatch(/^[1-9]\d* rows/);
    expect(Object.fromEntries(after)).toEqual(Object.fromEntries(before));
  });

  it('refuses to restore into a database that is not empty, and names the fix', async () => {
    const file = path.join(work, 'again', usePostgres() ? 'again.dump' : 'again.tar.gz');
    await backupDatabase(target, file);
    const refusal = await restoreDatabase(target, file).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(BackupError);
    expect((refusal as Error).message).toMatch(usePostgres() ? /not empty \(\d+ tables\).*new, empty database/ : /pgdata is not empty: restore into an empty data folder/);
    // The source is untouched.
    expect(Object.fromEntries(await fingerprint(source))).toEqual(Object.fromEntries(before));
  });

  it('names a timestamped file under backups/ when no file is given, and refuses a file that is no backup', async () => {
    const file = defaultBackupFile('/srv/milepost/backups', usePostgres() ? 'postgres' : 'pglite', new Date('2026-11-26T21:05:07.123Z'));
    expect(file).toBe(usePostgres() ? '/srv/milepost/backups/milepost-postgres-2026-11-26T21-05-07Z.dump' : '/srv/milepost/backups/milepost-pglite-2026-11-26T21-05-07Z.tar.gz');
    const notABackup = path.join(work, 'notes.txt');
    await import('node:fs/promises').then((fs) => fs.writeFile(notABackup, 'hello'));
    await expect(restoreDatabase({ ...restored, dataDir: path.join(work, 'empty') }, notABackup)).rejects.toThrow(/is not a Milepost backup/);
    expect(existsSync(pgliteDir(path.join(work, 'empty')))).toBe(false);
  });
});
