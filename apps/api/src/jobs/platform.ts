import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderName } from '@milepost/contracts/providers';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { TelematicsDeps } from '../modules/telematics';
import { storable } from '../platform/storable';

/**
 * The job platform (docs/decisions/014-background-jobs.md): pg-boss kept in PostgreSQL, the
 * `Jobs` the API enqueues through, the safe handler wrapper, and what a module's `jobs.ts` is
 * handed (`JobContext`) and answers (`ModuleJobs`). The modules' queues, handlers and schedules
 * live in their own jobs.ts; api-jobs.ts lists them; queue.ts starts and stops them.
 */

/** What the API enqueues through (buildApp receives it; main.ts starts it; buildApp never does). */
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
  /** Queues the recompute of a company's open Mileage Review rows for its pay rule's `version` (modules/mileage-review/jobs.ts). */
  enqueuePayRule(companyId: number, version: number): Promise<void>;
  /** Finishes the jobs in hand (within `timeoutMs`) and stops polling. */
  stop(timeoutMs?: number): Promise<void>;
}

export type JobLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface JobOptions {
  database: Database;
  telematics: TelematicsDeps;
  log: JobLog;
  /** Minutes between syncs of every company (TELEMATICS_SYNC_MINUTES). */
  syncMinutes: number;
  /**
   * How often an idle instance looks for due jobs, one statement for all its queues (IDLE_POLL_SECONDS;
   * jobs/due-watch.ts). A job this instance queues wakes its worker at once (with a delay: when it falls
   * due), a worker that finished a job looks again at once, and a look also comes when the earliest
   * delayed job it saw falls due; so this bounds only the wait for jobs queued by another instance,
   * and for retries and scheduled jobs created after the last look.
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

/** What a module's jobs are started with (queue.ts builds it once per process). */
export interface JobContext {
  boss: PgBoss;
  options: JobOptions;
  database: Database;
  telematics: TelematicsDeps;
  log: JobLog;
  /** `{ pollingIntervalSeconds }` for a boss.work of its own: the backstop poll (`work` is woken by the look for due jobs). */
  polling: { pollingIntervalSeconds: number };
  /** How often the instance looks for due jobs (IDLE_POLL_SECONDS). */
  pollingSeconds: number;
  /** Seconds before a failed job is tried again (pg-boss's retryDelay). */
  retryDelay: number;
  /** Whether the every-few-minutes schedules run (tests switch them off). */
  schedule: boolean;
  /** Aborted by stop(): long work ends after the item in hand, so a shutdown does not wait on a batch. */
  signal: AbortSignal;
  /** Sends a job; one sent without a delay wakes this instance's workers of that queue at once. */
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** A worker that looks again at once after each batch it finished, woken by the instance's look for due jobs; answers its id. */
  work<T extends object>(queue: string, handler: (jobs: PgBoss.Job<T>[]) => Promise<void>, options?: { batchSize?: number }): Promise<string>;
  /** Calls `wake` when the instance's look finds a job of one of `queues` due, or this instance queues one (a dispatcher of its own, jobs/lanes.ts). */
  watch(queues: string[], wake: () => void): void;
  /** `safely` with this process's logger. */
  safely<A extends unknown[]>(queue: string, handler: (...args: A) => Promise<void>): (...args: A) => Promise<void>;
}

/** What a module's started jobs give back: its part of `Jobs`, and how it stops. */
export interface StartedJobs {
  enqueue?: Partial<Omit<Jobs, 'stop'>>;
  /** Stops what the module runs besides pg-boss's workers (timers, its own dispatchers). */
  stop?(timeoutMs: number): Promise<void>;
}

/** One module's queues, handlers and schedules (its jobs.ts); api-jobs.ts lists them. */
export interface ModuleJobs {
  module: string;
  start(ctx: JobContext): Promise<StartedJobs | void>;
}

/**
 * A job handler that never lets an error escape as it came: the error is logged here and
 * pg-boss is handed a plain one whose text it can store (jsonb refuses \u0000; an error it
 * cannot store would be thrown where no one catches it and stop the process).
 */
export function safely<A extends unknown[]>(log: JobLog, queue: string, handler: (...args: A) => Promise<void>) {
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

/** An error's text as pg-boss may store it (a failed job's output). */
export function storableError(err: unknown, fallback = 'The job failed.'): { message: string } {
  return { message: (storable(err instanceof Error ? err.message : fallback) as string).slice(0, 500) };
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

/** How often an idle instance looks for due jobs, one statement for all its queues (docs/decisions/014-background-jobs.md, "At rest"). */
export const IDLE_POLL_SECONDS = 30;
/**
 * How often each worker still fetches from its queue by itself: a backstop only, since the look for
 * due jobs (jobs/due-watch.ts) wakes it as soon as its queue has one.
 */
export const WORKER_BACKSTOP_SECONDS = 15 * 60;
