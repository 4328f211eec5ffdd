import type PgBoss from 'pg-boss';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationSyncStatus } from '../../db/schema/telematics';
import { LaneDispatcher, type Lane } from '../../jobs/lanes';
import { everyMinutes, storableError, type JobContext, type ModuleJobs } from '../../jobs/platform';
import { startGlePolling } from './gle-poll';
import { PROVIDERS, type ProviderName } from './providers';
import type { TelematicsDeps } from './registry';
import { DEFAULT_LEASE_SECONDS, DEFAULT_SYNC_BUDGET_SECONDS, dueSyncs, leaseExpired, markQueued, syncCompany } from './sync';

/**
 * Each provider's syncs have a queue of their own (from the provider registry, so a new provider
 * gets its queues with nothing else to change), plus a retry queue: a run that failed, and the
 * scheduled syncs of companies whose last run failed, wait there behind nothing but each other,
 * on a few slots (jobs/lanes.ts). At most one sync waits per company and provider in each (policy
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
export const SYNC_ALL_QUEUE = 'telematics-sync-all';

export interface SyncJob {
  companyId: number;
  provider: ProviderName;
  /** Retries so far (0: a fresh sync). */
  attempt?: number;
}

/** Runs shown RUNNING whose lease ran out. */
export function stalledSyncs(db: Db) {
  return db
    .select({ companyId: integrationSyncStatus.companyId, provider: integrationSyncStatus.provider })
    .from(integrationSyncStatus)
    .where(and(eq(integrationSyncStatus.state, 'RUNNING'), leaseExpired as SQL));
}

export interface TelematicsJobsOptions {
  /** A track the sync stored moves the trip's figures (api-jobs.ts passes modules/trip-figures' keeping). */
  trackStored(telematics: TelematicsDeps, tripId: number): Promise<void>;
  /** Run by every scheduled sync of all companies before it queues their syncs (api-jobs.ts: the figures backfill). */
  beforeSyncAll(ctx: JobContext): Promise<void>;
}

/** The syncs (per provider, fresh and retry lanes), the scheduled sync of every company, the stalled-run sweep and GLE's polling. */
export function telematicsJobs(hooks: TelematicsJobsOptions): ModuleJobs {
  return {
    module: 'telematics',
    async start(ctx) {
      const { boss, database, log, options: opts, retryDelay } = ctx;
      const telematics: TelematicsDeps = { ...ctx.telematics, trackStored: (tripId) => hooks.trackStored(ctx.telematics, tripId) };
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

      // ctx.send wakes the sync lanes' dispatcher (watching every sync queue): a sync queued on this instance is looked at at once.
      const sendSync = async (data: SyncJob, lane: 'fresh' | 'retry', startAfter?: number) => {
        await ctx.send(syncQueueOf(data.provider, lane), data, { singletonKey: `${data.provider}:${data.companyId}`, ...(startAfter ? { startAfter } : {}) });
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
      const syncBudget = opts.syncBudgetSeconds ?? DEFAULT_SYNC_BUDGET_SECONDS;
      const slots = opts.syncConcurrency ?? 8;
      const runSync = async (lane: Lane, job: PgBoss.Job<SyncJob>) => {
        const { companyId, provider, attempt = 0 } = job.data;
        try {
          // A retry (or a company whose last run failed) may take twice the budget: it holds only the retry queue's slots.
          const budgetSeconds = lane.queue === syncQueueOf(provider, 'retry') ? 2 * syncBudget : syncBudget;
          const result = await syncCompany(telematics, companyId, provider, { leaseSeconds, budgetSeconds });
          // A live run holds this company's sync: ask again when it may be over (a waiting one absorbs this).
          if (result === 'busy') await ctx.send(lane.queue, job.data, { singletonKey: `${provider}:${companyId}`, startAfter: Math.max(1, Math.round(leaseSeconds / 3)) });
          else if (result) log.info({ companyId, provider, ...result }, 'telematics sync finished');
          await boss.complete(lane.queue, job.id);
        } catch (err) {
          log.error({ err, queue: lane.queue, companyId, provider, attempt }, 'background job failed');
          const error = storableError(err, 'The sync failed.');
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
        // At rest it waits for the instance's look for due jobs (ctx.watch below); its own look is a backstop.
        idleMs: ctx.polling.pollingIntervalSeconds * 1000,
        run: runSync,
        onError: (err, lane) => log.error({ err, queue: lane.queue }, 'sync queue error'),
      });
      syncs.start();
      ctx.watch(
        syncLanes.map((l) => l.queue),
        () => syncs.notify(),
      );

      // Moves the syncs still waiting in the former single queue to their provider's queue.
      if (await boss.getQueue(SINGLE_SYNC_QUEUE)) {
        for (const job of await boss.fetch<SyncJob>(SINGLE_SYNC_QUEUE, { batchSize: 10_000 })) {
          if (PROVIDERS.includes(job.data.provider)) await sendSync({ companyId: job.data.companyId, provider: job.data.provider }, 'fresh');
        }
        await boss.deleteQueue(SINGLE_SYNC_QUEUE).catch(() => undefined);
      }
      // GLE is polled, not synced: its own queues (gle-poll.ts), as many polls at once as syncs.
      const polls = await startGlePolling(boss, { telematics, log, pollingSeconds: ctx.pollingSeconds, schedule: ctx.schedule, leaseSeconds, concurrency: slots, jobs: ctx });

      // A run whose lease ran out (its instance died, or it hangs) is queued again: a stalled sync recovers by itself.
      const sweep = async () => {
        for (const { companyId, provider } of await stalledSyncs(database.db)) await enqueueSync(companyId, provider as ProviderName);
      };
      const sweeper = setInterval(() => void sweep().catch((err: unknown) => log.error({ err }, 'stalled syncs could not be queued again')), (leaseSeconds * 1000) / 2);
      sweeper.unref();

      await ctx.work(
        SYNC_ALL_QUEUE,
        ctx.safely(SYNC_ALL_QUEUE, async () => {
          await hooks.beforeSyncAll(ctx);
          // Which syncs are due is this module's rule (switches, tokens): dueSyncs.
          for (const { companyId, provider } of await dueSyncs(telematics)) await enqueueSync(companyId, provider, true);
        }),
      );
      if (ctx.schedule) await boss.schedule(SYNC_ALL_QUEUE, everyMinutes(opts.syncMinutes));

      return {
        enqueue: { enqueueSync: (companyId, provider) => enqueueSync(companyId, provider) },
        async stop(timeoutMs) {
          clearInterval(sweeper);
          await Promise.all([syncs.stop(timeoutMs), polls.stop(timeoutMs)]);
        },
      };
    },
  };
}
