import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process at a time on an embedded database folder (docs/deploy.md#one-process-per-data-folder).
 * PGlite has no lock of its own: a second `npm start` (another terminal, a restart while the last
 * one is still closing) on the same folder would write the same files and corrupt them. The holder
 * writes its pid to `<folder>.lock` beside the folder (not inside it: a backup of the folder must
 * not carry the lock). A lock whose process is gone (killed, crashed) is taken over at once; a live
 * holder is waited for (it may be shutting down), then refused with what to do.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Milepost process (pid ${pid}). Stop that process first, or set MILEPOST_DATA_DIR to another folder. If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

const alive = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // it runs, under another user
  }
};

const holder = (lockFile: string): number | null => {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

/** Takes the folder's lock, waiting up to `waitMs` for a live holder; resolves with its release. */
export async function lockDataDir(dir: string, waitMs: number): Promise<() => void> {
  const lockFile = `${dir.replace(/[/\\]+$/, '')}.lock`;
  const until = Date.now() + waitMs;
  for (;;) {
    // Written whole under a name of our own, then linked into place: the lock never exists half-written.
    const mine = `${lockFile}.${process.pid}`;
    writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
    try {
      try {
        linkSync(mine, lockFile);
      } catch (err) {
        // A file system without hard links: created exclusively instead.
        if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
        writeFileSync(lockFile, `${process.pid}\n`, { mode: 0o600, flag: 'wx' });
      }
      return () => {
        // Only our own lock: never one another process took over meanwhile.
        if (holder(lockFile) === process.pid) unlinkSync(lockFile);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(mine);
    }
    const pid = holder(lockFile);
    if (pid === null) continue; // released between our two looks
    if (!pid || !alive(pid)) {
      // Left by a process that is gone: take it over.
      try {
        unlinkSync(lockFile);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      continue;
    }
    if (Date.now() >= until) throw new DataDirInUseError(dir, pid, lockFile);
    await sleep(200);
  }
}
