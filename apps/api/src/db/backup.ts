import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, unlinkSync, chmodSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from './client';

/**
 * `npm run db:backup` / `npm run db:restore` (docs/deploy.md#backups).
 *
 * - PostgreSQL: `pg_dump --format=custom` of DATABASE_URL, restored by `pg_restore` into an empty
 *   database. pg_dump reads one consistent snapshot while the servers keep running.
 * - Embedded PGlite: the data folder as one gzipped tar (PGlite's `dumpDataDir`). The running
 *   server holds the folder open and no second process may open it, so the server answers a
 *   backup itself on a Unix socket in the data folder (`backup.sock`, owner-only); when no server
 *   answers there, the command opens the folder itself. Restoring unpacks the tar into an empty
 *   folder; PostgreSQL replays its write-ahead log on the first open, as after a power cut.
 */

/** The control socket of the running server, in the data folder (same rights as the data itself). */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** The folder PGlite keeps its files in, under MILEPOST_DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/** A clear refusal the command line prints as it is, with no stack. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** `backups/milepost-<engine>-2026-11-26T21-05-00Z.<ext>` under `dir`. */
export function defaultBackupFile(dir: string, kind: 'pglite' | 'postgres', now = new Date()): string {
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  return path.join(dir, `milepost-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
}

/**
 * Serves backups of the open PGlite database on `backup.sock` in the data folder: `POST /backup`
 * answers the gzipped tar of the data folder. Only the folder's owner can connect (mode 0600).
 */
export async function serveBackups(dataDir: string, database: Database): Promise<Server> {
  const socket = backupSocketPath(dataDir);
  // A socket file left by a process that was killed: nothing listens on it any more.
  if (existsSync(socket)) unlinkSync(socket);
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    void (async () => {
      try {
        // Every committed change into the files first; the tar is taken in one synchronous step.
        await database.executeSql('checkpoint');
        const tar = await database.dumpDataDir!('gzip');
        const bytes = Buffer.from(await tar.arrayBuffer());
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.length }).end(bytes);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  chmodSync(socket, 0o600);
  return server;
}

/** Asks the server running on this data folder for a backup; null when none answers there. */
function backupFromServer(dataDir: string, file: string): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/backup' }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => reject(new BackupError(`the running server could not write the backup: ${text}`)));
        return;
      }
      pipeline(res, createWriteStream(file)).then(() => resolve(true), reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file with no server behind it: the server is not running.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(false);
      else reject(err);
    });
    req.end();
  });
}

/** Runs a PostgreSQL client program, failing with its own words. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new BackupError(`${program} was not found: install PostgreSQL's client programs (Debian: apt-get install postgresql-client)`) : err),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

export interface BackupTarget {
  /** postgres://… ; without it the embedded PGlite database of `dataDir`. */
  databaseUrl?: string | undefined;
  /** MILEPOST_DATA_DIR (PGlite keeps its files in `pgdata/` under it). */
  dataDir: string;
}

/** Writes a backup of the database to `file` (a new file: written beside it, then renamed). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<{ kind: 'pglite' | 'postgres'; source: 'pg_dump' | 'server' | 'folder' }> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  try {
    if (target.databaseUrl) {
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${target.databaseUrl}`]);
      await rename(partial, file);
      return { kind: 'postgres', source: 'pg_dump' };
    }
    if (await backupFromServer(target.dataDir, partial)) {
      await rename(partial, file);
      return { kind: 'pglite', source: 'server' };
    }
    const dir = pgliteDir(target.dataDir);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${dir}`);
    const { openDatabase } = await import('./client');
    const database = await openDatabase({ dataDir: dir });
    try {
      await database.executeSql('checkpoint');
      const tar = await database.dumpDataDir!('gzip');
      const handle = await open(partial, 'w');
      await handle.writeFile(Buffer.from(await tar.arrayBuffer()));
      await handle.close();
    } finally {
      await database.close();
    }
    await rename(partial, file);
    return { kind: 'pglite', source: 'folder' };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** What kind of backup a file holds, from its first bytes. */
function backupKind(file: string): 'pglite' | 'postgres' {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(`${file} is not a Milepost backup (neither a pg_dump archive nor an embedded database's tar.gz)`);
}

/** Restores `file` into an empty database; refuses one that already holds tables. */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ kind: 'pglite' | 'postgres' }> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`);
  const kind = backupKind(file);
  if (target.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(`${file} is a backup of the embedded database; unset DATABASE_URL to restore it into the data folder`);
    }
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%'`,
      );
      if (Number(rows[0]!.n) > 0) {
        throw new BackupError(`the database of DATABASE_URL is not empty (${rows[0]!.n} tables): restore into a new, empty database (createdb) and point DATABASE_URL at it`);
      }
    } finally {
      await client.end();
    }
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.databaseUrl}`, file]);
    return { kind };
  }
  if (kind !== 'pglite') throw new BackupError(`${file} is a pg_dump archive of PostgreSQL; set DATABASE_URL to the empty database to restore it into`);
  const dir = pgliteDir(target.dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} is not empty: restore into an empty data folder (MILEPOST_DATA_DIR=another/folder), or move this one aside first`);
  }
  mkdirSync(dir, { recursive: true });
  const { openDatabase } = await import('./client');
  try {
    const database = await openDatabase({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)], { type: 'application/gzip' }) });
    // Opened once: the write-ahead log is replayed and the database checked before the server uses it.
    await database.executeSql('select 1');
    await database.close();
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { kind };
}
