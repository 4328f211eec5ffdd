import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { companiesBehindRule, recomputeRuleReviews } from '../modules/mileage-review';

/**
 * The recompute of a company's open Mileage Review rows after its pay rule changed
 * (docs/mileage-review.md "Pay rule"): queued by the rule's save with the rule's version, one
 * waiting per company (policy `short`; it recomputes up to the version current when it runs, so
 * it covers every save queued before). Each batch of rows is its own transaction, so a process
 * killed mid-way leaves the rest behind the rule, where the sweep finds them.
 */
export const PAY_RULE_QUEUE = 'pay-rule-recompute';
/** At start and every minute: queues the recompute of every company whose open rows are behind its rule (a killed or lost recompute). */
export const PAY_RULE_SWEEP_QUEUE = 'pay-rule-sweep';
export const PAY_RULE_SWEEP_CRON = '* * * * *';

export interface PayRuleJob {
  companyId: number;
  /** The rule version the save made (the job brings the rows to the version current when it runs). */
  version: number;
}

export async function startPayRuleJobs(
  boss: PgBoss,
  opts: {
    db: Db;
    log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
    retryDelay: number;
    /** Aborted at shutdown: the recompute stops after the batch in hand. */
    signal: AbortSignal;
    /** queue.ts's send and work: a job queued here wakes this instance's worker at once. */
    send: (queue: string, data: object, options?: PgBoss.SendOptions) => Promise<unknown>;
    work: <T extends object>(queue: string, handler: (jobs: PgBoss.Job<T>[]) => Promise<void>) => Promise<void>;
    /** The queue's error wrapper (queue.ts `safely`). */
    safely: <A extends unknown[]>(queue: string, handler: (...args: A) => Promise<void>) => (...args: A) => Promise<void>;
  },
) {
  const { db, log, safely, send, work } = opts;
  await boss.createQueue(PAY_RULE_QUEUE, { name: PAY_RULE_QUEUE, policy: 'short', retryLimit: 3, retryDelay: opts.retryDelay, retryBackoff: true });
  await boss.createQueue(PAY_RULE_SWEEP_QUEUE, { name: PAY_RULE_SWEEP_QUEUE, policy: 'singleton', retryLimit: 0 });
  const enqueue = async (companyId: number, version: number) => {
    await send(PAY_RULE_QUEUE, { companyId, version } satisfies PayRuleJob, { singletonKey: `${companyId}` });
  };
  await work<PayRuleJob>(
    PAY_RULE_QUEUE,
    safely(PAY_RULE_QUEUE, async ([job]: PgBoss.Job<PayRuleJob>[]) => {
      if (!job) return;
      const trips = await recomputeRuleReviews(db, job.data.companyId, { signal: opts.signal });
      log.info({ companyId: job.data.companyId, version: job.data.version, trips }, 'mileage review rows recomputed for the pay rule');
    }),
  );
  await work(
    PAY_RULE_SWEEP_QUEUE,
    safely(PAY_RULE_SWEEP_QUEUE, async () => {
      for (const { companyId, version } of await companiesBehindRule(db)) await enqueue(companyId, version);
    }),
  );
  await boss.schedule(PAY_RULE_SWEEP_QUEUE, PAY_RULE_SWEEP_CRON);
  await boss.send(PAY_RULE_SWEEP_QUEUE, {});
  return { enqueue };
}
