import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar';
import { openDatabase } from '../../src/db/client';
import { repoRoot, start, type Started } from './server';

/**
 * `npm run db:backup` / `db:restore` of the embedded database (docs/deploy.md#backups): the dump
 * is private (0600 in a 0700 folder), streamed from the files while the server runs (its memory
 * stays flat), and a damaged or foreign file is refused with one line, leaving nothing behind.
 */
/**
 * Megabytes of incompressible rows backed up while the server runs (BACKUP_TEST_MB, default 96; a
 * file of about twice that, with the write-ahead log): a server that builds the dump in memory
 * grows by more than the file; Milepost's packs it in a separate tar process and must grow by
 * under 50 MB (docs/deploy.md#backups).
 */
const MB = Number(process.env.BACKUP_TEST_MB ?? 96);

const work: string[] = [];
const running: Started[] = [];
afterAll(async () => {
  for (const s of running) s.proc.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  await Promise.all(work.map((d) => rm(d, { recursive: true, force: true })));
});
const tmp = async () => {
  const d = await mkdtemp(path.join(os.tmpdir(), 'milepost-backup-'));
  work.push(d);
  return d;
};

/** The compiled command (built by start()), as `npm run db:backup|restore` runs it; its exit code and output. */
function cli(args: string[], env: Record<string, string>, cwd = repoRoot): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/db-cli.js'), ...args], {
      cwd,
      env: { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** The resident memory of a process, in MB (Linux /proc). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const mode = (p: string) => statSync(p).mode & 0o777;

let backupFile = '';
let env: Record<string, string> = {};

describe('backups of the embedded database', () => {
  it(`streams a ${MB} MB database to a 0600 file in a new 0700 folder while the server runs, its memory growing by under 50 MB`, async () => {
    const dataDir = await tmp();
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await database.migrate();
    // Random bytes: neither TOAST nor gzip shrink them, so the dump is as big as the rows.
    await database.executeSql(`create table backup_filler (id int primary key, bytes bytea not null)`);
    // One random megabyte, stored MB times: gzip looks back 32 KB only, so the copies don't shrink either.
    await database.executeSql(`insert into backup_filler select 0, decode(string_agg(md5(random()::text), ''), 'hex') from generate_series(1, 65536)`);
    await database.executeSql(`insert into backup_filler select g, (select bytes from backup_filler where id = 0) from generate_series(1, $1::int - 1) g`, [MB]);
    await database.close();
    env = {
      MILEPOST_DATA_DIR: dataDir,
      MILEPOST_SEED_DEMO: 'false',
      MILEPOST_SECRET_KEY: randomBytes(32).toString('hex'),
      MILEPOST_JWT_SECRET: randomBytes(32).toString('hex'),
    };
    const server = await start(env, 120_000);
    running.push(server);
    const pid = server.proc.pid!;
    // Settled: the job workers started and a few requests answered.
    await expect.poll(() => server.output().includes('job workers running'), { timeout: 120_000, interval: 500 }).toBe(true);
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const before = rssMb(pid);

    const folder = path.join(await tmp(), 'offsite', 'milepost');
    backupFile = path.join(folder, 'milepost.tar.gz');
    let peak = before;
    const watch = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
    const made = await cli(['backup', backupFile], env).finally(() => clearInterval(watch));
    peak = Math.max(peak, rssMb(pid));
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/written by the running server/);
    console.info(`backup of ${MB} MB: ${(statSync(backupFile).size / 2 ** 20).toFixed(1)} MB file, server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB`);
    expect(statSync(backupFile).size).toBeGreaterThan(MB * 2 ** 20);
    expect(peak - before).toBeLessThan(50);
    expect(mode(backupFile)).toBe(0o600);
    expect(mode(folder)).toBe(0o700);
    expect(readdirSync(folder)).toEqual(['milepost.tar.gz']);
    // The server answered on.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 600_000);

  it('tightens its own backups/ folder to 0700; refuses a named folder others can read, writing nothing', async () => {
    const cwd = await tmp();
    await mkdir(path.join(cwd, 'backups'), { mode: 0o755 });
    chmodSync(path.join(cwd, 'backups'), 0o755);
    const own = await cli(['backup'], env, cwd);
    expect(own.code, own.err).toBe(0);
    expect(mode(path.join(cwd, 'backups'))).toBe(0o700);
    const [name] = readdirSync(path.join(cwd, 'backups'));
    expect(name).toMatch(/^milepost-pglite-.*\.tar\.gz$/);
    expect(mode(path.join(cwd, 'backups', name!))).toBe(0o600);

    const open = path.join(cwd, 'shared');
    await mkdir(open);
    chmodSync(open, 0o755);
    const refused = await cli(['backup', path.join(open, 'x.tar.gz')], env, cwd);
    expect(refused.code).toBe(1);
    expect(refused.err.trim()).toBe(
      `${open} is open to other users (mode 755) and a backup holds password hashes and personal data: run chmod 700 ${open}, or name a file in a private folder`,
    );
    expect(readdirSync(open)).toEqual([]);
    expect(mode(open)).toBe(0o755);
  }, 300_000);

  it('restores the streamed backup into an empty folder; a damaged or foreign file is refused with one line and leaves no pgdata/ behind', async () => {
    // Stopped first: the round trip below opens the restored copy, not the running server's folder.
    for (const s of running) s.proc.kill('SIGTERM');
    await Promise.all(running.map((s) => s.exited));
    const files = await tmp();
    // The damaged copies are made of a small backup (a new, migrated database): refusing one does
    // not depend on its size, and unpacking 200 MB five times only costs time.
    const small = await tmp();
    const fresh = await openDatabase({ dataDir: path.join(small, 'pgdata') });
    await fresh.migrate();
    await fresh.close();
    const smallFile = path.join(files, 'small.tar.gz');
    await tar.create({ gzip: true, cwd: path.join(small, 'pgdata'), file: smallFile }, ['.']);
    const full = readFileSync(smallFile);
    const damaged = path.join(files, 'damaged.tar.gz');
    const flipped = Buffer.from(full);
    for (let i = 0; i < 64; i++) flipped[Math.floor(flipped.length / 2) + i * 997]! ^= 0xff;
    writeFileSync(damaged, flipped);
    const truncated = path.join(files, 'truncated.tar.gz');
    writeFileSync(truncated, full.subarray(0, Math.floor(full.length / 3)));
    const text = path.join(files, 'notes.txt');
    writeFileSync(text, 'Trip 1003 – call the shipper before 9\n'.repeat(100));
    const gzipText = path.join(files, 'notes.tar.gz');
    writeFileSync(gzipText, gzipSync(readFileSync(text)));
    const otherTar = path.join(files, 'photos.tar.gz');
    await mkdir(path.join(files, 'photos'));
    writeFileSync(path.join(files, 'photos', 'truck.jpg'), randomBytes(4096));
    await tar.create({ gzip: true, cwd: path.join(files, 'photos'), file: otherTar }, ['.']);

    const cases: [string, RegExp][] = [
      [damaged, /damaged\.tar\.gz is damaged or not a Milepost backup \(.+\)$/],
      [truncated, /truncated\.tar\.gz is damaged or not a Milepost backup \(.+\)$/],
      [text, /notes\.txt is not a Milepost backup \(neither a pg_dump archive nor an embedded database's tar\.gz\)$/],
      [gzipText, /notes\.tar\.gz is damaged or not a Milepost backup \(.+\)$/],
      [otherTar, /photos\.tar\.gz is not a Milepost backup: its tar\.gz holds no embedded database \(no PG_VERSION\)$/],
    ];
    for (const [file, message] of cases) {
      const target = path.join(await tmp(), 'data');
      const r = await cli(['restore', file], { MILEPOST_DATA_DIR: target });
      expect(r.code, `${file}: ${r.err}`).toBe(1);
      // One line, no stack.
      expect(r.err.trim().split('\n'), file).toHaveLength(1);
      expect(r.err, file).not.toMatch(/\n\s+at /);
      expect(r.err.trim(), file).toMatch(message);
      // Nothing behind: the data folder it made is gone, so no empty pgdata/.
      expect(existsSync(target), file).toBe(false);
    }
    // Into an existing data folder (with its secrets): it stays, and holds no pgdata/ nor a half-unpacked copy.
    const kept = await tmp();
    writeFileSync(path.join(kept, 'secrets.json'), '{}');
    const r = await cli(['restore', damaged], { MILEPOST_DATA_DIR: kept });
    expect(r.code).toBe(1);
    expect(readdirSync(kept)).toEqual(['secrets.json']);

    // The good one: restored, and its rows all there.
    const target = path.join(await tmp(), 'data');
    const ok = await cli(['restore', backupFile], { MILEPOST_DATA_DIR: target });
    expect(ok.code, ok.err).toBe(0);
    expect(readdirSync(target)).toEqual(['pgdata']);
    const copy = await openDatabase({ dataDir: path.join(target, 'pgdata') });
    try {
      const { rows } = (await copy.executeSql('select count(*)::int as n, sum(length(bytes))::bigint as bytes from backup_filler')) as { rows: { n: number; bytes: string }[] };
      expect({ n: Number(rows[0]!.n), bytes: Number(rows[0]!.bytes) }).toEqual({ n: MB, bytes: MB * 2 ** 20 });
    } finally {
      await copy.close();
    }
  }, 600_000);
});
