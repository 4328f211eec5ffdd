import type PgBoss from 'pg-boss';
import { and, eq, isNotNull } from 'drizzle-orm';
import { LaneDispatcher } from '../../jobs/lanes';
import { companies } from '../../db/schema/reference';
import { companyProviders, integrationSyncStatus } from '../../db/schema/telematics';
import { prunePositions } from './positions';
import { DEFAULT_RETRY } from './provider';
import type { JobContext } from '../../jobs/platform';
import type { TelematicsDeps } from './registry';
import { tripSettingsSwitches } from './settings-providers';
import { SWITCH_OF } from './sources';
import { pollCompany } from './sync';

/**
 * GLE polling (docs/integrations/gle.md "Polling"): GLE has no history, so every company with GLE
 * on is polled every GLE_POLL_SECONDS and its vehicles' new positions are kept (positions.ts).
 *
 * - `gle-poll` (policy *short*, singleton key = company id: at most one poll waiting per company)
 *   polls one company and queues its next poll GLE_POLL_SECONDS after this one started. The run
 *   takes the company's GLE lease in `integration_sync_status` (sync.ts), so two instances never
 *   poll one company at once, nor poll it while its sync runs.
 * - `gle-poll-all` (every minute) queues a poll for each company with GLE on, at its due time: a
 *   company just switched on starts within a minute, and a chain lost with a dead instance
 *   starts again. A company switched off ends its chain at its next poll.
 * - `positions-prune` (hourly) drops positions outside every trip after POSITIONS_RETENTION_DAYS.
 */
export const GLE_POLL_QUEUE = 'gle-poll';
export const GLE_POLL_ALL_QUEUE = 'gle-poll-all';
export const GLE_POLL_ALL_CRON = '* * * * *';
export const POSITIONS_PRUNE_QUEUE = 'positions-prune';
/** Every hour, at minute 29. */
export const POSITIONS_PRUNE_CRON = '29 * * * *';

export interface GlePollJob {
  companyId: number;
  /**
   * When this poll was due (epoch ms). The next one is due GLE_POLL_SECONDS after it, not after
   * the moment this one started, so a poll that waited for a free slot does not push every later
   * poll of the company back: the cadence holds (docs/integrations/gle.md "Polling").
   */
  due?: number;
}

export interface GlePollOptions {
  telematics: TelematicsDeps;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** How often an idle worker looks for work. */
  pollingSeconds: number;
  /** Polls one instance runs at once (default 8). */
  concurrency?: number;
  /** Start the polling of every company (tests that poll by hand switch it off). */
  schedule?: boolean;
  /** Lease of a poll run (sync.ts DEFAULT_LEASE_SECONDS). */
  leaseSeconds?: number;
  /**
   * The instance's send, work and watch (jobs/queue.ts): its look for due jobs wakes the workers and
   * the polls' dispatcher, a poll queued with a delay is looked for when it falls due. Without them
   * (a test's own pg-boss) the workers poll every `pollingSeconds` (the poll queue every 5 s at most).
   */
  jobs?: Pick<JobContext, 'send' | 'work' | 'watch' | 'polling'>;
}

/** The companies GLE is on for (active, switched on with a token stored, and on in the TRIP settings), with their last run's start. */
export async function gleCompanies(deps: TelematicsDeps): Promise<{ companyId: number; lastStart: Date | null }[]> {
  const settings = await tripSettingsSwitches(deps.db);
  if (!settings[SWITCH_OF.GLE]) return [];
  const cp = companyProviders;
  const st = integrationSyncStatus;
  return deps.db
    .select({ companyId: companies.id, lastStart: st.startedAt })
    .from(companies)
    .innerJoin(cp, and(eq(cp.companyId, companies.id), eq(cp.provider, 'GLE'), eq(cp.enabled, true), isNotNull(cp.tokenEncrypted)))
    .leftJoin(st, and(eq(st.companyId, companies.id), eq(st.provider, 'GLE')))
    .where(eq(companies.active, true));
}

/**
 * Creates GLE's queues and workers on `boss` and schedules the polling and the retention job
 * (modules/telematics/jobs.ts). `stop` ends the polls' dispatcher (waiting up to `timeoutMs` for
 * the polls in hand).
 */
export async function startGlePolling(boss: PgBoss, opts: GlePollOptions): Promise<{ stop(timeoutMs: number): Promise<void> }> {
  const { telematics, log } = opts;
  const pollSeconds = telematics.config.GLE_POLL_SECONDS ?? 60;
  const retentionDays = telematics.config.POSITIONS_RETENTION_DAYS ?? 30;
  // A poll does not wait long: the next one comes within GLE_POLL_SECONDS anyway.
  const retry = telematics.retry ?? DEFAULT_RETRY;
  const pollDeps: TelematicsDeps = {
    ...telematics,
    retry: { ...retry, attempts: Math.min(retry.attempts, 2), maxRetryAfterMs: Math.min(retry.maxRetryAfterMs, pollSeconds * 1000) },
  };
  const send = opts.jobs?.send ?? ((queue: string, data: object, options?: PgBoss.SendOptions) => boss.send(queue, data, options ?? {}));
  const work =
    opts.jobs?.work ??
    (async <T extends object>(queue: string, handler: (jobs: PgBoss.Job<T>[]) => Promise<void>, options: { batchSize?: number } = {}) => {
      // Due polls looked for every few seconds at most, and at once after a full batch, so a fleet's polls keep their interval.
      const id: string = await boss.work<T>(queue, { pollingIntervalSeconds: Math.min(opts.pollingSeconds, options.batchSize ? 5 : Infinity), ...options }, async (jobs) => {
        await handler(jobs);
        if (options.batchSize && jobs.length === options.batchSize) boss.notifyWorker(id);
      });
      return id;
    });

  await boss.createQueue(GLE_POLL_QUEUE, { name: GLE_POLL_QUEUE, policy: 'short', retryLimit: 0, expireInSeconds: 10 * 60 });
  await boss.createQueue(GLE_POLL_ALL_QUEUE, { name: GLE_POLL_ALL_QUEUE, policy: 'singleton', retryLimit: 0 });
  await boss.createQueue(POSITIONS_PRUNE_QUEUE, { name: POSITIONS_PRUNE_QUEUE, policy: 'singleton', retryLimit: 0 });

  // A poll queued with its due time: the instance's look for due jobs wakes the dispatcher then.
  const queuePoll = (companyId: number, at = Date.now()) =>
    send(GLE_POLL_QUEUE, { companyId, due: at } satisfies GlePollJob, { singletonKey: String(companyId), ...(at > Date.now() ? { startAfter: new Date(at) } : {}) });

  const poll = async (job: PgBoss.Job<GlePollJob>) => {
    const { companyId } = job.data;
    const started = Date.now();
    try {
      // A failure is in the company's status (FAILED, with what GLE answered); the next poll tries again.
      if ((await pollCompany(pollDeps, companyId, 'GLE', { leaseSeconds: opts.leaseSeconds })) === 'off') return;
    } catch (err) {
      log.warn({ err, companyId }, 'GLE poll failed');
    }
    // Due one interval after this one was due; a poll more than an interval late (an instance was down) starts the cadence anew.
    const next = (job.data.due ?? started) + pollSeconds * 1000;
    try {
      await queuePoll(companyId, next > Date.now() ? next : started + pollSeconds * 1000);
    } catch (err) {
      log.error({ err, companyId }, 'next GLE poll could not be queued; the every-minute round will');
    }
  };
  // Up to `concurrency` polls at once, each slot refilled as soon as its poll ends (not a batch
  // waiting for its slowest poll); at most one poll per company (the queue keeps one waiting per
  // key, the lease one running). The instance's look for due jobs wakes the dispatcher when a poll
  // falls due (docs/decisions/014-background-jobs.md "At rest"); its own look is a backstop, or
  // every few seconds at most without the instance's (a test's own pg-boss).
  const slots = opts.concurrency ?? 8;
  const dispatcher = new LaneDispatcher<GlePollJob>({
    boss,
    lanes: [{ queue: GLE_POLL_QUEUE, group: 'GLE', cap: slots }],
    slots,
    idleMs: (opts.jobs ? opts.jobs.polling.pollingIntervalSeconds : Math.min(opts.pollingSeconds, 5)) * 1000,
    run: async (_lane, job) => {
      await poll(job);
      await boss.complete(GLE_POLL_QUEUE, job.id);
    },
    onError: (err) => log.error({ err, queue: GLE_POLL_QUEUE }, 'GLE poll queue error'),
  });
  dispatcher.start();
  opts.jobs?.watch([GLE_POLL_QUEUE], () => dispatcher.notify());

  await work(GLE_POLL_ALL_QUEUE, async () => {
    try {
      for (const c of await gleCompanies(telematics)) await queuePoll(c.companyId, c.lastStart ? Math.max(Date.now(), c.lastStart.getTime() + pollSeconds * 1000) : undefined);
    } catch (err) {
      log.error({ err }, 'GLE polls could not be queued');
    }
  });
  await work(POSITIONS_PRUNE_QUEUE, async () => {
    try {
      const n = await prunePositions(telematics.db, retentionDays);
      if (n) log.info({ positions: n, retentionDays }, 'positions outside every trip dropped');
    } catch (err) {
      log.error({ err }, 'positions could not be pruned');
    }
  });

  if (opts.schedule ?? true) {
    await boss.schedule(GLE_POLL_ALL_QUEUE, GLE_POLL_ALL_CRON);
    await send(GLE_POLL_ALL_QUEUE, {});
  }
  await boss.schedule(POSITIONS_PRUNE_QUEUE, POSITIONS_PRUNE_CRON);
  await send(POSITIONS_PRUNE_QUEUE, {});
  return { stop: (timeoutMs) => dispatcher.stop(timeoutMs) };
}
