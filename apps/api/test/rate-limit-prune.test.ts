import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRUNE_RATE_LIMITS_CRON, PRUNE_RATE_LIMITS_QUEUE } from '../src/platform/rate-limit-jobs';
import { createTestContext, testJobs, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const keys = async () => ((await ctx.db.execute(sql`select key from rate_limit_hits order by key`)) as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);

describe('rate-limit counters are pruned by the background jobs', () => {
  it('at start and every hour: counters whose window ended over an hour ago go, the others stay', async () => {
    await ctx.db.execute(sql`
      insert into rate_limit_hits (key, count, reset_at) values
        ('ended-2h-ago', 5, now() - interval '2 hours'),
        ('ended-10min-ago', 3, now() - interval '10 minutes'),
        ('running', 1, now() + interval '5 minutes')`);
    const jobs = await testJobs(ctx.database, ctx.config, ctx.secretKey);
    try {
      await expect.poll(keys, { timeout: 20_000, interval: 250 }).toEqual(['ended-10min-ago', 'running']);
      const schedules = (await ctx.db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as { rows: { name: string; cron: string }[] };
      expect(schedules.rows).toContainEqual({ name: PRUNE_RATE_LIMITS_QUEUE, cron: PRUNE_RATE_LIMITS_CRON });
    } finally {
      await jobs.stop(2_000);
    }
  });
});
