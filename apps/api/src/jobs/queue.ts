import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { backfillMileStats, keepTripFigures } from '../modules/trip-figures';
import type { ProviderName } from '../modules/telematics/providers';
import type { TelematicsDeps } from '../modules/telematics/registry';
import { backfillStateMiles, type RulesCursor } from '../modules/state-miles';
import { loadStoredTrack } from '../modules/telematics';
import { calibrateEstimates, calibrationDue } from '../modules/routing/calibration';
import { backfillReviews, refreshProviderReviews } from '../modules/mileage-review';
import { startPayRuleJobs } from './pay-rule';
import { pruneRateLimits } from '../platform/rate-limit';
import { storable } from '../platform/storable';
import { integrationSyncStatus } from '../db/schema/telematics';
import { DEFAULT_LEASE_SECONDS, DEFAULT_SYNC_BUDGET_SECONDS, dueSyncs, leaseExpired, markQueued, syncCompany } from '../modules/telematics/sync';
import { PROVIDERS } from '../modules/telematics/providers';
import { LaneDispatcher, type Lane } from './lanes';
import { routingServiceFor } from '../modules/routing/service';
import { throttleState } from '../modules/routing/throttle';
import { recomputeEstimatedTrips } from '../modules/trips/route-figures';
import { startGlePolling } from '../modules/telematics/gle-poll';

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
  /** Queues the recompute of a company's open Mileage Review rows for its pay rule's `version` (jobs/pay-rule.ts). */
  enqueuePayRule(companyId: number, version: number): Promise<void>;
  /** Finishes the jobs in hand (within `timeoutMs`) and stops polling. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Each provider's syncs have a queue of their own (from the provider registry, so a new provider
 * gets its queues with nothing else to change), plus a retry queue: a run that failed, and the
 * scheduled syncs of companies whose last run failed, wait there behind nothing but each other,
 * on a few slots (lanes.ts). At most one sync waits per company and provider in each (policy
 * `short`, singleton key `provider:companyId`); who runs is decided by the run's lease in
 * `integration_sync_status` (sync.ts), never by the queue — so a run stuck or killed mid-way
 * cannot stop other companies' syncs (docs/integrations/telematics.md#sync).
 */
export const syncQueueOf = (provider: ProviderName, lane: 'fresh' | 'retry' = 'fresh') => `telematics-sync-${provider.toLowerCase()}${lane === 'retry' ? '-retry' : ''}`;
/** The former single sync queue of every provider and company; its waiting jobs move to the provider queues at start. */
const SINGLE_SYNC_QUEUE = 'telematics-sync-run';
/** The former stately sync queue: its fetch failed on a duplicate key behind a dead run; removed at start. */
const OLD_SYNC_QUEUE = 'telematics-sync';
/** Times a failed sync is tried again (in the retry queue, 30 s then doubling). */
const SYNC_RETRIES = 5;
/** Trip-figures jobs fetched at once; a full batch is followed by the next fetch at once. */
const FIGURES_BATCH = 25;
/** Trip-figures jobs of a batch worked at once (each waits on the database or a provider most of its time). */
const FIGURES_CONCURRENCY = 5;
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

/**
 * Trips estimated while HERE could not answer (any reason but NO_KEY) routed again once it
 * answers (docs/routing.md#throttles): queued every HERE_RETRY_ESTIMATES_S by every instance,
 * at most one waiting or running (singleton).
 */
export const HERE_RETRY_QUEUE = 'here-retry-estimates';

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
  /** Retries so far (0: a fresh sync). */
  attempt?: number;
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
  /** Syncs this instance runs at once, all providers together (TELEMATICS_CONCURRENCY). */
  syncConcurrency?: number;
  /** Time budget of one sync run (DEFAULT_SYNC_BUDGET_SECONDS; twice that in a retry queue); tests shorten it. */
  syncBudgetSeconds?: number;
  /** Trips of each kind one state-miles backfill run computes (500); a test of the continuation makes it small. */
  stateMilesBatch?: number;
  /** HERE's settings for the HERE retry job (HERE_API_KEY, HERE_RETRY_ESTIMATES_S); without them the job does not run. */
  here?: Config;
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
  const { database, log } = opts;
  // A track the sync stored moves the trip's figures (modules/trip-figures).
  const telematics: TelematicsDeps = { ...opts.telematics, trackStored: async (tripId) => void (await keepTripFigures(opts.telematics, tripId, { fetch: false })) };
  const boss = createBoss(database);
  // Aborted by stop(): the backfills end after the trip in hand, so a shutdown does not wait on a batch.
  const stopping = new AbortController();
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const retryDelay = opts.retryDelaySeconds ?? 30;
  // short: per company and provider, at most one sync waiting in each queue; the run's lease keeps it to one running.
  // Retries are sent by the handler (a new job in the retry queue), not by pg-boss: pg-boss's retry keeps the job's
  // first creation time, and would put it back in front of every sync queued since.
  for (const provider of PROVIDERS) {
    for (const lane of ['fresh', 'retry'] as const) {
      const name = syncQueueOf(provider, lane);
      await boss.createQueue(name, { name, policy: 'short', retryLimit: 0, expireInSeconds: 30 * 60 });
    }
  }
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

  // The sync lanes' dispatcher, once it exists: a sync queued on this instance is looked at at once.
  let wakeSyncs = () => undefined as void;
  const sendSync = async (data: SyncJob, lane: 'fresh' | 'retry', startAfter?: number) => {
    await boss.send(syncQueueOf(data.provider, lane), data, { singletonKey: `${data.provider}:${data.companyId}`, ...(startAfter ? { startAfter } : {}) });
    if (!startAfter) wakeSyncs();
  };
  /**
   * Queues a sync. On demand (and a stalled run's) it goes to the provider's queue; the schedule
   * sends a company whose last run failed to the retry queue, so a company that keeps failing
   * never holds the slots of those that work.
   */
  const enqueueSync = async (companyId: number, provider: ProviderName, scheduled = false) => {
    const [row] = await markQueued(database.db, companyId, provider);
    await sendSync({ companyId, provider }, scheduled && row?.error ? 'retry' : 'fresh');
  };

  const leaseSeconds = opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  // Filled in once the worker exists: a trip queued on this instance is looked at at once.
  let lookForFigures = () => undefined as void;
  const enqueueTripFigures = async (tripId: number) => {
    await boss.send(TRIP_FIGURES_QUEUE, { tripId } satisfies TripFiguresJob, { singletonKey: `${tripId}` });
    lookForFigures();
  };

  const enqueueReviewRefresh = async (provider: ProviderName) => {
    await send(REVIEW_REFRESH_QUEUE, { provider } satisfies ReviewRefreshJob, { singletonKey: provider });
  };

  const syncBudget = opts.syncBudgetSeconds ?? DEFAULT_SYNC_BUDGET_SECONDS;
  const slots = opts.syncConcurrency ?? 8;
  const runSync = async (lane: Lane, job: PgBoss.Job<SyncJob>) => {
    const { companyId, provider, attempt = 0 } = job.data;
    try {
      // A retry (or a company whose last run failed) may take twice the budget: it holds only the retry queue's slots.
      const budgetSeconds = lane.queue === syncQueueOf(provider, 'retry') ? 2 * syncBudget : syncBudget;
      const result = await syncCompany(telematics, companyId, provider, { leaseSeconds, budgetSeconds });
      // A live run holds this company's sync: ask again when it may be over (a waiting one absorbs this).
      if (result === 'busy') await boss.send(lane.queue, job.data, { singletonKey: `${provider}:${companyId}`, startAfter: Math.max(1, Math.round(leaseSeconds / 3)) });
      else if (result) log.info({ companyId, provider, ...result }, 'telematics sync finished');
      await boss.complete(lane.queue, job.id);
    } catch (err) {
      log.error({ err, queue: lane.queue, companyId, provider, attempt }, 'background job failed');
      const error = { message: (storable(err instanceof Error ? err.message : 'The sync failed.') as string).slice(0, 500) };
      if (attempt >= SYNC_RETRIES) return void (await boss.fail(lane.queue, job.id, error));
      // Tried again in the retry queue, created now: behind every sync queued before it.
      await sendSync({ companyId, provider, attempt: attempt + 1 }, 'retry', retryDelay * 2 ** attempt);
      await boss.complete(lane.queue, job.id, { retried: attempt + 1, error });
    }
  };
  const syncLanes: Lane[] = PROVIDERS.flatMap((provider) => [
    { queue: syncQueueOf(provider), group: provider, cap: slots },
    { queue: syncQueueOf(provider, 'retry'), group: provider, cap: Math.max(1, Math.floor(slots / 4)) },
  ]);
  const syncs = new LaneDispatcher<SyncJob>({
    boss,
    lanes: syncLanes,
    slots,
    // An idle instance looks at the sync queues no more often than the three sync workers it had before.
    idleMs: (pollingSeconds * 1000 * Math.max(3, syncLanes.length)) / 3,
    run: runSync,
    onError: (err, lane) => log.error({ err, queue: lane.queue }, 'sync queue error'),
  });
  syncs.start();
  wakeSyncs = () => syncs.notify();

  // Moves the syncs still waiting in the former single queue to their provider's queue.
  if (await boss.getQueue(SINGLE_SYNC_QUEUE)) {
    for (const job of await boss.fetch<SyncJob>(SINGLE_SYNC_QUEUE, { batchSize: 10_000 })) {
      if (PROVIDERS.includes(job.data.provider)) await sendSync({ companyId: job.data.companyId, provider: job.data.provider }, 'fresh');
    }
    await boss.deleteQueue(SINGLE_SYNC_QUEUE).catch(() => undefined);
  }
  // GLE is polled, not synced: its own queues (modules/telematics/gle-poll.ts), as many polls at once as syncs.
  await startGlePolling(boss, { telematics, log, pollingSeconds, schedule: opts.schedule ?? true, leaseSeconds, concurrency: slots });

  // A run whose lease ran out (its instance died, or it hangs) is queued again: a stalled sync recovers by itself.
  const sweep = async () => {
    for (const { companyId, provider } of await stalledSyncs(database.db)) await enqueueSync(companyId, provider as ProviderName);
  };
  const sweeper = setInterval(() => void sweep().catch((err: unknown) => log.error({ err }, 'stalled syncs could not be queued again')), (leaseSeconds * 1000) / 2);
  sweeper.unref();

  await work(SYNC_ALL_QUEUE, safely(log, SYNC_ALL_QUEUE, async () => {
    await send(BACKFILL_QUEUE, {}, { singletonKey: 'all' });
    // Which syncs are due is the telematics module's rule (switches, tokens): dueSyncs.
    for (const { companyId, provider } of await dueSyncs(telematics)) await enqueueSync(companyId, provider, true);
  }));
  // Batches of trips, several at once; while batches come back full the next is fetched at once, and an
  // empty queue is looked at every polling interval as before (docs/mileage-engine.md "Figures jobs").
  const keepFigures = async (job: PgBoss.Job<TripFiguresJob>) => {
    try {
      const result = await keepTripFigures(telematics, job.data.tripId);
      for (const [provider, state] of Object.entries(result?.tracks ?? {})) {
        if (state.error) log.warn({ tripId: job.data.tripId, provider, error: state.error }, 'trip track could not be fetched');
      }
    } catch (err) {
      // This trip alone fails (and is tried again by pg-boss); the rest of its batch completes.
      log.error({ err, queue: TRIP_FIGURES_QUEUE, tripId: job.data.tripId }, 'background job failed');
      await boss.fail(TRIP_FIGURES_QUEUE, job.id, { message: (storable(err instanceof Error ? err.message : 'The job failed.') as string).slice(0, 500) });
    }
  };
  const figuresWorker = await boss.work<TripFiguresJob>(
    TRIP_FIGURES_QUEUE,
    { ...polling, batchSize: FIGURES_BATCH },
    safely(log, TRIP_FIGURES_QUEUE, async (jobs: PgBoss.Job<TripFiguresJob>[]) => {
      let next = 0;
      const lane = async () => {
        while (next < jobs.length) await keepFigures(jobs[next++]!);
      };
      await Promise.all(Array.from({ length: Math.min(FIGURES_CONCURRENCY, jobs.length) }, lane));
      if (jobs.length === FIGURES_BATCH) boss.notifyWorker(figuresWorker);
    }),
  );
  lookForFigures = () => boss.notifyWorker(figuresWorker);
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
  // HERE retry: seconds, not a cron (HERE_RETRY_ESTIMATES_S may be under a minute), so a timer queues it.
  const hereRouting = opts.here ? routingServiceFor(opts.here, database.db, log) : null;
  let hereRetry: NodeJS.Timeout | undefined;
  if (opts.here && hereRouting?.hasHere) {
    await boss.createQueue(HERE_RETRY_QUEUE, { name: HERE_RETRY_QUEUE, policy: 'singleton', retryLimit: 0 });
    await boss.work(
      HERE_RETRY_QUEUE,
      polling,
      safely(log, HERE_RETRY_QUEUE, async () => {
        if ((await throttleState(database.db))?.blocked) return;
        const r = await recomputeEstimatedTrips(database.db, hereRouting);
        if (r.recomputed) log.info({ ...r }, 'estimated trips routed again by HERE');
      }),
    );
    hereRetry = setInterval(
      () => void boss.send(HERE_RETRY_QUEUE, {}, { singletonKey: 'all' }).catch((err: unknown) => log.warn({ err }, 'HERE retry could not be queued')),
      opts.here.HERE_RETRY_ESTIMATES_S * 1000,
    );
    hereRetry.unref();
  }
  const payRule = await startPayRuleJobs(boss, {
    db: database.db,
    log,
    retryDelay,
    send,
    work,
    signal: stopping.signal,
    safely: (queue, handler) => safely(log, queue, handler),
  });
  if (opts.schedule ?? true) await boss.schedule(SYNC_ALL_QUEUE, everyMinutes(opts.syncMinutes));
  await boss.schedule(CALIBRATION_QUEUE, CALIBRATION_CRON);
  if (await calibrationDue(database.db)) await send(CALIBRATION_QUEUE, {}, { singletonKey: 'all' });
  // The prune has no effect a test could trip over, so it is scheduled in tests too.
  await boss.schedule(PRUNE_RATE_LIMITS_QUEUE, PRUNE_RATE_LIMITS_CRON);
  await send(BACKFILL_QUEUE, {}, { singletonKey: 'all' });
  await send(PRUNE_RATE_LIMITS_QUEUE, {});

  return {
    enqueueSync: (companyId, provider) => enqueueSync(companyId, provider),
    enqueueTripFigures,
    enqueueReviewRefresh,
    enqueuePayRule: payRule.enqueue,
    async stop(timeoutMs = 10_000) {
      clearInterval(sweeper);
      clearInterval(hereRetry);
      stopping.abort();
      const started = Date.now();
      await syncs.stop(timeoutMs);
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(1, timeoutMs - (Date.now() - started)) });
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
