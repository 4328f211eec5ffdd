import type PgBoss from 'pg-boss';
import { API_JOBS } from '../api-jobs';
import { createBoss, IDLE_POLL_SECONDS, safely, type JobContext, type JobOptions, type Jobs, type StartedJobs } from './platform';

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

  // Idle workers look for work rarely; what wakes them (docs/decisions/014-background-jobs.md, "At rest"):
  // - a job this instance queues (send) wakes this instance's workers of that queue at once;
  // - a worker that finished a job looks again at once (work), so a queue with more waiting drains
  //   at full speed and only an empty one waits for the next poll.
  const pollingSeconds = opts.pollingSeconds ?? IDLE_POLL_SECONDS;
  const polling = { pollingIntervalSeconds: pollingSeconds };
  const workers = new Map<string, string[]>();
  const wake = (queue: string) => {
    for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
  };
  const send = async (queue: string, data: object, options: PgBoss.SendOptions = {}) => {
    const id = await boss.send(queue, data, options);
    // Also when the send was absorbed by a job already waiting (null): that one is due too.
    if (options.startAfter === undefined) wake(queue);
    return id;
  };
  const work = async <T extends object>(queue: string, handler: (jobs: PgBoss.Job<T>[]) => Promise<void>) => {
    const worker = { id: '' };
    worker.id = await boss.work<T>(queue, polling, async (jobs) => {
      try {
        await handler(jobs);
      } finally {
        if (worker.id) boss.notifyWorker(worker.id);
      }
    });
    workers.set(queue, [...(workers.get(queue) ?? []), worker.id]);
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
    safely: (queue, handler) => safely(log, queue, handler),
  };
  const started: StartedJobs[] = [];
  for (const mod of API_JOBS) started.push((await mod.start(ctx)) ?? {});
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
