import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { backfillMileStats, keepTripFigures } from '../modules/telematics/keep-figures';
import type { ProviderName } from '../modules/telematics/providers';
import type { TelematicsDeps } from '../modules/telematics/registry';
import { backfillStateMiles, type RulesCursor } from '../modules/state-miles';
import { loadStoredTrack } from '../modules/telematics';
import { calibrateEstimates, calibrationDue } from '../modules/routing/calibration';
import { backfillReviews, refreshProviderReviews } from '../modules/mileage-review';
import { pruneRateLimits } from '../platform/rate-limit';
import { storable } from '../platform/storable';
import { integrationSyncStatus } from '../db/schema/telematics';
import { DEFAULT_LEASE_SECONDS, dueSyncs, leaseExpired, markQueued, syncCompany } from '../modules/telematics/sync';

/**
 * Background jobs, kept in PostgreSQL by pg-boss (docs/decisions/014-background-jobs.md):
 * every instance may work, and the database makes sure each job runs once. Started by main.ts
 * (and by the tests that need it), never by buildApp, which only receives `Jobs` to enqueue.
 */
export interface Jobs {
  /** Queues a sync of one company with one provider; a sync already waiting for it absorbs this one. */
  enqueueSync(companyId: number, provider: ProviderName): Promise<void>;
  /** Queues the fetch of one trip's missing tracks and the keeping of its figures (docs/mileage-engine.md); one waiting per trip. */
  enqueueTripFigures(tripId: number): Promise<void>;
  /**
   * Queues the recompute of the open Mileage Review rows of the companies that run `provider`
   * (the trip settings' switch of that provider changed; docs/mileage-review.md); one waiting per provider.
   */
  enqueueReviewRefresh(provider: ProviderName): Promise<void>;
  /** Finishes the jobs in hand (within `timeoutMs`) and stops polling. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * One queue for every company's syncs, with at most one sync waiting per company and provider
 * (policy `short`, singleton key `provider:companyId`); who runs is decided by the run's lease in
 * `integration_sync_status` (telematics-sync.ts), never by the queue — so a run stuck or killed
 * mid-way cannot stop other companies' syncs (docs/integrations/telematics.md#sync).
 */
export const SYNC_QUEUE = 'telematics-sync-run';
/** The former stately sync queue: its fetch failed on a duplicate key behind a dead run; removed at start. */
const OLD_SYNC_QUEUE = 'telematics-sync';
/** Sync runs one instance works at once: one slow company does not hold the others up. */
const SYNC_WORKERS = 3;
export const SYNC_ALL_QUEUE = 'telematics-sync-all';
export const BACKFILL_QUEUE = 'mile-stats-backfill';
export const TRIP_FIGURES_QUEUE = 'trip-figures';
/** Deletes the sign-in rate-limit counters whose window ended over an hour ago (docs/decisions/014-background-jobs.md). */
export const PRUNE_RATE_LIMITS_QUEUE = 'rate-limit-prune';
/** Every hour, at minute 17. */
export const PRUNE_RATE_LIMITS_CRON = '17 * * * *';
/** Each company's own circuity factors from its completed legs (modules/routing/calibration.ts). */
export const CALIBRATION_QUEUE = 'estimate-calibration';
/** Every day at 03:41 UTC (a quiet hour for US fleets); also at start when none is a day fresh. */
export const CALIBRATION_CRON = '41 3 * * *';
/** The review rows of the companies running a provider, recomputed after the trip settings' switch of that provider changed. */
export const REVIEW_REFRESH_QUEUE = 'mileage-review-refresh';

export interface ReviewRefreshJob {
  provider: ProviderName;
}

export interface TripFiguresJob {
  tripId: number;
}

/**
 * The backfill job's data: empty when queued at start or by the periodic sync; a continuation
 * (queued by the job itself while a state-miles batch was full) carries where the recompute of
 * older rules' splits goes on, and skips the other backfills.
 */
export interface BackfillJob {
  stateMilesAfter?: RulesCursor | null;
}

export interface SyncJob {
  companyId: number;
  provider: ProviderName;
}

export interface JobOptions {
  database: Database;
  telematics: TelematicsDeps;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Minutes between syncs of every company (TELEMATICS_SYNC_MINUTES). */
  syncMinutes: number;
  /**
   * How often an idle worker looks for work (IDLE_POLL_SECONDS; pg-boss allows 0.5 s and more). A job
   * this instance queues wakes its worker at once, and a worker that finished a job looks again at
   * once, so this bounds only the wait for jobs that became due by themselves (retries, delayed
   * and scheduled jobs) or were queued by another instance.
   */
  pollingSeconds?: number;
  /** Seconds before a failed sync is tried again (doubling each time). */
  retryDelaySeconds?: number;
  /** Schedule the periodic sync of every company (tests switch it off, so only their own syncs run). */
  schedule?: boolean;
  /** Lease of a sync run (DEFAULT_LEASE_SECONDS); tests shorten it. */
  leaseSeconds?: number;
  /** Trips of each kind one state-miles backfill run computes (500); a test of the continuation makes it small. */
  stateMilesBatch?: number;
}

/**
 * A job handler that never lets an error escape as it came: the error is logged here and
 * pg-boss is handed a plain one whose text it can store (jsonb refuses \u0000; an error it
 * cannot store would be thrown where no one catches it and stop the process).
 */
export function safely<A extends unknown[]>(log: JobOptions['log'], queue: string, handler: (...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    try {
      await handler(...args);
    } catch (err) {
      log.error({ err, queue }, 'background job failed');
      const message = err instanceof Error ? err.message : 'The job failed.';
      const safe = new Error((storable(message) as string).slice(0, 500));
      safe.stack = `Error: ${safe.message}`;
      throw safe;
    }
  };
}

/** Runs shown RUNNING whose lease ran out. */
export function stalledSyncs(db: Db) {
  return db
    .select({ companyId: integrationSyncStatus.companyId, provider: integrationSyncStatus.provider })
    .from(integrationSyncStatus)
    .where(and(eq(integrationSyncStatus.state, 'RUNNING'), leaseExpired as SQL));
}

/** A cron expression for "every n minutes". */
export function everyMinutes(n: number): string {
  if (n < 60) return `*/${n} * * * *`;
  const hours = Math.max(1, Math.round(n / 60));
  return hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

/**
 * The pg-boss of a database. Every value it writes (job data, outputs, error texts) is made
 * storable first, so no text from a provider can make its own bookkeeping fail.
 */
export function createBoss(database: Database): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values?.map(storable)) as Promise<{ rows: never[] }> },
    schema: 'pgboss',
    // A run that outlives this (an instance died mid-run) is failed and tried again.
    expireInSeconds: 30 * 60,
    // pg-boss's own worker that turns due schedules into jobs looks every 30 s instead of 5 s: our
    // schedules run every 15 minutes at most often (docs/decisions/014-background-jobs.md, "At rest").
    cronWorkerIntervalSeconds: 30,
  });
}

/** How often an idle worker looks for work (docs/decisions/014-background-jobs.md, "At rest"). */
export const IDLE_POLL_SECONDS = 30;

export async function startJobs(opts: JobOptions): Promise<Jobs> {
  const { database, telematics, log } = opts;
  const boss = createBoss(database);
  // Aborted by stop(): the backfills end after the trip in hand, so a shutdown does not wait on a batch.
  const stopping = new AbortController();
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const retryDelay = opts.retryDelaySeconds ?? 30;
  // short: per company and provider, at most one sync waiting; the run's lease keeps it to one running.
  await boss.createQueue(SYNC_QUEUE, { name: SYNC_QUEUE, policy: 'short', retryLimit: 5, retryDelay, retryBackoff: true, expireInSeconds: 30 * 60 });
  if (await boss.getQueue(OLD_SYNC_QUEUE)) await boss.deleteQueue(OLD_SYNC_QUEUE);
  await boss.createQueue(SYNC_ALL_QUEUE, { name: SYNC_ALL_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.createQueue(BACKFILL_QUEUE, { name: BACKFILL_QUEUE, policy: 'stately', retryLimit: 2 });
  // short: per trip, at most one waiting. Not stately: pg-boss's stately fetch fails for every trip
  // while one trip has a job both running and waiting (docs/decisions/014-background-jobs.md);
  // the same trip's figures computed twice at once come out the same.
  await boss.createQueue(TRIP_FIGURES_QUEUE, { name: TRIP_FIGURES_QUEUE, policy: 'short', retryLimit: 2, retryDelay, retryBackoff: true });
  await boss.createQueue(PRUNE_RATE_LIMITS_QUEUE, { name: PRUNE_RATE_LIMITS_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.createQueue(CALIBRATION_QUEUE, { name: CALIBRATION_QUEUE, policy: 'singleton', retryLimit: 1 });
  // short: per provider, at most one waiting — it reads the switches when it runs, so it covers every change queued before.
  await boss.createQueue(REVIEW_REFRESH_QUEUE, { name: REVIEW_REFRESH_QUEUE, policy: 'short', retryLimit: 2, retryDelay, retryBackoff: true });

  // Idle workers look for work rarely; what wakes them (docs/decisions/014-background-jobs.md, "At rest"):
  // - a job this instance queues (send) wakes this instance's workers of that queue at once;
  // - a worker that finished a job looks again at once (work), so a queue with more waiting drains
  //   at full speed and only an empty one waits for the next poll.
  const polling = { pollingIntervalSeconds: opts.pollingSeconds ?? IDLE_POLL_SECONDS };
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

  const enqueueSync = async (companyId: number, provider: ProviderName) => {
    await markQueued(database.db, companyId, provider);
    await send(SYNC_QUEUE, { companyId, provider } satisfies SyncJob, { singletonKey: `${provider}:${companyId}` });
  };

  const leaseSeconds = opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const enqueueTripFigures = async (tripId: number) => {
    await send(TRIP_FIGURES_QUEUE, { tripId } satisfies TripFiguresJob, { singletonKey: `${tripId}` });
  };

  const enqueueReviewRefresh = async (provider: ProviderName) => {
    await send(REVIEW_REFRESH_QUEUE, { provider } satisfies ReviewRefreshJob, { singletonKey: provider });
  };

  const runSync = safely(log, SYNC_QUEUE, async ([job]: PgBoss.Job<SyncJob>[]) => {
    if (!job) return;
    const { companyId, provider } = job.data;
    const result = await syncCompany(telematics, companyId, provider, { leaseSeconds });
    // A live run holds this company's sync: ask again when it may be over (a waiting one absorbs this).
    if (result === 'busy') await boss.send(SYNC_QUEUE, job.data, { singletonKey: `${provider}:${companyId}`, startAfter: Math.max(1, Math.round(leaseSeconds / 3)) });
    else if (result) log.info({ companyId, provider, ...result }, 'telematics sync finished');
  });
  for (let i = 0; i < SYNC_WORKERS; i++) await work<SyncJob>(SYNC_QUEUE, runSync);

  // A run whose lease ran out (its instance died, or it hangs) is queued again: a stalled sync recovers by itself.
  const sweep = async () => {
    for (const { companyId, provider } of await stalledSyncs(database.db)) await enqueueSync(companyId, provider as ProviderName);
  };
  const sweeper = setInterval(() => void sweep().catch((err: unknown) => log.error({ err }, 'stalled syncs could not be queued again')), (leaseSeconds * 1000) / 2);
  sweeper.unref();

  await work(SYNC_ALL_QUEUE, safely(log, SYNC_ALL_QUEUE, async () => {
    await send(BACKFILL_QUEUE, {}, { singletonKey: 'all' });
    // Which syncs are due is the telematics module's rule (switches, tokens): dueSyncs.
    for (const { companyId, provider } of await dueSyncs(telematics)) await enqueueSync(companyId, provider);
  }));
  await work<TripFiguresJob>(
    TRIP_FIGURES_QUEUE,
    safely(log, TRIP_FIGURES_QUEUE, async ([job]: PgBoss.Job<TripFiguresJob>[]) => {
      if (!job) return;
      const result = await keepTripFigures(telematics, job.data.tripId);
      for (const [provider, state] of Object.entries(result?.tracks ?? {})) {
        if (state.error) log.warn({ tripId: job.data.tripId, provider, error: state.error }, 'trip track could not be fetched');
      }
    }),
  );
  // Mile stats of completed trips with stored tracks and no kept figures (the demo's, after a sync).
  await work<BackfillJob>(
    BACKFILL_QUEUE,
    safely(log, BACKFILL_QUEUE, async ([job]: PgBoss.Job<BackfillJob>[]) => {
      const continued = job?.data?.stateMilesAfter !== undefined;
      if (!continued) {
        const n = await backfillMileStats(telematics, 2000, (tripId, err) => log.warn({ tripId, err }, 'mile stats could not be computed'), stopping.signal);
        if (n) log.info({ trips: n }, 'mile stats computed');
        // Completed trips stored before the Mileage Review existed get their review rows (docs/mileage-review.md).
        const reviewed = await backfillReviews(database.db, 2000, stopping.signal);
        if (reviewed) log.info({ trips: reviewed }, 'mileage review rows computed');
      }
      // State miles of trips without any, and splits of older jurisdiction rules (docs/state-miles.md "When the rules change"):
      // one batch a run, each trip its own transaction; while a batch was full the job queues its continuation.
      const states = await backfillStateMiles(database.db, loadStoredTrack, {
        limit: opts.stateMilesBatch,
        after: job?.data?.stateMilesAfter ?? null,
        onError: (tripId, err) => log.warn({ tripId, err }, 'state miles could not be computed again'),
        signal: stopping.signal,
      });
      if (states.computed || states.recomputed) log.info({ trips: states.computed, recomputed: states.recomputed }, 'state miles computed');
      if (states.more) await send(BACKFILL_QUEUE, { stateMilesAfter: states.after } satisfies BackfillJob, { singletonKey: 'all' });
    }),
  );
  await work<ReviewRefreshJob>(
    REVIEW_REFRESH_QUEUE,
    safely(log, REVIEW_REFRESH_QUEUE, async ([job]: PgBoss.Job<ReviewRefreshJob>[]) => {
      if (!job) return;
      const trips = await refreshProviderReviews(database.db, job.data.provider);
      log.info({ provider: job.data.provider, trips }, 'mileage review rows recomputed after a trip settings switch');
    }),
  );
  await work(
    PRUNE_RATE_LIMITS_QUEUE,
    safely(log, PRUNE_RATE_LIMITS_QUEUE, async () => {
      await pruneRateLimits(database.db);
    }),
  );
  await work(
    CALIBRATION_QUEUE,
    safely(log, CALIBRATION_QUEUE, async () => {
      const rows = await calibrateEstimates(database.db);
      log.info({ rows }, 'estimate calibration computed');
    }),
  );
  if (opts.schedule ?? true) await boss.schedule(SYNC_ALL_QUEUE, everyMinutes(opts.syncMinutes));
  await boss.schedule(CALIBRATION_QUEUE, CALIBRATION_CRON);
  if (await calibrationDue(database.db)) await send(CALIBRATION_QUEUE, {}, { singletonKey: 'all' });
  // The prune has no effect a test could trip over, so it is scheduled in tests too.
  await boss.schedule(PRUNE_RATE_LIMITS_QUEUE, PRUNE_RATE_LIMITS_CRON);
  await send(BACKFILL_QUEUE, {}, { singletonKey: 'all' });
  await send(PRUNE_RATE_LIMITS_QUEUE, {});

  return {
    enqueueSync,
    enqueueTripFigures,
    enqueueReviewRefresh,
    async stop(timeoutMs = 10_000) {
      clearInterval(sweeper);
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
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
    async stop(timeoutMs) {
      if (started) await (await started.catch(() => null))?.stop(timeoutMs);
    },
  };
}
