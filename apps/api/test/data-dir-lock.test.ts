import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { usePostgres } from './harness';

/**
 * One process at a time on an embedded database folder (src/db/data-dir-lock.ts): a second open
 * waits for the holder, then is refused with what to do; a lock left by a dead process is taken
 * over at once. The embedded database only: PostgreSQL is a server of its own.
 */
describe.runIf(!usePostgres())('the embedded database folder is opened by one process at a time', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'milepost-lock-'));
  const dir = path.join(root, 'pgdata');
  const lockFile = `${dir}.lock`;
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a second open while the first holds the folder, waits for one that lets go, and frees the folder on close', async () => {
    const first = await openDatabase({ dataDir: dir });
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    await first.executeSql('create table kept (n int)');
    await first.executeSql('insert into kept values (1)');

    const refused = await openDatabase({ dataDir: dir, lockWaitMs: 300 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(
      `The embedded database in ${dir} is in use by another Milepost process (pid ${process.pid}). Stop that process first, or set MILEPOST_DATA_DIR to another folder. If no such process runs, delete ${lockFile}.`,
    );

    // A start while the holder is still shutting down waits for it, then opens the same data.
    const waiting = openDatabase({ dataDir: dir, lockWaitMs: 10_000 });
    await new Promise((r) => setTimeout(r, 500));
    await first.close();
    const second = await waiting;
    expect((await second.executeSql('select n from kept')).rows).toEqual([{ n: 1 }]);
    await second.close();
    expect(existsSync(lockFile)).toBe(false);
  }, 60_000);

  it('takes over at once a lock left by a process that is gone (killed, crashed)', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(lockFile, `${gone.stdout}\n`);
    const started = Date.now();
    const database = await openDatabase({ dataDir: dir, lockWaitMs: 10_000 });
    expect(Date.now() - started).toBeLessThan(8_000); // not the 10 s wait for a live holder
    expect(readFileSync(lockFile, 'utf8').trim()).toBe(String(process.pid));
    expect((await database.executeSql('select n from kept')).rows).toEqual([{ n: 1 }]);
    await database.close();
  }, 60_000);

  it('says which folder could not be opened and how to restore it, and lets go of it', async () => {
    const damaged = path.join(root, 'damaged');
    mkdirSync(damaged);
    writeFileSync(path.join(damaged, 'PG_VERSION'), '16\n'); // a data folder with nothing else in it
    for (let attempt = 0; attempt < 2; attempt++) {
      // The second attempt meets the same damage, not a lock the first one left behind.
      const err = (await openDatabase({ dataDir: damaged, lockWaitMs: 300 }).catch((e: unknown) => e)) as Error;
      expect(err.message.startsWith(`The embedded database in ${damaged} could not be opened (`)).toBe(true);
      expect(err.message.endsWith('). If the folder is damaged, restore a backup into an empty folder: npm run db:restore (docs/deploy.md#backups).')).toBe(true);
    }
    expect(existsSync(`${damaged}.lock`)).toBe(false);
  }, 60_000);
});
