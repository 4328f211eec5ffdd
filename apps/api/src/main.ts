import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { ensureAdmin, syncAccessCatalogue } from './db/seed/access';
import { DEMO_LOGIN, demoLoginWorks, seedDemo } from './db/seed/demo';
import { createSecretBox } from './platform/secret-box';
import { routingServiceFor } from './modules/routing/service';
import { deferredJobs, startJobs } from './jobs/queue';
import { dataDirSecret } from './secrets';

/** config → database → migrations → (demo seed) → listen; graceful shutdown on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.MILEPOST_DATA_DIR, 'pgdata'),
    poolSize: config.DATABASE_POOL_SIZE,
    exports: { poolSize: config.DATABASE_EXPORT_POOL_SIZE, waitMs: config.EXPORT_WAIT_MS, statementTimeoutMs: config.EXPORT_STATEMENT_TIMEOUT_MS },
  });
  await database.migrate();
  await syncAccessCatalogue(database.db);
  const jwtSecret = config.MILEPOST_JWT_SECRET ?? dataDirSecret(config.MILEPOST_DATA_DIR, 'jwtSecret');
  const secretKey = config.MILEPOST_SECRET_KEY ?? dataDirSecret(config.MILEPOST_DATA_DIR, 'secretKey');
  const seeded = config.seedDemo ? await seedDemo(database.db, routingServiceFor(config, database.db)) : false;
  if (config.MILEPOST_ADMIN_EMAIL && config.MILEPOST_ADMIN_PASSWORD) {
    await ensureAdmin(database.db, config.MILEPOST_ADMIN_EMAIL, config.MILEPOST_ADMIN_PASSWORD);
  }

  const jobs = deferredJobs();
  const app = await buildApp({ config, db: database.db, exports: database.exportSession, jwtSecret, secretKey, jobs });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close(); // stops accepting, waits for in-flight requests
    await jobs.stop(); // lets a running sync finish its page; an unfinished one is retried later
    await app.mailer.drain();
    await database.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    '',
    `  Milepost is running at ${url}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.MILEPOST_DATA_DIR, 'pgdata')}` : 'PostgreSQL'}${seeded ? ' (demo data seeded)' : ''}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.seedDemo && (await demoLoginWorks(database.db))) {
    lines.push(`  Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  }
  if (config.MILEPOST_ADMIN_EMAIL) lines.push(`  Admin login: ${config.MILEPOST_ADMIN_EMAIL} (password from MILEPOST_ADMIN_PASSWORD)`);
  console.log(`${lines.join('\n')}\n`);

  // Background jobs (telematics sync every TELEMATICS_SYNC_MINUTES) start once the server
  // answers, so a first start is not held up by creating the job tables.
  const secretBox = createSecretBox(secretKey);
  jobs
    .start(() =>
      startJobs({
        database,
        telematics: { db: database.db, secretBox, config },
        log: app.log,
        syncMinutes: config.TELEMATICS_SYNC_MINUTES,
      }),
    )
    .catch((err: unknown) => app.log.error({ err }, 'background jobs could not start'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
