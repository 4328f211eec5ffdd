import type PgBoss from 'pg-boss';
import { API_JOBS } from '../api-jobs';
import { DueWatch, dueQueuesSql, type DueQueue } from './due-watch';
import { createBoss, IDLE_POLL_SECONDS, safely, WORKER_BACKSTOP_SECONDS, type JobContext, type JobOptions, type Jobs, type StartedJobs } from './platform';

/**
 * Starts and stops the background jobs, kept in PostgreSQL by pg-boss
 * (docs/decisions/014-background-jobs.md): every instance may work, and the database makes sure
 * each job runs once. Each module's queues, handlers and schedules live in its jobs.ts, listed in
 * api-jobs.ts; this file starts pg-boss, hands every module the same `JobContext` and gathers
 * their parts of `Jobs`. Started by main.ts (and by the tests that need it), never by buildApp,
 * which only receives `Jobs` to enqueue.
 */
export async function startJobs(opts: JobOptions): Promise<Jobs> {
  const { database, log } = opts;
  const boss = createBoss(database);
  // Aborted by stop(): the backfills end after the trip in hand, so a shutdown does not wait on a batch.
  const stopping = new AbortController();
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  // At rest one statement looks for due jobs for every queue, and wakes their workers (jobs/due-watch.ts;
  // docs/decisions/014-background-jobs.md, "At rest"):
  // - a job this instance queues (send) wakes this instance's workers of that queue at once; one queued
  //   with a delay tells the watch when it falls due, so it is looked for then;
  // - a worker that finished a batch looks again at once, so a queue with more waiting drains at full
  //   speed and only an empty one waits for the watch;
  // - the watch looks every `pollingSeconds` (jobs queued by another instance, retries) and when the
  //   earliest delayed job it saw falls due; each worker's own poll is only a backstop.
  const pollingSeconds = opts.pollingSeconds ?? IDLE_POLL_SECONDS;
  const polling = { pollingIntervalSeconds: Math.max(pollingSeconds, WORKER_BACKSTOP_SECONDS) };
  const watch = new DueWatch({
    look: async (queues) => (await database.executeSql(dueQueuesSql('pgboss'), [queues])).rows as unknown as DueQueue[],
    idleMs: pollingSeconds * 1000,
    onError: (err) => log.error({ err }, 'job queue error'),
  });
  const send = async (queue: string, data: object, options: PgBoss.SendOptions = {}) => {
    const id = await boss.send(queue, data, options);
    // Also when the send was absorbed by a job already waiting (null): that one is due too.
    if (options.startAfter === undefined) watch.wake(queue);
    else {
      const at = typeof options.startAfter === 'number' ? Date.now() + options.startAfter * 1000 : new Date(options.startAfter).getTime();
      if (Number.isFinite(at)) watch.dueAt(queue, at);
    }
    return id;
  };
  const work = async <T extends object>(queue: string, handler: (jobs: PgBoss.Job<T>[]) => Promise<void>, options: { batchSize?: number } = {}) => {
    const worker = { id: '' };
    worker.id = await boss.work<T>(queue, { ...polling, ...options }, async (jobs) => {
      try {
        await handler(jobs);
      } finally {
        if (worker.id) boss.notifyWorker(worker.id);
      }
    });
    watch.watch(queue, () => boss.notifyWorker(worker.id));
    return worker.id;
  };

  const ctx: JobContext = {
    boss,
    options: opts,
    database,
    telematics: opts.telematics,
    log,
    polling,
    pollingSeconds,
    retryDelay: opts.retryDelaySeconds ?? 30,
    schedule: opts.schedule ?? true,
    signal: stopping.signal,
    send,
    work,
    watch: (queues, wake) => {
      for (const queue of queues) watch.watch(queue, wake);
    },
    safely: (queue, handler) => safely(log, queue, handler),
  };
  const started: StartedJobs[] = [];
  for (const mod of API_JOBS) started.push((await mod.start(ctx)) ?? {});
  watch.start();
  const enqueue = Object.assign({}, ...started.map((s) => s.enqueue ?? {})) as Partial<Omit<Jobs, 'stop'>>;
  const part = <K extends keyof Omit<Jobs, 'stop'>>(name: K): NonNullable<Jobs[K]> => {
    const fn = enqueue[name];
    if (!fn) throw new Error(`no module's jobs.ts gives ${name} (api-jobs.ts)`);
    return fn as NonNullable<Jobs[K]>;
  };

  return {
    enqueueSync: part('enqueueSync'),
    enqueueTripFigures: part('enqueueTripFigures'),
    enqueueReviewRefresh: part('enqueueReviewRefresh'),
    enqueuePayRule: part('enqueuePayRule'),
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      const begun = Date.now();
      await watch.stop();
      for (const s of started) await s.stop?.(Math.max(1, timeoutMs - (Date.now() - begun)));
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(1, timeoutMs - (Date.now() - begun)) });
    },
  };
}

/**
 * Jobs that start later (after the server listens, so a first start stays quick): calls wait
 * until `start` has finished; `stop` before a start does nothing.
 */
export function deferredJobs(): Jobs & { start(run: () => Promise<Jobs>): Promise<void> } {
  let started: Promise<Jobs> | null = null;
  return {
    async start(run) {
      started = run();
      await started;
    },
    async enqueueSync(companyId, provider) {
      if (!started) throw new Error('background jobs not started');
      await (await started).enqueueSync(companyId, provider);
    },
    async enqueueTripFigures(tripId) {
      if (!started) throw new Error('background jobs not started');
      await (await started).enqueueTripFigures(tripId);
    },
    async enqueueReviewRefresh(provider) {
      if (!started) throw new Error('background jobs not started');
      await (await started).enqueueReviewRefresh(provider);
    },
    async enqueuePayRule(companyId, version) {
      if (!started) throw new Error('background jobs not started');
      await (await started).enqueuePayRule(companyId, version);
    },
    async stop(timeoutMs) {
      if (started) await (await started.catch(() => null))?.stop(timeoutMs);
    },
  };
}
