import path from 'node:path';
import { loadConfig } from './config';
import { BackupError, backupDatabase, defaultBackupFile, oneLine, restoreDatabase } from './db/backup';

/**
 * `npm run db:backup -- [FILE]` and `npm run db:restore -- FILE` (scripts/db.mjs runs the
 * compiled apps/api/dist/db-cli.js). The database is the server's: DATABASE_URL, else the
 * embedded one in MILEPOST_DATA_DIR. docs/deploy.md#backups.
 */
async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  const target = { databaseUrl: config.DATABASE_URL, dataDir: config.MILEPOST_DATA_DIR };
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${path.join(config.MILEPOST_DATA_DIR, 'pgdata')}`;
  const started = Date.now();
  if (command === 'backup') {
    const out = path.resolve(file ?? defaultBackupFile(path.resolve('backups'), config.DATABASE_URL ? 'postgres' : 'pglite'));
    // Without a FILE the folder is Milepost's own backups/: made owner-only if it is not (docs/deploy.md#backups).
    const { source } = await backupDatabase(target, out, { tightenFolder: file === undefined });
    const how = source === 'server' ? ' (written by the running server)' : '';
    console.log(`Backed up ${where} to ${out}${how} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else if (command === 'restore') {
    if (!file) throw new BackupError('which backup? npm run db:restore -- FILE');
    await restoreDatabase(target, path.resolve(file));
    console.log(`Restored ${path.resolve(file)} into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s; start the server (npm start) to use it`);
  } else {
    throw new BackupError('usage: npm run db:backup -- [FILE]  |  npm run db:restore -- FILE');
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    // One line, never a stack: what failed and why (a refusal says what to do).
    const message = err instanceof Error ? err.message : String(err);
    console.error(oneLine(err instanceof BackupError ? message : `${process.argv[2] === 'restore' ? 'restore' : 'backup'} failed: ${message}`));
    process.exit(1);
  },
);
