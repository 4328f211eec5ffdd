import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integrationSyncStatus } from '../src/db/schema/telematics';
import { gleProvider } from '../src/modules/telematics/gle';
import { samsaraProvider } from '../src/modules/telematics/samsara';
import { call, createTestContext, FAST_RETRY, type TestContext } from './harness';
import { createCompanyRow, createUser, signIn } from './factories';
import { FAKE_HERE_KEY, startHereFake, type HereFake } from './fakes/here';
import { startFakeGle } from './fakes/gle';
import { startFakeSamsara } from './fakes/samsara';

/** GET /api/metrics (docs/deploy.md#metrics): Prometheus text behind METRICS_TOKEN. */
const TOKEN = 'metrics-token-for-the-test-0123456789';
let fake: HereFake;
let off: TestContext;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startHereFake();
  fake.set({ mode: 'ok', apiKey: FAKE_HERE_KEY });
  [off, ctx] = await Promise.all([createTestContext(), createTestContext({ ...fake.env(), METRICS_TOKEN: TOKEN }, { jobs: true })]);
});
afterAll(async () => {
  // `off` has its database closed by the last test.
  await Promise.all([off?.close().catch(() => undefined), ctx?.close()]);
  await fake?.close();
});

const scrape = async () => {
  const res = await call(ctx.app, { method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};
/** The value of one sample line, e.g. value(text, 'milepost_sign_in_failures_total'). */
const value = (text: string, sample: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
};

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN (404), and asks for the bearer token when set (401)', async () => {
    expect((await call(off.app, { method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer wrong-token-of-the-same-size-000000' } })).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
  });

  it('times requests by route pattern and status, counts refused sign-ins and limits hit', async () => {
    const before = await scrape();
    const failures = value(before, 'milepost_sign_in_failures_total');
    const wrong = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: 'nobody@example.test', password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    await call(ctx.app, { method: 'GET', url: '/api/health' });
    const after = await scrape();
    expect(value(after, 'milepost_sign_in_failures_total')).toBe(failures + 1);
    expect(after).toMatch(/http_request_duration_seconds_count\{route="\/api\/v1\/authenticate",method="POST",status="401"\} [1-9]/);
    expect(after).toMatch(/http_request_duration_seconds_bucket\{le="0\.5",route="\/api\/health",method="GET",status="200"\} [1-9]/);
    // 429s are counted per route: the per-address sign-in limit (10 by default) is passed.
    for (let i = 0; i < 11; i++) await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: 'limited@example.test', password: 'wrong-password' } });
    expect(value(await scrape(), 'milepost_limits_hit_total{route="/api/v1/authenticate"}')).toBeGreaterThanOrEqual(1);
  });

  it('reports outgoing HERE calls by outcome, the database pool, job queues and their failures, and sync lag per company and provider', async () => {
    const token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_SHOW_ROUTES'] }))).accessToken;
    const first = await scrape();
    const before = value(first, 'milepost_outgoing_calls_total{provider="HERE",outcome="ok"}');
    const failedBefore = value(first, 'milepost_job_failures{queue="trip-figures"}');
    // Two trip-figures jobs that failed for good (retries spent), as pg-boss keeps them.
    await ctx.db.execute(
      sql`insert into pgboss.job (name, state, data) values ('trip-figures', 'failed', '{"tripId": -1}'::jsonb), ('trip-figures', 'failed', '{"tripId": -2}'::jsonb)`,
    );
    const stops = [
      { lat: 41.87, lng: -87.62 },
      { lat: 39.76, lng: -86.15 },
    ];
    const routed = await call(ctx.app, { method: 'POST', url: '/api/v1/routing/routes', token, payload: { stops, routingMode: 'PRACTICAL', trailer: true } });
    expect(routed.statusCode).toBe(200);
    fake.set({ mode: 'ok', apiKey: 'another-key' }); // the fake now refuses our key: 401
    await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/routing/routes',
      token,
      payload: { stops: stops.map((s) => ({ ...s, lat: s.lat + 0.01 })), routingMode: 'PRACTICAL', trailer: true },
    });
    fake.set({ mode: 'ok', apiKey: FAKE_HERE_KEY });

    const company = await createCompanyRow(ctx.db);
    await ctx.db.insert(integrationSyncStatus).values({ companyId: company.id, provider: 'SAMSARA', state: 'SUCCEEDED', finishedAt: new Date(Date.now() - 90_000) });
    const text = await scrape();
    expect(value(text, 'milepost_outgoing_calls_total{provider="HERE",outcome="ok"}')).toBe(before + 1);
    expect(value(text, 'milepost_outgoing_calls_total{provider="HERE",outcome="unauthorized"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, `milepost_telematics_sync_lag_seconds{company="${company.id}",provider="SAMSARA"}`)).toBeGreaterThanOrEqual(89);
    expect(text).toMatch(/milepost_db_pool_connections\{state="max"\} \d+/);
    // The job workers run (the test context started them): their queues are listed, with failures.
    expect(text).toMatch(/milepost_job_queue_depth\{queue="telematics-sync-samsara"\} \d+/);
    expect(text).toMatch(/milepost_job_queue_depth\{queue="trip-figures"\} \d+/);
    expect(value(text, 'milepost_job_failures{queue="trip-figures"}')).toBe(failedBefore + 2);
    expect(text).toMatch(/milepost_job_failures\{queue="telematics-sync-samsara"\} 0/);
  });
});

describe('outgoing telematics calls', () => {
  // Each provider's client against its local fake, a vehicle there to list.
  const providers = {
    SAMSARA: async (token: string) => {
      const fake = await startFakeSamsara(token);
      fake.vehicles.push({ id: 'v-metrics-1', name: 'Metrics One', vin: 'metrics-1' });
      return { fake, client: (t: string) => samsaraProvider({ token: t, baseUrl: fake.url, retry: FAST_RETRY }) };
    },
    GLE: async (token: string) => {
      const fake = await startFakeGle(token);
      fake.vehicles.push({ id: 'v-metrics-1', unitNumber: 'Metrics One', vin: 'metrics-1' });
      return { fake, client: (t: string) => gleProvider({ token: t, baseUrl: fake.url, retry: FAST_RETRY }) };
    },
  };

  it.each(Object.keys(providers) as (keyof typeof providers)[])('counts every %s HTTP attempt once, by outcome (the bounded fetch in telematics/edge.ts)', async (provider) => {
    const { fake, client } = await providers[provider]('metrics-token');
    try {
      const sample = (outcome: string) => `milepost_outgoing_calls_total{provider="${provider}",outcome="${outcome}"}`;
      const before = await scrape();
      const pages = [];
      for await (const page of client('metrics-token').vehicles()) pages.push(page);
      expect(pages.flat().map((v) => v.id)).toContain('v-metrics-1');
      const vehicleCalls = fake.requests.length;
      expect(vehicleCalls).toBeGreaterThanOrEqual(1);
      await expect(async () => {
        for await (const page of client('a-token-the-provider-refuses').vehicles()) void page;
      }).rejects.toThrow();
      const after = await scrape();
      expect(value(after, sample('ok')) - value(before, sample('ok'))).toBe(vehicleCalls);
      expect(value(after, sample('unauthorized')) - value(before, sample('unauthorized'))).toBe(fake.requests.length - vehicleCalls);
      expect(fake.requests.length).toBeGreaterThan(vehicleCalls);
    } finally {
      await fake.close();
    }
  });
});

describe('GET /api/ready', () => {
  it('answers 200 when the database answers, migrations are done and the job workers run; else 503 with what is missing', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready', missing: [] });
    // The context without jobs: its workers do not run.
    const noJobs = await call(off.app, { method: 'GET', url: '/api/ready' });
    expect(noJobs.statusCode).toBe(503);
    expect(noJobs.json()).toEqual({ status: 'unavailable', missing: ['jobs'] });
    const { lifecycle } = ctx.deps;
    lifecycle.migrated = false;
    lifecycle.shuttingDown = true;
    try {
      const res = await call(ctx.app, { method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', missing: ['migrations', 'shutting down'] });
      // Liveness is not readiness: the process still answers.
      expect((await call(ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      lifecycle.migrated = true;
      lifecycle.shuttingDown = false;
    }
  });

  it('answers 503 naming the database when it does not answer (last: it closes that database)', async () => {
    await off.database.close();
    const res = await call(off.app, { method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', missing: ['database', 'jobs'] });
  });
});
