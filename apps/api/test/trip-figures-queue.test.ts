import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import { createBoss } from '../src/jobs/platform';
import { TRIP_FIGURES_QUEUE } from '../src/modules/trip-figures/jobs';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, testJobs, type TestContext } from './harness';
import { createCompanyRow, createTripSettings, createUser, signIn } from './factories';
import { tripInTransit } from './telematics-fixtures';

/**
 * The trip-figures queue drains a backlog without a pause between jobs, and polls an empty queue
 * at its usual pace (docs/mileage-engine.md "Figures jobs"); figure refreshes are limited per user
 * (REFRESH_USER_LIMIT_PER_MIN).
 */
let ctx: TestContext;
let ownerId: number;

beforeAll(async () => {
  // The refreshes' fetches go nowhere (a closed local port): this test is about the limit, not the provider.
  ctx = await createTestContext({ REFRESH_USER_LIMIT_PER_MIN: '3', SAMSARA_BASE_URL: 'http://127.0.0.1:9', GLE_BASE_URL: 'http://127.0.0.1:9' }, { jobs: true });
  await createTripSettings(ctx.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  ownerId = (await createUser(ctx.db, { permissions: ['CAN_SYNC_INTEGRATIONS'] })).id;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

async function jobStates() {
  const r = (await ctx.db.execute(sql`select state::text, count(*)::int as n from pgboss.job where name = ${TRIP_FIGURES_QUEUE} group by state`)) as unknown as {
    rows: { state: string; n: number }[];
  };
  return Object.fromEntries(r.rows.map((x) => [x.state, x.n])) as Record<string, number>;
}

describe('POST /mile-stats/{tripId}/refresh', () => {
  it('is limited per user: past REFRESH_USER_LIMIT_PER_MIN a minute, 429 REFRESH_RATE_LIMITED with Retry-After; another user is not held back', async () => {
    // A company whose provider can be fetched (on, with a token): otherwise the refresh says why it cannot.
    const company = await createCompanyRow(ctx.db, { samsaraEnabled: true, samsaraTokenEncrypted: createSecretBox(ctx.secretKey).seal('samsara-test-token') });
    const { trip } = await tripInTransit(ctx.db, ownerId, company.id, new Date(Date.now() - 3600_000));
    const first = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_EDIT_MILEAGE_REPORT_TRIP'] }))).accessToken;
    const second = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_SYNC_INTEGRATIONS'] }))).accessToken;
    const refresh = (token: string) => call(ctx.app, { method: 'POST', url: `/api/v1/mile-stats/${trip.id}/refresh`, token });
    for (let i = 0; i < 3; i++) expect((await refresh(first)).statusCode).toBe(202);
    const refused = await refresh(first);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 429, code: 'REFRESH_RATE_LIMITED', message: LIMIT_MESSAGES.refresh });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await refresh(second)).statusCode).toBe(202);
  });
});

describe('trip figures queue', () => {
  it('a backlog of 100 trips is drained in seconds by an instance polling every 2 s (one job per poll would take over 3 minutes)', async () => {
    const company = await createCompanyRow(ctx.db);
    const start = new Date(Date.now() - 3 * 3600_000);
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push((await tripInTransit(ctx.db, ownerId, company.id, start)).trip.id);
    // No worker runs while the backlog is queued (as after a burst of trip saves on other instances).
    await ctx.jobs!.stop(2_000);
    const boss = createBoss(ctx.database);
    await boss.start();
    try {
      await boss.insert(ids.map((tripId) => ({ name: TRIP_FIGURES_QUEUE, data: { tripId }, singletonKey: `${tripId}` })));
    } finally {
      await boss.stop({ graceful: false, wait: true, timeout: 2_000 });
    }
    expect((await jobStates()).created).toBe(100);

    // The production polling interval: the old single worker took one job per 2 s poll.
    const jobs = await testJobs(ctx.database, ctx.config, ctx.secretKey, { pollingSeconds: 2 });
    const since = Date.now();
    try {
      for (;;) {
        const s = await jobStates();
        if (!s.created && !s.active && !s.retry) break;
        if (Date.now() - since > 60_000) throw new Error(`not drained after 60 s: ${JSON.stringify(s)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const took = Date.now() - since;
      // 100 jobs at one per poll: 200 s. Generous for a busy machine, and far below that.
      expect(took).toBeLessThan(45_000);
      const s = await jobStates();
      expect(s.completed).toBeGreaterThanOrEqual(100);
      expect(s.failed ?? 0).toBe(0);
    } finally {
      await jobs.stop(2_000);
    }
  }, 180_000);
});
