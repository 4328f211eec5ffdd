import type PgBoss from 'pg-boss';
import type { ProviderName } from '@milepost/contracts/providers';
import type { ModuleJobs } from '../../jobs/platform';
import { companiesBehindRule, recomputeRuleReviews, refreshProviderReviews } from './service';

/** The review rows of the companies running a provider, recomputed after the trip settings' switch of that provider changed. */
export const REVIEW_REFRESH_QUEUE = 'mileage-review-refresh';

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

export interface ReviewRefreshJob {
  provider: ProviderName;
}

export interface PayRuleJob {
  companyId: number;
  /** The rule version the save made (the job brings the rows to the version current when it runs). */
  version: number;
}

/** The review rows' recomputes: after a trip settings switch (per provider) and after a company's pay rule changed (with its sweep). */
export const mileageReviewJobs: ModuleJobs = {
  module: 'mileage-review',
  async start(ctx) {
    const { boss, log, retryDelay, send, work, safely } = ctx;
    const { db } = ctx.database;
    // short: per provider, at most one waiting — it reads the switches when it runs, so it covers every change queued before.
    await boss.createQueue(REVIEW_REFRESH_QUEUE, { name: REVIEW_REFRESH_QUEUE, policy: 'short', retryLimit: 2, retryDelay, retryBackoff: true });
    const enqueueReviewRefresh = async (provider: ProviderName) => {
      await send(REVIEW_REFRESH_QUEUE, { provider } satisfies ReviewRefreshJob, { singletonKey: provider });
    };
    await work<ReviewRefreshJob>(
      REVIEW_REFRESH_QUEUE,
      safely(REVIEW_REFRESH_QUEUE, async ([job]: PgBoss.Job<ReviewRefreshJob>[]) => {
        if (!job) return;
        const trips = await refreshProviderReviews(db, job.data.provider);
        log.info({ provider: job.data.provider, trips }, 'mileage review rows recomputed after a trip settings switch');
      }),
    );

    await boss.createQueue(PAY_RULE_QUEUE, { name: PAY_RULE_QUEUE, policy: 'short', retryLimit: 3, retryDelay, retryBackoff: true });
    await boss.createQueue(PAY_RULE_SWEEP_QUEUE, { name: PAY_RULE_SWEEP_QUEUE, policy: 'singleton', retryLimit: 0 });
    const enqueuePayRule = async (companyId: number, version: number) => {
      await send(PAY_RULE_QUEUE, { companyId, version } satisfies PayRuleJob, { singletonKey: `${companyId}` });
    };
    await work<PayRuleJob>(
      PAY_RULE_QUEUE,
      safely(PAY_RULE_QUEUE, async ([job]: PgBoss.Job<PayRuleJob>[]) => {
        if (!job) return;
        const trips = await recomputeRuleReviews(db, job.data.companyId, { signal: ctx.signal });
        log.info({ companyId: job.data.companyId, version: job.data.version, trips }, 'mileage review rows recomputed for the pay rule');
      }),
    );
    await work(
      PAY_RULE_SWEEP_QUEUE,
      safely(PAY_RULE_SWEEP_QUEUE, async () => {
        for (const { companyId, version } of await companiesBehindRule(db)) await enqueuePayRule(companyId, version);
      }),
    );
    await boss.schedule(PAY_RULE_SWEEP_QUEUE, PAY_RULE_SWEEP_CRON);
    await boss.send(PAY_RULE_SWEEP_QUEUE, {});
    return { enqueue: { enqueueReviewRefresh, enqueuePayRule } };
  },
};
