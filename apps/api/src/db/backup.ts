import { spawn } from 'node:child_process';
import { chmodSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, open, rename, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { Database } from './client';

/**
 * `npm run db:backup` / `npm run db:restore` (docs/deploy.md#backups).
 *
 * - PostgreSQL: `pg_dump --format=custom` of DATABASE_URL, restored by `pg_restore` into an empty
 *   database. pg_dump reads one consistent snapshot while the servers keep running.
 * - Embedded PGlite: the data folder as one gzipped tar, packed from the files by the system's
 *   `tar` (never in the server's memory) while no statement runs. The running server holds the folder open and
 *   no second process may open it, so the server answers a backup itself on a Unix socket in the
 *   data folder (`backup.sock`, owner-only); when no server answers there, the command opens the
 *   folder itself. Restoring unpacks the tar beside the data folder, opens it once (PostgreSQL
 *   replays its write-ahead log, as after a power cut) and only then renames it into place.
 *
 * A backup holds password hashes and personal data: its file is 0600 in a folder only its owner
 * can enter (0700).
 */

/** The control socket of the running server, in the data folder (same rights as the data itself). */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** The folder PGlite keeps its files in, under MILEPOST_DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/** A clear refusal the command line prints as it is, on one line, with no stack. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** `backups/milepost-<engine>-2026-11-26T21-05-00Z.<ext>` under `dir`. */
export function defaultBackupFile(dir: string, kind: 'pglite' | 'postgres', now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.join(dir, `milepost-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
}

/** Owner-only: read and write for the file, enter for the folder. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;

/**
 * Makes sure backups go into a folder only its owner can read: a missing one is created 0700; an
 * existing one that others may read or enter is tightened to 0700 when `tighten` (the default
 * `backups/` folder, Milepost's own), otherwise refused — a folder the user named is not changed.
 */
export function privateFolder(dir: string, tighten: boolean): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
    chmodSync(dir, FOLDER_MODE);
    return;
  }
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  if (tighten) {
    chmodSync(dir, FOLDER_MODE);
    return;
  }
  throw new BackupError(
    `${dir} is open to other users (mode ${mode.toString(8).padStart(3, '0')}) and a backup holds password hashes and personal data: run chmod 700 ${dir}, or name a file in a private folder`,
  );
}

/** A new, empty file only its owner can read (a leftover of a killed backup is replaced). */
async function privateFile(file: string): Promise<void> {
  await rm(file, { force: true });
  writeFileSync(file, '', { mode: FILE_MODE, flag: 'wx' });
  chmodSync(file, FILE_MODE);
}

/**
 * Writes the gzipped tar of a PGlite data folder to `file` (an existing private file): every
 * committed change checkpointed into the files first, then the files packed while no statement
 * runs (the database's statements wait for the copy; docs/deploy.md#backups). The packing is the
 * system's `tar` in its own process, writing the file itself: no byte of the backup passes through
 * the server's memory, so the server stays flat whatever the size (in-process, buffers waited for
 * V8's next collection and the server grew by 30–70 MB for a 200 MB backup).
 */
async function writeDataDir(database: Database, file: string): Promise<void> {
  await database.executeSql('checkpoint');
  const dir = database.filesDir;
  if (!dir) {
    // A database in memory (the tests' servers) has no files to pack: PGlite's own dump of it.
    await pipeline(Readable.from([Buffer.from(await (await database.dumpDataDir!('gzip')).arrayBuffer())]), createWriteStream(file, { flags: 'r+', mode: FILE_MODE }));
    return;
  }
  await database.exclusive!(() => run('tar', ['--create', '--gzip', `--file=${file}`, `--directory=${dir}`, '.']));
}

/**
 * Serves backups of the open PGlite database on `backup.sock` in the data folder: `POST /backup`
 * with the target file's absolute path as its body (a file the command created, 0600) writes the
 * gzipped tar of the data folder there and answers 204 once it is complete. Only the folder's
 * owner can connect (mode 0600).
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
        let body = '';
        for await (const chunk of req) {
          body += String(chunk);
          if (body.length > 4096) throw new Error('the file name is too long');
        }
        if (!path.isAbsolute(body) || !existsSync(body)) throw new Error(`no file to write at ${body}`);
        await writeDataDir(database, body);
        res.writeHead(204).end();
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? oneLine(err.message) : String(err));
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

/** Asks the server running on this data folder to write a backup into `file`; false when none answers there. */
function backupFromServer(dataDir: string, file: string): Promise<boolean> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/backup', headers: { 'content-type': 'text/plain' } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => (res.statusCode === 204 ? resolve(true) : reject(new BackupError(`the running server could not write the backup: ${text}`))));
      res.on('error', () => reject(new BackupError('the running server stopped in the middle of the backup')));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file with no server behind it: the server is not running.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(false);
      else reject(new BackupError(`the running server stopped in the middle of the backup (${err.message})`));
    });
    req.end(path.resolve(file));
  });
}

/** What Debian calls the package of each program a backup runs. */
const PACKAGE = { pg_dump: 'postgresql-client', pg_restore: 'postgresql-client', tar: 'tar' } as const;

/** Runs a backup program (PostgreSQL's client programs, tar), failing with its own words (on one line). */
function run(program: keyof typeof PACKAGE, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new BackupError(`${program} was not found: install it (Debian: apt-get install ${PACKAGE[program]})`) : err),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${program} failed (exit ${code}): ${oneLine(stderr)}`))));
  });
}

/** A message on one line: its lines joined, spaces squeezed. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface BackupTarget {
  /** postgres://… ; without it the embedded PGlite database of `dataDir`. */
  databaseUrl?: string | undefined;
  /** MILEPOST_DATA_DIR (PGlite keeps its files in `pgdata/` under it). */
  dataDir: string;
}

/**
 * Writes a backup of the database to `file` (a new file, 0600: written beside it, then renamed).
 * `tightenFolder`: the file's folder is Milepost's own (`backups/`), made 0700 if others can read
 * it; otherwise such a folder is refused (privateFolder).
 */
export async function backupDatabase(
  target: BackupTarget,
  file: string,
  opts: { tightenFolder?: boolean } = {},
): Promise<{ kind: 'pglite' | 'postgres'; source: 'pg_dump' | 'server' | 'folder' }> {
  privateFolder(path.dirname(path.resolve(file)), opts.tightenFolder ?? false);
  const partial = `${file}.partial`;
  try {
    await privateFile(partial);
    if (target.databaseUrl) {
      // pg_dump writes to the file it finds, which keeps its mode.
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${target.databaseUrl}`]);
      await done(partial, file);
      return { kind: 'postgres', source: 'pg_dump' };
    }
    if (await backupFromServer(target.dataDir, partial)) {
      await done(partial, file);
      return { kind: 'pglite', source: 'server' };
    }
    const dir = pgliteDir(target.dataDir);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${dir}`);
    const { openDatabase } = await import('./client');
    const database = await openDatabase({ dataDir: dir });
    try {
      await writeDataDir(database, partial);
    } finally {
      await database.close();
    }
    await done(partial, file);
    return { kind: 'pglite', source: 'folder' };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

async function done(partial: string, file: string) {
  chmodSync(partial, FILE_MODE);
  await rename(partial, file);
}

/** What kind of backup a file holds, from its first bytes (read alone, never the whole file). */
async function backupKind(file: string): Promise<'pglite' | 'postgres'> {
  const handle = await open(file, 'r');
  const head = Buffer.alloc(5);
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  throw new BackupError(`${file} is not a Milepost backup (neither a pg_dump archive nor an embedded database's tar.gz)`);
}

/**
 * Restores `file` into an empty database; refuses one that already holds tables. A file that is
 * damaged or no backup is refused with one line and leaves nothing behind: PostgreSQL's restore
 * is one transaction; the embedded database is unpacked and opened beside `pgdata/`, which only
 * appears, renamed into place, once that worked.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<{ kind: 'pglite' | 'postgres' }> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file`);
  if (!statSync(file).isFile()) throw new BackupError(`${file} is not a file`);
  const kind = await backupKind(file);
  if (target.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(`${file} is not a pg_dump archive: a backup of the embedded database (.tar.gz) is restored with DATABASE_URL unset`);
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
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.databaseUrl}`, file]).catch((err: unknown) => {
      throw new BackupError(`${file} could not be restored, nothing was written: ${err instanceof Error ? err.message : String(err)}`);
    });
    return { kind };
  }
  if (kind !== 'pglite') throw new BackupError(`${file} is a pg_dump archive of PostgreSQL; set DATABASE_URL to the empty database to restore it into`);
  const dir = pgliteDir(target.dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupError(`${dir} is not empty: restore into an empty data folder (MILEPOST_DATA_DIR=another/folder), or move this one aside first`);
  }
  const madeDataDir = !existsSync(target.dataDir);
  mkdirSync(target.dataDir, { recursive: true, mode: FOLDER_MODE });
  // Unpacked beside pgdata/ (same file system, so the rename is one step), owner-only like it.
  const staging = await mkdtemp(path.join(target.dataDir, '.pgdata-restoring-'));
  try {
    // Every warning but the leading "/" of PGlite's own tar names (backups of earlier versions) is a failure.
    let problem: string | null = null;
    const onwarn = (code: string, message: string | Error) => {
      if (code !== 'TAR_ENTRY_INFO') problem ??= `${code}: ${message instanceof Error ? message.message : message}`;
    };
    try {
      await pipeline(createReadStream(file), tar.extract({ cwd: staging, onwarn }));
    } catch (err) {
      problem ??= err instanceof Error ? err.message : String(err);
    }
    if (problem) throw new BackupError(`${file} is damaged or not a Milepost backup (${oneLine(problem)})`);
    if (!existsSync(path.join(staging, 'PG_VERSION'))) {
      throw new BackupError(`${file} is not a Milepost backup: its tar.gz holds no embedded database (no PG_VERSION)`);
    }
    const { openDatabase } = await import('./client');
    try {
      const database = await openDatabase({ dataDir: staging });
      // Opened once: the write-ahead log is replayed and the database checked before the server uses it.
      await database.executeSql('select 1').finally(() => database.close());
    } catch (err) {
      throw new BackupError(`${file} could not be opened as a database (${oneLine(err instanceof Error ? err.message.split('. If the folder')[0]! : String(err))})`);
    }
    if (existsSync(dir)) rmdirSync(dir); // empty (checked above)
    await rename(staging, dir);
  } catch (err) {
    // An unpack cut short may still be finishing its writes: retried while the folder fills again.
    const gone = { recursive: true, force: true, maxRetries: 10, retryDelay: 100 };
    await rm(staging, gone);
    await rm(`${staging}.lock`, { force: true });
    if (madeDataDir) await rm(target.dataDir, gone);
    throw err;
  }
  return { kind };
}
