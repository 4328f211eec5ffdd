import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { IntegrationStatus } from '@milepost/contracts/integrations-api';
import { buildApp } from '../src/app';
import { createAppDeps, silentLogger } from '../src/app-deps';
import { drivers, trucks } from '../src/db/schema/reference';
import { createSecretBox } from '../src/platform/secret-box';
import { scopedDriverId } from '../src/modules/telematics/sync';
import { call, createTestContext, FAST_RETRY, testJobs, type TestContext } from './harness';
import {
  createCompanyRow,
  createDriverRow,
  createTruckRow,
  createUser,
  setCompanyProvider,
  signIn,
  createTripSettings,
  setTripSwitches,
  truckLink,
  trucksLinked,
  driverLink,
  driversLinked,
} from './factories';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { startFakeGle, type FakeGle } from './fakes/gle';

let ctx: TestContext;
let samsara: FakeSamsara;
let gle: FakeGle;
let owner: string;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

beforeAll(async () => {
  samsara = await startFakeSamsara();
  gle = await startFakeGle();
  ctx = await createTestContext({ SAMSARA_BASE_URL: samsara.url, GLE_BASE_URL: gle.url }, { jobs: true });
  await createTripSettings(ctx.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  const user = await createUser(ctx.db, { permissions: ['CAN_SYNC_INTEGRATIONS', 'CAN_SHOW_COMPANIES'] });
  owner = (await signIn(ctx.app, user)).accessToken;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
  await gle?.close();
});

beforeEach(() => {
  samsara.vehicles.length = 0;
  samsara.drivers.length = 0;
  samsara.listPageSize = 512;
  gle.vehicles.length = 0;
});

/** A company with both integrations on and tokens the fakes accept. */
async function integratedCompany(over: { samsaraToken?: string; gleToken?: string } = {}) {
  const box = createSecretBox(ctx.secretKey);
  return createCompanyRow(ctx.db, {
    samsaraEnabled: true,
    gleEnabled: true,
    samsaraTokenEncrypted: box.seal(over.samsaraToken ?? 'samsara-test-token'),
    gleTokenEncrypted: box.seal(over.gleToken ?? 'gle-test-token'),
  });
}

async function status(app: FastifyInstance, companyId: number) {
  const res = await call(app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${companyId}`, token: owner });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: IntegrationStatus }>().data;
}

/** Waits until the provider's last run has ended (SUCCEEDED or FAILED with nothing queued). */
async function settled(companyId: number, provider: 'SAMSARA' | 'GLE', want: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED', timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = (await status(ctx.app, companyId))[provider];
    if (s.state === want) return s;
    if (Date.now() > until) throw new Error(`${provider} sync still ${s.state} (${s.error ?? ''})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const sync = (companyId: number, provider: string, app = ctx.app, token = owner) =>
  call(app, { method: 'POST', url: '/api/v1/integrations/sync', token, payload: { companyId, provider } });

describe('Samsara sync', () => {
  it('matches trucks on Samsara VIN then vehicle id, creates unknown vehicles as trucks, links drivers, and reports counts', async () => {
    const company = await integratedCompany();
    const k = uid();
    const byVin = await createTruckRow(ctx.db, { companyId: company.id, samsaraVin: `svin-a-${k}` });
    const byId = await createTruckRow(ctx.db, { companyId: company.id, samsaraVin: `other-${k}`, vehicleId: `v-b-${k}` });
    const otherCompany = await createCompanyRow(ctx.db);
    const foreign = await createTruckRow(ctx.db, { companyId: otherCompany.id, samsaraVin: `svin-c-${k}` });
    const named = await createDriverRow(ctx.db, { firstName: 'Rosa', lastName: `Diaz${k}` });
    samsara.listPageSize = 2; // three vehicles: two pages
    samsara.vehicles.push(
      { id: `v-a-${k}`, name: 'Tractor A', vin: `SVIN-A-${k}` },
      { id: `v-b-${k}`, name: 'Tractor B', vin: `unknown-vin-${k}` },
      { id: `v-c-${k}`, name: `Unit ${k}`, vin: `svin-c-${k}` },
    );
    samsara.drivers.push({ id: `d-1-${k}`, name: `Rosa Diaz${k}`, vehicleId: `v-a-${k}` }, { id: `d-2-${k}`, name: `Sam New${k}` });

    const res = await sync(company.id, 'SAMSARA');
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ companyId: company.id, provider: 'SAMSARA', state: 'QUEUED' });
    const s = await settled(company.id, 'SAMSARA');
    expect(s).toMatchObject({ enabled: true, vehicles: 3, drivers: 2, error: null });
    expect(s.startedAt).not.toBeNull();
    expect(s.finishedAt).not.toBeNull();

    const [a] = await ctx.db.select().from(trucks).where(eq(trucks.id, byVin.id));
    expect(await truckLink(ctx.db, a!.id, 'SAMSARA')).toBe(`v-a-${k}`);
    const [b] = await ctx.db.select().from(trucks).where(eq(trucks.id, byId.id));
    expect(await truckLink(ctx.db, b!.id, 'SAMSARA')).toBe(`v-b-${k}`);
    // Another company's truck with the same VIN is not touched; the vehicle becomes a new truck of this company.
    const [c] = await ctx.db.select().from(trucks).where(eq(trucks.id, foreign.id));
    expect(await truckLink(ctx.db, c!.id, 'SAMSARA')).toBeNull();
    const [created] = await trucksLinked(ctx.db, 'SAMSARA', `v-c-${k}`);
    expect(created).toMatchObject({ unitNumber: `Unit ${k}`, companyId: company.id, samsaraVin: `svin-c-${k}` });

    const [rosa] = await ctx.db.select().from(drivers).where(eq(drivers.id, named.id));
    expect(rosa).toMatchObject({ truckId: byVin.id });
    expect(await driverLink(ctx.db, rosa!.id, 'SAMSARA')).toBe(scopedDriverId(company.id, `d-1-${k}`));
    const [sam] = await driversLinked(ctx.db, 'SAMSARA', scopedDriverId(company.id, `d-2-${k}`));
    expect(sam).toMatchObject({ firstName: 'Sam', lastName: `New${k}` });
    // The vehicles list was paged with the SDK's cursor; the token was sent as a bearer.
    const vehicleCalls = samsara.requests.filter((r) => r.path === '/fleet/vehicles' && r.at >= Date.parse(s.startedAt!));
    // Two pages (a request that timed out on a busy machine may be asked again: count pages, not calls).
    expect(new Set(vehicleCalls.map((r) => r.query.get('after') ?? '')).size).toBe(2);
    expect(vehicleCalls.some((r) => Boolean(r.query.get('after')))).toBe(true);
    expect(vehicleCalls[0]!.authorization).toBe('Bearer samsara-test-token');

    // A second run changes nothing and creates no duplicates.
    expect((await sync(company.id, 'SAMSARA')).statusCode).toBe(202);
    await settled(company.id, 'SAMSARA');
    expect(await trucksLinked(ctx.db, 'SAMSARA', `v-c-${k}`)).toHaveLength(1);
    expect(await driversLinked(ctx.db, 'SAMSARA', scopedDriverId(company.id, `d-2-${k}`))).toHaveLength(1);
  });

  it('waits a fractional Retry-After (not the SDK’s whole seconds) and retries 5xx, cut-off bodies and slow answers', async () => {
    const company = await integratedCompany();
    const k = uid();
    samsara.vehicles.push({ id: `v-r-${k}`, name: `Retry ${k}`, vin: `rvin-${k}` });
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'rate-limit', retryAfter: '0.2' });
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'status', status: 503 });
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'truncate' });
    samsara.fail(/^\/fleet\/drivers$/, { kind: 'slow', delayMs: FAST_RETRY.timeoutMs + 500 });
    const since = Date.now();
    expect((await sync(company.id, 'SAMSARA')).statusCode).toBe(202);
    const s = await settled(company.id, 'SAMSARA');
    expect(s).toMatchObject({ vehicles: 1, error: null });
    const calls = samsara.requests.filter((r) => r.path === '/fleet/vehicles' && r.at >= since);
    expect(calls.length).toBe(4); // 429, 503, truncated, then the good answer
    const waited = calls[1]!.at - calls[0]!.at;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(1000);
    expect(samsara.requests.filter((r) => r.path === '/fleet/drivers' && r.at >= since).length).toBe(2);
    expect(await trucksLinked(ctx.db, 'SAMSARA', `v-r-${k}`)).toHaveLength(1);
  });

  it('keeps partial progress when it fails part-way, says why, and the job retries it later', async () => {
    const company = await integratedCompany();
    const k = uid();
    samsara.listPageSize = 1;
    samsara.vehicles.push({ id: `v-p1-${k}`, name: `P1 ${k}`, vin: `p1-${k}` }, { id: `v-p2-${k}`, name: `P2 ${k}`, vin: `p2-${k}` });
    // The first page works; the pages after it fail for longer than one run retries.
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'status', status: 502 }, FAST_RETRY.attempts + 1, (q) => Boolean(q.get('after')));
    expect((await sync(company.id, 'SAMSARA')).statusCode).toBe(202);
    const failed = await settled(company.id, 'SAMSARA', 'FAILED');
    expect(failed.error).toBe('Samsara is unavailable (502). It will be tried again.');
    expect(failed.vehicles).toBe(1);
    expect(await trucksLinked(ctx.db, 'SAMSARA', `v-p1-${k}`)).toHaveLength(1);
    // pg-boss runs it again after its retry delay; the service is back by then.
    const ok = await settled(company.id, 'SAMSARA', 'SUCCEEDED', 30_000);
    expect(ok.vehicles).toBe(2);
    expect(await trucksLinked(ctx.db, 'SAMSARA', `v-p2-${k}`)).toHaveLength(1);
  });

  it('stops at once on a refused token, without retrying', async () => {
    const company = await integratedCompany({ samsaraToken: 'revoked-token' });
    const since = Date.now();
    expect((await sync(company.id, 'SAMSARA')).statusCode).toBe(202);
    const s = await settled(company.id, 'SAMSARA', 'FAILED');
    expect(s.error).toBe("Samsara refused the company's token (401).");
    await new Promise((r) => setTimeout(r, 1500));
    expect(samsara.requests.filter((r) => r.path === '/fleet/vehicles' && r.at >= since)).toHaveLength(1);
  });
});

describe('GLE sync', () => {
  it('matches trucks on the VIN number, creates unknown vehicles and drivers', async () => {
    const company = await integratedCompany();
    const k = uid();
    const truck = await createTruckRow(ctx.db, { companyId: company.id, vinNumber: `GVIN-${k}` });
    gle.vehicles.push(
      { id: `g-1-${k}`, vin: `gvin-${k}`, unitNumber: 'G one', driver: { id: `gd-${k}`, name: `Lee Park${k}` } },
      { id: `g-2-${k}`, vin: `gnew-${k}`, unitNumber: `GLE ${k}` },
    );
    gle.fail(/^\/vehicles\/current$/, { kind: 'rate-limit', retryAfter: '1' });
    expect((await sync(company.id, 'GLE')).statusCode).toBe(202);
    const s = await settled(company.id, 'GLE');
    expect(s).toMatchObject({ vehicles: 2, drivers: 1, error: null });
    const [t] = await ctx.db.select().from(trucks).where(eq(trucks.id, truck.id));
    expect(await truckLink(ctx.db, t!.id, 'GLE')).toBe(`g-1-${k}`);
    const [created] = await trucksLinked(ctx.db, 'GLE', `g-2-${k}`);
    expect(created).toMatchObject({ unitNumber: `GLE ${k}`, vinNumber: `gnew-${k}`, companyId: company.id });
    const [lee] = await driversLinked(ctx.db, 'GLE', scopedDriverId(company.id, `gd-${k}`));
    expect(lee).toMatchObject({ firstName: 'Lee', truckId: truck.id });
  });
});

describe('sync rules and access', () => {
  it('refuses a provider switched off for the company or in the trip settings, and says why in the status', async () => {
    const company = await integratedCompany();
    await setCompanyProvider(ctx.db, company.id, 'GLE', { enabled: false });
    const res = await sync(company.id, 'GLE');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INTEGRATION_DISABLED', message: 'GLE is switched off for this company.' });
    await setTripSwitches(ctx.db, { samsaraEnabled: false });
    try {
      const off = await sync(company.id, 'SAMSARA');
      expect(off.statusCode).toBe(409);
      expect(off.json().message).toBe('Samsara is switched off in the trip settings.');
      const s = await status(ctx.app, company.id);
      expect(s.SAMSARA).toMatchObject({ enabled: false, disabledReason: 'Samsara is switched off in the trip settings.', state: 'NEVER' });
    } finally {
      await setTripSwitches(ctx.db, { samsaraEnabled: true });
    }
  });

  it('needs CAN_SYNC_INTEGRATIONS, validates its input, and never shows a token', async () => {
    const company = await integratedCompany();
    const other = await createUser(ctx.db, { permissions: ['CAN_SHOW_COMPANIES', 'CAN_EDIT_COMPANY', 'CAN_EDIT_COMPANY_TOKENS'] });
    const token = (await signIn(ctx.app, other)).accessToken;
    expect((await sync(company.id, 'SAMSARA', ctx.app, token)).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${company.id}`, token })).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${company.id}` })).statusCode).toBe(401);
    const bad = await sync(company.id, 'TELETRAC');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Provider must be SAMSARA or GLE');
    expect((await sync(999_999, 'SAMSARA')).statusCode).toBe(404);
    const body = (await call(ctx.app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${company.id}`, token: owner })).body;
    expect(body).not.toContain('samsara-test-token');
    expect(body).not.toContain('gle-test-token');
  });
});

describe('one run at a time', () => {
  it('two API instances on one database never run the same company’s sync twice at once', async () => {
    // A token of its own, so the fake counts this company's requests apart from other syncs.
    samsara.acceptToken('samsara-token-two-instances');
    const company = await integratedCompany({ samsaraToken: 'samsara-token-two-instances' });
    const k = uid();
    samsara.vehicles.push({ id: `v-x-${k}`, name: `X ${k}`, vin: `x-${k}` });
    const secondJobs = await testJobs(ctx.database, ctx.config, ctx.secretKey);
    const second = await buildApp({
      deps: createAppDeps({ config: ctx.config, database: ctx.database, jwtSecret: ctx.jwtSecret, secretKey: ctx.secretKey, log: silentLogger(), jobs: secondJobs }),
    });
    try {
      samsara.fail(/^\/fleet\/vehicles$/, { kind: 'slow', delayMs: 800 }, 4);
      const since = Date.now();
      const answers = await Promise.all([sync(company.id, 'SAMSARA'), sync(company.id, 'SAMSARA', second), sync(company.id, 'SAMSARA', second), sync(company.id, 'SAMSARA')]);
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
      await new Promise((r) => setTimeout(r, 300));
      await settled(company.id, 'SAMSARA', 'SUCCEEDED', 30_000);
      // At most one running and one waiting: four requests make at most two runs, one after the other.
      const runs = samsara.requests.filter((r) => r.path === '/fleet/vehicles' && r.at >= since && r.authorization === 'Bearer samsara-token-two-instances');
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.length).toBeLessThanOrEqual(2);
      expect(samsara.maxInFlight('samsara-token-two-instances')).toBe(1);
    } finally {
      await second.close();
      await secondJobs.stop(2_000);
    }
  });

  it('a sync queued before a restart is run by the next instance', async () => {
    const company = await integratedCompany();
    const k = uid();
    samsara.vehicles.push({ id: `v-y-${k}`, name: `Y ${k}`, vin: `y-${k}` });
    // An instance that polls rarely queues the sync and stops before working it …
    const sleepy = await testJobs(ctx.database, ctx.config, ctx.secretKey, { pollingSeconds: 3600 });
    await ctx.jobs!.stop(2_000);
    await sleepy.enqueueSync(company.id, 'SAMSARA');
    await sleepy.stop(2_000);
    expect((await status(ctx.app, company.id)).SAMSARA.state).toBe('QUEUED');
    // … and the next instance to start finds it in the database and runs it.
    const next = await testJobs(ctx.database, ctx.config, ctx.secretKey);
    try {
      await settled(company.id, 'SAMSARA');
      expect(await trucksLinked(ctx.db, 'SAMSARA', `v-y-${k}`)).toHaveLength(1);
    } finally {
      await next.stop(2_000);
    }
  });
});
