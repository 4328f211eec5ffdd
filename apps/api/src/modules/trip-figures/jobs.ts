import type PgBoss from 'pg-boss';
import { storableError, type ModuleJobs } from '../../jobs/platform';
import { backfillReviews, recomputeOldFlagReviews } from '../mileage-review';
import { backfillStateMiles, type RulesCursor } from '../state-miles';
import { routingServiceFor, throttleState } from '../routing';
import { loadStoredTrack } from '../telematics';
import { backfillMileStats, keepTripFigures } from './keep';
import { recomputeEstimatedTrips } from './route';

export const TRIP_FIGURES_QUEUE = 'trip-figures';
export const BACKFILL_QUEUE = 'mile-stats-backfill';
/** Trip-figures jobs fetched at once; a batch is followed by the next fetch at once. */
const FIGURES_BATCH = 25;
/** Trip-figures jobs of a batch worked at once (each waits on the database or a provider most of its time). */
const FIGURES_CONCURRENCY = 5;

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
  /** A continuation while review rows of an older flags version remain (a full batch was recomputed). */
  reviewFlags?: true;
}

/** Review rows of an older flags version recomputed a run (docs/mileage-review.md "Rows of an older flags version"). */
const REVIEW_FLAGS_BATCH = 2000;

/** Queues the figures backfill (the scheduled sync of every company does, api-jobs.ts); one waiting at most. */
export const sendBackfill = (send: (queue: string, data: object, options?: PgBoss.SendOptions) => Promise<unknown>) => send(BACKFILL_QUEUE, {}, { singletonKey: 'all' });

/** A trip's figures kept after a save or a refresh (one waiting per trip), and the backfill of figures, review rows and state miles. */
export const tripFiguresJobs: ModuleJobs = {
  module: 'trip-figures',
  async start(ctx) {
    const { boss, log, retryDelay, telematics, database, options: opts } = ctx;
    await boss.createQueue(BACKFILL_QUEUE, { name: BACKFILL_QUEUE, policy: 'stately', retryLimit: 2 });
    // short: per trip, at most one waiting. Not stately: pg-boss's stately fetch fails for every trip
    // while one trip has a job both running and waiting (docs/decisions/014-background-jobs.md);
    // the same trip's figures computed twice at once come out the same.
    await boss.createQueue(TRIP_FIGURES_QUEUE, { name: TRIP_FIGURES_QUEUE, policy: 'short', retryLimit: 2, retryDelay, retryBackoff: true });

    // A trip queued on this instance is looked at at once (ctx.send wakes the worker).
    const enqueueTripFigures = async (tripId: number) => {
      await ctx.send(TRIP_FIGURES_QUEUE, { tripId } satisfies TripFiguresJob, { singletonKey: `${tripId}` });
    };
    // Batches of trips, several at once; after each batch the next is fetched at once, and an empty
    // queue waits for the instance's look for due jobs (docs/mileage-engine.md "Figures jobs").
    const keepFigures = async (job: PgBoss.Job<TripFiguresJob>) => {
      try {
        const result = await keepTripFigures(telematics, job.data.tripId);
        for (const [provider, state] of Object.entries(result?.tracks ?? {})) {
          if (state.error) log.warn({ tripId: job.data.tripId, provider, error: state.error }, 'trip track could not be fetched');
        }
      } catch (err) {
        // This trip alone fails (and is tried again by pg-boss); the rest of its batch completes.
        log.error({ err, queue: TRIP_FIGURES_QUEUE, tripId: job.data.tripId }, 'background job failed');
        await boss.fail(TRIP_FIGURES_QUEUE, job.id, storableError(err));
      }
    };
    await ctx.work<TripFiguresJob>(
      TRIP_FIGURES_QUEUE,
      ctx.safely(TRIP_FIGURES_QUEUE, async (jobs: PgBoss.Job<TripFiguresJob>[]) => {
        let next = 0;
        const lane = async () => {
          while (next < jobs.length) await keepFigures(jobs[next++]!);
        };
        await Promise.all(Array.from({ length: Math.min(FIGURES_CONCURRENCY, jobs.length) }, lane));
      }),
      { batchSize: FIGURES_BATCH },
    );
    // Mile stats of completed trips with stored tracks and no kept figures (the demo's, after a sync).
    await ctx.work<BackfillJob>(
      BACKFILL_QUEUE,
      ctx.safely(BACKFILL_QUEUE, async ([job]: PgBoss.Job<BackfillJob>[]) => {
        const stateMilesContinued = job?.data?.stateMilesAfter !== undefined;
        const continued = stateMilesContinued || job?.data?.reviewFlags === true;
        if (!continued) {
          const n = await backfillMileStats(telematics, 2000, (tripId, err) => log.warn({ tripId, err }, 'mile stats could not be computed'), ctx.signal);
          if (n) log.info({ trips: n }, 'mile stats computed');
          // Completed trips stored before the Mileage Review existed get their review rows (docs/mileage-review.md).
          const reviewed = await backfillReviews(database.db, 2000, ctx.signal);
          if (reviewed) log.info({ trips: reviewed }, 'mileage review rows computed');
        }
        // Review rows written before their flags carried params (docs/mileage-review.md "Rows of an older flags version"):
        // a batch a run, 100 a transaction; while a batch was full the job queues its continuation.
        let reviewFlagsMore = false;
        if (!continued || job?.data?.reviewFlags) {
          const rewritten = await recomputeOldFlagReviews(database.db, REVIEW_FLAGS_BATCH, ctx.signal);
          if (rewritten) log.info({ trips: rewritten }, 'mileage review rows of an older flags version recomputed');
          reviewFlagsMore = rewritten === REVIEW_FLAGS_BATCH;
        }
        // State miles of trips without any, and splits of older jurisdiction rules (docs/state-miles.md "When the rules change"):
        // one batch a run, each trip its own transaction; while a batch was full the job queues its continuation.
        let stateMilesAfter: RulesCursor | null | undefined;
        if (!continued || stateMilesContinued) {
          const states = await backfillStateMiles(database.db, loadStoredTrack, {
            limit: opts.stateMilesBatch,
            after: job?.data?.stateMilesAfter ?? null,
            onError: (tripId, err) => log.warn({ tripId, err }, 'state miles could not be computed again'),
            signal: ctx.signal,
          });
          if (states.computed || states.recomputed) log.info({ trips: states.computed, recomputed: states.recomputed }, 'state miles computed');
          if (states.more) stateMilesAfter = states.after;
        }
        // One continuation carries both (one waiting at most: a second send would be dropped).
        if (stateMilesAfter !== undefined || reviewFlagsMore) {
          const next: BackfillJob = { ...(stateMilesAfter !== undefined ? { stateMilesAfter } : {}), ...(reviewFlagsMore ? { reviewFlags: true as const } : {}) };
          await ctx.send(BACKFILL_QUEUE, next, { singletonKey: 'all' });
        }
      }),
    );
    await sendBackfill(ctx.send);
    return { enqueue: { enqueueTripFigures } };
  },
};

/**
 * Trips estimated while HERE could not answer (any reason but NO_KEY) routed again once it
 * answers (docs/routing.md#throttles): queued every HERE_RETRY_ESTIMATES_S by every instance,
 * at most one waiting or running (singleton).
 */
export const HERE_RETRY_QUEUE = 'here-retry-estimates';

/** The HERE retry of estimated trips, when this server has HERE. */
export const hereRetryJobs: ModuleJobs = {
  module: 'trip-figures',
  async start(ctx) {
    const { boss, log, database, options: opts } = ctx;
    // HERE retry: seconds, not a cron (HERE_RETRY_ESTIMATES_S may be under a minute), so a timer queues it.
    const hereRouting = opts.here ? routingServiceFor(opts.here, database.db, log) : null;
    if (!opts.here || !hereRouting?.hasHere) return;
    await boss.createQueue(HERE_RETRY_QUEUE, { name: HERE_RETRY_QUEUE, policy: 'singleton', retryLimit: 0 });
    await ctx.work(
      HERE_RETRY_QUEUE,
      ctx.safely(HERE_RETRY_QUEUE, async () => {
        if ((await throttleState(database.db))?.blocked) return;
        const r = await recomputeEstimatedTrips(database.db, hereRouting);
        if (r.recomputed) log.info({ ...r }, 'estimated trips routed again by HERE');
      }),
    );
    const hereRetry = setInterval(
      () => void ctx.send(HERE_RETRY_QUEUE, {}, { singletonKey: 'all' }).catch((err: unknown) => log.warn({ err }, 'HERE retry could not be queued')),
      opts.here.HERE_RETRY_ESTIMATES_S * 1000,
    );
    hereRetry.unref();
    return {
      async stop() {
        clearInterval(hereRetry);
      },
    };
  },
};
