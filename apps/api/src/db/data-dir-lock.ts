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

const code = (err: unknown) => (err as NodeJS.ErrnoException).code ?? '';

const alive = (pid: number) => {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return code(err) === 'EPERM'; // it runs, under another user
  }
};

const holder = (lockFile: string): number | null => {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch (err) {
    if (code(err) === 'ENOENT') return null;
    throw err;
  }
};

/**
 * Puts the lock in place, or answers false when one is there already. Written whole under a name
 * of our own and linked into place, the lock never exists half-written; on a file system without
 * hard links it is created exclusively instead.
 */
function place(lockFile: string, mine: string): boolean {
  try {
    linkSync(mine, lockFile);
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(code(err))) throw err;
  }
  try {
    writeFileSync(lockFile, `${process.pid}\n`, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (err) {
    if (code(err) === 'EEXIST') return false;
    throw err;
  }
}

/** Takes the folder's lock, waiting up to `waitMs` for a live holder; resolves with its release. */
export async function lockDataDir(dir: string, waitMs: number): Promise<() => void> {
  const lockFile = `${dir.replace(/[/\\]+$/, '')}.lock`;
  const mine = `${lockFile}.${process.pid}`;
  const until = Date.now() + waitMs;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (;;) {
      if (place(lockFile, mine)) {
        return () => {
          // Only our own lock: never one another process took over meanwhile.
          if (holder(lockFile) === process.pid) unlinkSync(lockFile);
        };
      }
      const pid = holder(lockFile);
      if (pid === null) continue; // released between our two looks
      if (!pid || !alive(pid)) {
        // Left by a process that is gone: take it over.
        try {
          unlinkSync(lockFile);
        } catch (err) {
          if (code(err) !== 'ENOENT') throw err;
        }
        continue;
      }
      if (Date.now() >= until) throw new DataDirInUseError(dir, pid, lockFile);
      await sleep(200);
    }
  } finally {
    unlinkSync(mine);
  }
}
