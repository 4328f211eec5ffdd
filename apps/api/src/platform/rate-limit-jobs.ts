import type { ModuleJobs } from '../jobs/platform';
import { pruneRateLimits } from './rate-limit';

/** Deletes the sign-in rate-limit counters whose window ended over an hour ago (docs/decisions/014-background-jobs.md). */
export const PRUNE_RATE_LIMITS_QUEUE = 'rate-limit-prune';
/** Every hour, at minute 17. */
export const PRUNE_RATE_LIMITS_CRON = '17 * * * *';

/** The platform's one job: the rate-limit counters' prune, hourly and at start. */
export const rateLimitJobs: ModuleJobs = {
  module: 'platform/rate-limit',
  async start(ctx) {
    const { boss, database } = ctx;
    await boss.createQueue(PRUNE_RATE_LIMITS_QUEUE, { name: PRUNE_RATE_LIMITS_QUEUE, policy: 'singleton', retryLimit: 0 });
    await ctx.work(
      PRUNE_RATE_LIMITS_QUEUE,
      ctx.safely(PRUNE_RATE_LIMITS_QUEUE, async () => {
        await pruneRateLimits(database.db);
      }),
    );
    // The prune has no effect a test could trip over, so it is scheduled in tests too.
    await boss.schedule(PRUNE_RATE_LIMITS_QUEUE, PRUNE_RATE_LIMITS_CRON);
    await ctx.send(PRUNE_RATE_LIMITS_QUEUE, {});
  },
};
