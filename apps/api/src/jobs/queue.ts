import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, globalSettings } from '../db/schema/reference';
import { backfillMileStats, keepTripFigures } from '../modules/telematics/figures';
import type { ProviderName } from '../modules/telematics/provider';
import { providerFor, type TelematicsDeps } from '../modules/telematics/registry';
import { sourcesOn } from '../modules/telematics/sources';
import { pruneRateLimits } from '../platform/rate-limit';
import { markQueued, syncCompany } from '../modules/telematics/sync';

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
  /** Finishes the jobs in hand (within `timeoutMs`) and stops polling. */
  stop(timeoutMs?: number): Promise<void>;
}

export const SYNC_QUEUE = 'telematics-sync';
export const SYNC_ALL_QUEUE = 'telematics-sync-all';
export const BACKFILL_QUEUE = 'mile-stats-backfill';
export const TRIP_FIGURES_QUEUE = 'trip-figures';
/** Deletes the sign-in rate-limit counters whose window ended over an hour ago (docs/decisions/014-background-jobs.md). */
export const PRUNE_RATE_LIMITS_QUEUE = 'rate-limit-prune';
/** Every hour, at minute 17. */
export const PRUNE_RATE_LIMITS_CRON = '17 * * * *';

export interface TripFiguresJob {
  tripId: number;
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
  /** How often an idle worker looks for work (pg-boss allows 0.5 s and more). */
  pollingSeconds?: number;
  /** Seconds before a failed sync is tried again (doubling each time). */
  retryDelaySeconds?: number;
  /** Schedule the periodic sync of every company (tests switch it off, so only their own syncs run). */
  schedule?: boolean;
}

/**
 * What the scheduled sync queues: each active company's providers that are switched on and usable
 * (the trip settings' switch, a stored token, GLE configured). A provider without a token is left
 * alone — the demo's companies have none (their GPS history is stored demo data), so an offline
 * demo never calls Samsara or GLE and shows no failed runs (docs/integrations/telematics.md#demo-data).
 */
export async function scheduledSyncs(telematics: TelematicsDeps): Promise<SyncJob[]> {
  const [rows, [settings]] = await Promise.all([
    telematics.db
      .select({ id: companies.id, samsaraEnabled: companies.samsaraEnabled, gleEnabled: companies.gleEnabled })
      .from(companies)
      .where(and(eq(companies.active, true), or(eq(companies.samsaraEnabled, true), eq(companies.gleEnabled, true)))),
    telematics.db.select({ samsaraEnabled: globalSettings.samsaraEnabled, gleEnabled: globalSettings.gleEnabled }).from(globalSettings).where(eq(globalSettings.type, 'TRIP')),
  ]);
  const due: SyncJob[] = [];
  for (const c of rows) {
    for (const provider of sourcesOn(c, settings)) {
      if ((await providerFor(telematics, c.id, provider)).enabled) due.push({ companyId: c.id, provider });
    }
  }
  return due;
}

/** A cron expression for "every n minutes". */
export function everyMinutes(n: number): string {
  if (n < 60) return `*/${n} * * * *`;
  const hours = Math.max(1, Math.round(n / 60));
  return hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

export async function startJobs(opts: JobOptions): Promise<Jobs> {
  const { database, telematics, log } = opts;
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) as Promise<{ rows: never[] }> },
    schema: 'pgboss',
    // A run that outlives this (an instance died mid-run) is failed and tried again.
    expireInSeconds: 30 * 60,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const retryDelay = opts.retryDelaySeconds ?? 30;
  // stately: per company and provider, at most one sync waiting and one running, across instances.
  await boss.createQueue(SYNC_QUEUE, { name: SYNC_QUEUE, policy: 'stately', retryLimit: 5, retryDelay, retryBackoff: true, expireInSeconds: 30 * 60 });
  await boss.createQueue(SYNC_ALL_QUEUE, { name: SYNC_ALL_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.createQueue(BACKFILL_QUEUE, { name: BACKFILL_QUEUE, policy: 'stately', retryLimit: 2 });
  // stately: per trip, at most one waiting and one running.
  await boss.createQueue(TRIP_FIGURES_QUEUE, { name: TRIP_FIGURES_QUEUE, policy: 'stately', retryLimit: 2, retryDelay, retryBackoff: true });
  await boss.createQueue(PRUNE_RATE_LIMITS_QUEUE, { name: PRUNE_RATE_LIMITS_QUEUE, policy: 'singleton', retryLimit: 0 });

  const enqueueSync = async (companyId: number, provider: ProviderName) => {
    await markQueued(database.db, companyId, provider);
    await boss.send(SYNC_QUEUE, { companyId, provider } satisfies SyncJob, { singletonKey: `${provider}:${companyId}` });
  };

  const enqueueTripFigures = async (tripId: number) => {
    await boss.send(TRIP_FIGURES_QUEUE, { tripId } satisfies TripFiguresJob, { singletonKey: `${tripId}` });
  };

  const polling = { pollingIntervalSeconds: opts.pollingSeconds ?? 2 };
  await boss.work<SyncJob>(SYNC_QUEUE, polling, async ([job]) => {
    if (!job) return;
    const { companyId, provider } = job.data;
    const result = await syncCompany(telematics, companyId, provider);
    if (result) log.info({ companyId, provider, ...result }, 'telematics sync finished');
  });
  await boss.work(SYNC_ALL_QUEUE, polling, async () => {
    await boss.send(BACKFILL_QUEUE, {}, { singletonKey: 'all' });
    for (const { companyId, provider } of await scheduledSyncs(telematics)) await enqueueSync(companyId, provider);
  });
  await boss.work<TripFiguresJob>(TRIP_FIGURES_QUEUE, polling, async ([job]) => {
    if (!job) return;
    const result = await keepTripFigures(telematics, job.data.tripId);
    for (const [provider, state] of Object.entries(result?.tracks ?? {})) {
      if (state.error) log.warn({ tripId: job.data.tripId, provider, error: state.error }, 'trip track could not be fetched');
    }
  });
  // Mile stats of completed trips with stored tracks and no kept figures (the demo's, after a sync).
  await boss.work(BACKFILL_QUEUE, polling, async () => {
    const n = await backfillMileStats(telematics, 2000, (tripId, err) => log.warn({ tripId, err }, 'mile stats could not be computed'));
    if (n) log.info({ trips: n }, 'mile stats computed');
  });
  await boss.work(PRUNE_RATE_LIMITS_QUEUE, polling, async () => {
    await pruneRateLimits(database.db);
  });
  if (opts.schedule ?? true) await boss.schedule(SYNC_ALL_QUEUE, everyMinutes(opts.syncMinutes));
  // The prune has no effect a test could trip over, so it is scheduled in tests too.
  await boss.schedule(PRUNE_RATE_LIMITS_QUEUE, PRUNE_RATE_LIMITS_CRON);
  await boss.send(BACKFILL_QUEUE, {}, { singletonKey: 'all' });
  await boss.send(PRUNE_RATE_LIMITS_QUEUE, {});

  return {
    enqueueSync,
    enqueueTripFigures,
    async stop(timeoutMs = 10_000) {
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
    async stop(timeoutMs) {
      if (started) await (await started.catch(() => null))?.stop(timeoutMs);
    },
  };
}
