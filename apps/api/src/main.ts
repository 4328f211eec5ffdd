import cluster from 'node:cluster';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { createAppDeps } from './app-deps';
import { loadConfig } from './config';
import { serveBackups } from './db/backup';
import { openDatabase } from './db/client';
import { ensureAdmin, syncAccessCatalogue } from './db/seed/access';
import { DEMO_LOGIN, demoLoginWorks, seedDemo } from './db/seed/demo';
import { deferredJobs, startJobs } from './jobs/queue';
import { dataDirSecret } from './secrets';

/** Of SHUTDOWN_GRACE_MS, what closing the mailer and the database after the jobs may take. */
const CLOSE_RESERVE_MS = 1_500;

/**
 * config → database → migrations → (demo seed) → listen → job workers; graceful shutdown on
 * SIGTERM/SIGINT (docs/deploy.md#shutdown).
 */
async function main() {
  // How long each step of the start took (ms since the process began), logged once listening.
  const phases: Record<string, number> = { modules: Math.round(performance.now()) };
  const mark = (name: string) => (phases[name] = Math.round(performance.now()));
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return Math.round((user + system) / 1000);
  };
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.MILEPOST_DATA_DIR, 'pgdata'),
    poolSize: config.DATABASE_POOL_SIZE,
    exports: { poolSize: config.DATABASE_EXPORT_POOL_SIZE, waitMs: config.EXPORT_WAIT_MS, statementTimeoutMs: config.EXPORT_STATEMENT_TIMEOUT_MS },
  });
  mark('database');
  // The embedded database's backups are written by this process (npm run db:backup asks on a Unix socket).
  const backups = database.kind === 'pglite' ? await serveBackups(config.MILEPOST_DATA_DIR, database) : null;
  const jobs = deferredJobs();
  const deps = createAppDeps({
    config,
    database,
    jwtSecret: config.MILEPOST_JWT_SECRET ?? dataDirSecret(config.MILEPOST_DATA_DIR, 'jwtSecret'),
    secretKey: config.MILEPOST_SECRET_KEY ?? dataDirSecret(config.MILEPOST_DATA_DIR, 'secretKey'),
    jobs,
  });
  const { lifecycle } = deps;
  await database.migrate();
  lifecycle.migrated = true;
  mark('migrations');
  await syncAccessCatalogue(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db, deps.routing) : false;
  if (config.MILEPOST_ADMIN_EMAIL && config.MILEPOST_ADMIN_PASSWORD) {
    await ensureAdmin(database.db, config.MILEPOST_ADMIN_EMAIL, config.MILEPOST_ADMIN_PASSWORD);
  }

  mark('seed');
  const app = await buildApp({ deps });
  mark('app');
  let lastConnectionAt = 0;
  // Connections taken whose first request has not been read yet (see the shutdown below).
  const fresh = new Set<net.Socket>();
  app.server.on('connection', (socket: net.Socket) => {
    lastConnectionAt = Date.now();
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  app.server.on('request', (req: { socket: net.Socket }) => fresh.delete(req.socket));

  closeWithGrace({ delay: config.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    // Running jobs get what is left of the grace but CLOSE_RESERVE_MS, kept for closing the database.
    const jobsDeadline = Date.now() + config.SHUTDOWN_GRACE_MS - CLOSE_RESERVE_MS;
    // Not ready first, so a load balancer polling /api/ready stops sending work here.
    lifecycle.shuttingDown = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const latest = Date.now() + config.SHUTDOWN_GRACE_MS / 2;
    if (cluster.isWorker && signal === 'SIGTERM') {
      // Under `npm run cluster` the cluster holds the port and hands each connection to an
      // instance: serve until it has started this one's replacement (at most half the grace).
      await replaced(latest);
    } else if (signal === 'SIGTERM' && config.SHUTDOWN_DELAY_MS) {
      // Serve until no new connection came for SHUTDOWN_DELAY_MS (at most half the grace): one
      // still queued when the listener closes would be reset, its request lost.
      await sleep(config.SHUTDOWN_DELAY_MS);
      while (Date.now() - lastConnectionAt < config.SHUTDOWN_DELAY_MS && Date.now() < latest) await sleep(50);
    }
    // Stop accepting, then let every connection taken bring its request before closing: one read
    // once closing began would be refused 503, and a load balancer does not retry a refused write.
    net.Server.prototype.close.call(app.server);
    const freshUntil = Date.now() + 2_000;
    while (fresh.size && Date.now() < freshUntil) await sleep(10);
    await app.close(); // waits for in-flight requests, closes idle keep-alive connections
    await jobs.stop(Math.max(0, jobsDeadline - Date.now())); // lets a running job finish; an unfinished one is retried later
    lifecycle.jobsRunning = false;
    await deps.mailer.drain();
    await new Promise((resolve) => (backups ? backups.close(resolve) : resolve(undefined)));
    await database.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  mark('listening');
  app.log.info({ startMs: phases, cpuMs: cpuMs() }, `listening ${phases.listening} ms after the process started`);
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
  // answers, so a first start is not held up by creating the job tables; /api/ready waits for them.
  jobs
    .start(() =>
      startJobs({
        database,
        telematics: deps.telematics,
        log: deps.log,
        syncMinutes: config.TELEMATICS_SYNC_MINUTES,
        syncConcurrency: config.TELEMATICS_CONCURRENCY,
        here: config,
      }),
    )
    .then(() => {
      if (lifecycle.shuttingDown) return;
      lifecycle.jobsRunning = true;
      if (cluster.isWorker) process.send?.({ milepost: 'ready' });
      // What the process holds once ready (docs/deploy.md#starting): V8's heap, and outside it the
      // embedded database's WebAssembly memory (arrayBuffers) and native code.
      const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
      const mb = (n: number) => Math.round(n / 2 ** 20);
      app.log.info(
        {
          readyMs: Math.round(performance.now()),
          cpuMs: cpuMs(),
          memoryMB: { rss: mb(rss), heapTotal: mb(heapTotal), heapUsed: mb(heapUsed), external: mb(external), arrayBuffers: mb(arrayBuffers) },
        },
        'ready: migrations done, job workers running',
      );
    })
    .catch((err: unknown) => app.log.error({ err }, 'background jobs could not start'));
}

/**
 * Under `npm run cluster` (docs/deploy.md#several-instances-behind-nginx): tells the cluster this
 * instance is stopping and resolves once it answers that a replacement serves the port (at once
 * when it started one before asking this one to stop), or at `latest`.
 */
function replaced(latest: number) {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve();
    };
    const onMessage = (msg: unknown) => {
      if ((msg as { milepost?: string } | null)?.milepost === 'replaced') done();
    };
    const timer = setTimeout(done, Math.max(0, latest - Date.now()));
    if (!process.connected) return done();
    process.on('message', onMessage);
    process.send?.({ milepost: 'stopping' });
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
