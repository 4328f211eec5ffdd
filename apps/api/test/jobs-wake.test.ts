import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { TRIP_FIGURES_QUEUE } from '../src/modules/trip-figures/jobs';
import { createTestContext, testJobs, type TestContext } from './harness';

/**
 * Idle workers poll rarely (IDLE_POLL_SECONDS, docs/decisions/014-background-jobs.md "At rest"),
 * so a queued job must not wait for the poll: the instance that queues it wakes its worker, and a
 * worker that finished a job looks again at once. These workers poll once an hour: every job
 * below finishing within the test's patience shows the wake-up, not the poll.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const states = async () =>
  (
    (await ctx.db.execute(sql`select state, count(*)::int as n from pgboss.job where name = ${TRIP_FIGURES_QUEUE} group by state`)) as unknown as {
      rows: { state: string; n: number }[];
    }
  ).rows;

const stateOf = async (tripId: number) =>
  (
    (await ctx.db.execute(sql`select state from pgboss.job where name = ${TRIP_FIGURES_QUEUE} and (data->>'tripId')::int = ${tripId}`)) as unknown as {
      rows: { state: string }[];
    }
  ).rows.map((r) => r.state);

/** A pg-boss of another process on the same database: its sends wake no worker here. */
async function otherInstance() {
  const other = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => ctx.database.executeSql(text, values) as Promise<{ rows: never[] }> },
    schema: 'pgboss',
    supervise: false,
    schedule: false,
  });
  await other.start();
  return other;
}

describe('a queued job wakes its worker', () => {
  it('a job queued on an idle instance starts at once, and a backlog drains without waiting for the poll', async () => {
    const jobs = await testJobs(ctx.database, ctx.config, ctx.secretKey, { pollingSeconds: 3600 });
    try {
      // Let the workers' first look (at start) pass: from here on they only poll hourly.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // No such trips: each job finds nothing to do, and completes.
      await jobs.enqueueTripFigures(900_001);
      await expect.poll(states, { timeout: 30_000, interval: 100 }).toEqual([{ state: 'completed', n: 1 }]);
      // Five queued by another process (which wakes no worker here), then one by this instance:
      // its worker, woken once, takes them one after the other without waiting for the poll.
      const other = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => ctx.database.executeSql(text, values) as Promise<{ rows: never[] }> },
        schema: 'pgboss',
        supervise: false,
        schedule: false,
      });
      await other.start();
      for (let i = 2; i <= 6; i++) await other.send(TRIP_FIGURES_QUEUE, { tripId: 900_000 + i }, { singletonKey: `${900_000 + i}` });
      await other.stop({ graceful: false, wait: true });
      expect(await states()).toEqual(expect.arrayContaining([{ state: 'created', n: 5 }]));
      await jobs.enqueueTripFigures(900_007);
      await expect.poll(states, { timeout: 30_000, interval: 100 }).toEqual([{ state: 'completed', n: 7 }]);
    } finally {
      await jobs.stop(2_000);
    }
  });

  it('one look for due jobs finds a job queued by another instance, and comes again when a delayed one it saw falls due', async () => {
    // Queued elsewhere before this instance starts: due in 4 s.
    const other = await otherInstance();
    try {
      await other.send(TRIP_FIGURES_QUEUE, { tripId: 900_101 }, { singletonKey: '900101', startAfter: 4 });
    } finally {
      await other.stop({ graceful: false, wait: true });
    }
    // Looks once an hour (its workers' own poll is every 15 minutes): the first look, at start, sees the job waiting.
    const sleepy = await testJobs(ctx.database, ctx.config, ctx.secretKey, { pollingSeconds: 3600 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await stateOf(900_101)).toEqual(['created']);
      await expect.poll(() => stateOf(900_101), { timeout: 20_000, interval: 100 }).toEqual(['completed']);
    } finally {
      await sleepy.stop(2_000);
    }

    // Looks every second: a job queued by another instance after the start is found by the look, not by a worker's poll.
    const looking = await testJobs(ctx.database, ctx.config, ctx.secretKey, { pollingSeconds: 1 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const again = await otherInstance();
      try {
        await again.send(TRIP_FIGURES_QUEUE, { tripId: 900_102 }, { singletonKey: '900102' });
      } finally {
        await again.stop({ graceful: false, wait: true });
      }
      await expect.poll(() => stateOf(900_102), { timeout: 20_000, interval: 100 }).toEqual(['completed']);
    } finally {
      await looking.stop(2_000);
    }
  });
});
