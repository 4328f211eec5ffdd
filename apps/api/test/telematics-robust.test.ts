import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { IntegrationStatus } from '@milepost/contracts/integrations-api';
import { buildApp } from '../src/app';
import { createAppDeps, silentLogger } from '../src/app-deps';
import { drivers, trucks } from '../src/db/schema/reference';
import { integrationSyncStatus, tripTracks } from '../src/db/schema/telematics';
import { createBoss, safely } from '../src/jobs/platform';
import { syncQueueOf } from '../src/modules/telematics/jobs';
import { ProviderError } from '../src/modules/telematics/provider';
import { scopedDriverId, syncCompany } from '../src/modules/telematics/sync';
import { MAX_TRACK_FIXES } from '../src/modules/telematics/track-codec';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, FAST_RETRY, testJobs, type TestContext } from './harness';
import { createCompanyRow, createTruckRow, createUser, signIn, createTripSettings, truckLink, trucksLinked, driverLink, driversLinked } from './factories';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { gleItem, startFakeGle, type FakeGle } from './fakes/gle';
import { straightDrive } from './fakes/telematics-server';
import { A, B, storePositions, tripInTransit } from './telematics-fixtures';

/**
 * Samsara and GLE are untrusted (docs/integrations/telematics.md "Untrusted input"). Each finding of the fault campaign against fakes that
 * misbehave on purpose: a NUL in a name, a job error pg-boss could not store, a body that drips,
 * a looping cursor, GLE's pageSize 0, a 50 MB answer, a redirect to another host, impossible
 * and future fixes, a huge history page, a duplicate VIN, another company's driver id, and a
 * run whose instance died.
 */
let ctx: TestContext;
let samsara: FakeSamsara;
let gle: FakeGle;
let owner: string;
let actorId: number;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const LEASE_SECONDS = 3;

beforeAll(async () => {
  samsara = await startFakeSamsara();
  gle = await startFakeGle();
  ctx = await createTestContext({ SAMSARA_BASE_URL: samsara.url, GLE_BASE_URL: gle.url }, { jobs: true, leaseSeconds: LEASE_SECONDS });
  await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  const user = await createUser(ctx.db, { permissions: ['CAN_SYNC_INTEGRATIONS', 'CAN_SHOW_COMPANIES', 'CAN_SHOW_TRIPS', 'CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_VIEW_TRIP_MAP'] });
  actorId = user.id;
  owner = (await signIn(ctx.app, user)).accessToken;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
  await gle?.close();
});

beforeEach(() => {
  for (const f of [samsara, gle]) f.clearFaults();
  samsara.vehicles.length = 0;
  samsara.drivers.length = 0;
  samsara.listPageSize = 512;
  samsara.historyPageSize = 200;
  gle.vehicles.length = 0;
});

const deps = () => ({ db: ctx.db, secretBox: createSecretBox(ctx.secretKey), config: ctx.config, retry: FAST_RETRY });

/** A company with both providers on; `gleToken` gives it a GLE fleet of its own (vehicles pushed with that token). */
async function integratedCompany(gleToken = 'gle-test-token') {
  const box = createSecretBox(ctx.secretKey);
  gle.acceptToken(gleToken);
  return createCompanyRow(ctx.db, { samsaraEnabled: true, gleEnabled: true, samsaraTokenEncrypted: box.seal('samsara-test-token'), gleTokenEncrypted: box.seal(gleToken) });
}

async function status(companyId: number, app = ctx.app) {
  const res = await call(app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${companyId}`, token: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: IntegrationStatus }>().data;
}

async function settled(companyId: number, provider: 'SAMSARA' | 'GLE', want: 'SUCCEEDED' | 'FAILED' = 'SUCCEEDED', timeoutMs = 20_000, app = ctx.app) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = (await status(companyId, app))[provider];
    if (s.state === want) return s;
    if (Date.now() > until) throw new Error(`${provider} sync still ${s.state} (${s.error ?? ''})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const sync = (companyId: number, provider: string, app = ctx.app) =>
  call(app, { method: 'POST', url: '/api/v1/integrations/sync', token: owner, payload: { companyId, provider } });

/** Runs one sync the way the job does and answers how it ended (the error it threw, if any). */
async function runSync(companyId: number, provider: 'SAMSARA' | 'GLE') {
  try {
    await syncCompany(deps(), companyId, provider, { leaseSeconds: LEASE_SECONDS });
    return null;
  } catch (e) {
    return e;
  }
}

const healthy = async () => expect((await call(ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);

const track = async (tripId: number, source: 'SAMSARA' | 'GLE') =>
  (
    await ctx.db
      .select({ pointCount: tripTracks.pointCount, fetchedTo: tripTracks.fetchedTo })
      .from(tripTracks)
      .where(and(eq(tripTracks.tripId, tripId), eq(tripTracks.source, source)))
  )[0];

describe('provider names are untrusted', () => {
  it('a NUL or control character in a Samsara name is stripped, a name is cut to the API’s length, a vehicle without an id is skipped and counted — and the server keeps answering', async () => {
    const company = await integratedCompany();
    const k = uid();
    samsara.vehicles.push(
      { id: `v-nul-${k}`, name: 'Truck\u0000One\u0007', vin: `nul-${k}` },
      { id: `v-long-${k}`, name: `${k}${'L'.repeat(300)}`, vin: `long-${k}` },
      { id: '', name: 'No id', vin: `noid-${k}` },
    );
    samsara.drivers.push({ id: `d-nul-${k}`, name: `Ann\u0000 Lee\u001b${k}`, vehicleId: `v-nul-${k}` });
    expect((await sync(company.id, 'SAMSARA')).statusCode).toBe(202);
    const s = await settled(company.id, 'SAMSARA');
    expect(s).toMatchObject({ vehicles: 2, drivers: 1, skipped: 1, error: null, notice: '1 record skipped: 1 vehicle without an id.' });
    const [nul] = await trucksLinked(ctx.db, 'SAMSARA', `v-nul-${k}`);
    expect(nul!.unitNumber).toBe('Truck One');
    const [long] = await trucksLinked(ctx.db, 'SAMSARA', `v-long-${k}`);
    expect(long!.unitNumber).toHaveLength(50);
    const [ann] = await driversLinked(ctx.db, 'SAMSARA', scopedDriverId(company.id, `d-nul-${k}`));
    expect(ann).toMatchObject({ firstName: 'Ann', lastName: `Lee ${k}`, truckId: nul!.id });
    await healthy();
  });

  it('a job that fails with a NUL in its error is stored by pg-boss (sanitised) and the process keeps running', async () => {
    const boss = createBoss(ctx.database);
    await boss.start();
    const queue = `nul-error-${uid()}`;
    try {
      await boss.createQueue(queue, { name: queue, retryLimit: 0 });
      const logged: unknown[] = [];
      const log = { info: () => undefined, warn: () => undefined, error: (o: unknown) => void logged.push(o) };
      await boss.work(
        queue,
        { pollingIntervalSeconds: 0.5 },
        safely(log, queue, async () => {
          throw new Error('Failed query: insert into trucks params: Truck\u0000One \ud800');
        }),
      );
      const id = (await boss.send(queue, { name: 'Truck\u0000One' }))!;
      let job = await boss.getJobById(queue, id);
      for (let i = 0; i < 60 && job?.state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        job = await boss.getJobById(queue, id);
      }
      expect(job?.state).toBe('failed');
      const output = JSON.stringify(job!.output);
      expect(output).toContain('Truck\ufffdOne');
      expect(output).not.toContain('\u0000');
      expect(output).not.toContain('\\u0000');
      expect(logged).toHaveLength(1);
      await healthy();
    } finally {
      await boss.stop({ graceful: false, wait: true, timeout: 2_000 });
    }
  });
});

describe('bounded calls', () => {
  it('a body that drips forever is cut at the call’s deadline, and the run says so', async () => {
    const company = await integratedCompany();
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'drip' }, FAST_RETRY.attempts);
    const since = Date.now();
    const e = await runSync(company.id, 'SAMSARA');
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).kind).toBe('timeout');
    // Four attempts of a 2 s deadline, with short backoffs between them.
    expect(Date.now() - since).toBeLessThan(FAST_RETRY.attempts * FAST_RETRY.timeoutMs + 3_000);
    expect((await status(company.id)).SAMSARA).toMatchObject({ state: 'FAILED', error: 'Samsara did not answer in time. It will be tried again.' });
    expect(samsara.requests.filter((r) => r.path === '/fleet/vehicles' && r.at >= since)).toHaveLength(FAST_RETRY.attempts);
  });

  it('a Samsara cursor that repeats stops the list, and the status says so', async () => {
    const company = await integratedCompany();
    const k = uid();
    const page = { data: [{ id: `loop-${k}`, name: `Loop ${k}`, vin: `loop-${k}` }], pagination: { endCursor: 'the-same-cursor', hasNextPage: true } };
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'body', body: page }, 10_000);
    const since = Date.now();
    expect(await runSync(company.id, 'SAMSARA')).toBeNull();
    const calls = samsara.requests.filter((r) => r.path === '/fleet/vehicles' && r.at >= since);
    expect(calls.length).toBe(2);
    const s = (await status(company.id)).SAMSARA;
    expect(s).toMatchObject({ state: 'SUCCEEDED', vehicles: 2 });
    // The repeated page brought the same vehicle again: its VIN links it once.
    expect(s.notice).toBe('1 record skipped: 1 vehicle whose VIN another vehicle has. Samsara sent the same page of the vehicle list twice; the vehicle list stopped there.');
    expect(await trucksLinked(ctx.db, 'SAMSARA', `loop-${k}`)).toHaveLength(1);
  });

  it('GLE ignoring `page` (page 0 again, still saying more follow) stops the round', async () => {
    const company = await integratedCompany();
    const k = uid();
    const page = {
      result: { code: 'ok', description: 'ok' },
      content: [gleItem({ id: `g0-${k}`, vin: `g0-${k}`, unitNumber: `Zero ${k}` }, Date.now())],
      pageable: { total: 5, prev: null, next: 1, current: 0 },
    };
    gle.fail(/^\/vehicles\/current$/, { kind: 'body', body: page }, 10_000);
    const since = Date.now();
    expect(await runSync(company.id, 'GLE')).toBeNull();
    expect(gle.requests.filter((r) => r.path === '/vehicles/current' && r.at >= since).length).toBe(2);
    const s = (await status(company.id)).GLE;
    expect(s.state).toBe('SUCCEEDED');
    expect(s.notice).toBe('1 record skipped: 1 vehicle whose VIN another vehicle has. GLE sent page 0 of the vehicles again; the round stopped there.');
  });

  it('a 50 MB answer is refused at the cap, not retried, and the run says why', async () => {
    const company = await integratedCompany();
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'huge', bytes: 50 * 1024 * 1024 });
    const since = Date.now();
    const before = process.memoryUsage().rss;
    // Refused is not retried: the run ends (no error thrown for the queue to retry).
    expect(await runSync(company.id, 'SAMSARA')).toBeNull();
    expect((await status(company.id)).SAMSARA).toMatchObject({ state: 'FAILED', error: 'Samsara sent an answer over 20 MB; it was refused.' });
    expect(samsara.requests.filter((r) => r.path === '/fleet/vehicles' && r.at >= since)).toHaveLength(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(45 * 1024 * 1024);
  });

  it('a redirect to another host is not followed', async () => {
    const company = await integratedCompany();
    const elsewhere = await startFakeGle();
    try {
      gle.fail(/^\/vehicles\/current$/, { kind: 'redirect', location: `${elsewhere.url}/vehicles/current?page=0&size=100` });
      await runSync(company.id, 'GLE');
      expect((await status(company.id)).GLE).toMatchObject({ state: 'FAILED', error: 'GLE redirected to another host; Milepost does not follow it.' });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('GPS fixes are untrusted', () => {
  it('a fix at latitude 1e12 and one dated 9999-12-31 are skipped and counted; a failed page after them does not freeze the track; mileage answers', async () => {
    const company = await integratedCompany();
    const start = new Date(Math.floor((Date.now() - 3 * 3600_000) / 1000) * 1000);
    const { trip, vehicleId } = await tripInTransit(ctx.db, actorId, company.id, start);
    const drive = straightDrive(A, B, start, 120);
    samsara.vehicles.push({ id: vehicleId, name: `S ${vehicleId}`, vin: `vin-${vehicleId}` });
    samsara.history.set(vehicleId, drive);
    const iso = (t: number) => new Date(t).toISOString();
    const firstHalf = drive.slice(0, 60);
    const gps = firstHalf.map((f) => ({ time: iso(f.time), latitude: f.lat, longitude: f.lng, speedMilesPerHour: f.speedMph }));
    gps.splice(30, 0, { time: iso(firstHalf[29]!.time + 30_000), latitude: 1e12, longitude: -87.9, speedMilesPerHour: 50 });
    gps.push({ time: '9999-12-31T00:00:00Z', latitude: 41.6, longitude: -87.9, speedMilesPerHour: 50 });
    const page1 = {
      data: [{ id: vehicleId, name: 'S', gps, obdOdometerMeters: firstHalf.map((f) => ({ time: iso(f.time), value: f.odometerMeters })) }],
      pagination: { endCursor: 'page-2', hasNextPage: true },
    };
    samsara.fail(/^\/fleet\/vehicles\/stats\/history$/, { kind: 'body', body: page1 }, 1);
    samsara.fail(/^\/fleet\/vehicles\/stats\/history$/, { kind: 'status', status: 503 }, 100, (q) => q.get('after') === 'page-2');

    const e = await runSync(company.id, 'SAMSARA');
    expect(e).toBeInstanceOf(ProviderError);
    const failed = (await status(company.id)).SAMSARA;
    expect(failed).toMatchObject({ state: 'FAILED', skipped: 2 });
    expect(failed.notice).toBe('2 records skipped: 1 GPS fix with an impossible time or position, 1 GPS fix outside the trip window.');
    // Stored up to the last good fix — not to 9999.
    const partial = await track(trip.id, 'SAMSARA');
    expect(partial).toMatchObject({ pointCount: 60 });
    expect(partial!.fetchedTo.getTime()).toBe(firstHalf[59]!.time);

    // The provider is back: the next run continues from the last good fix.
    samsara.clearFaults();
    expect(await runSync(company.id, 'SAMSARA')).toBeNull();
    const whole = await track(trip.id, 'SAMSARA');
    expect(whole!.pointCount).toBe(drive.length);
    expect(whole!.fetchedTo.getTime()).toBeLessThanOrEqual(Date.now());
    for (const url of [`/api/v1/mile-stats/${trip.id}`]) {
      const res = await call(ctx.app, { method: 'GET', url, token: owner });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('a history of 130 000 GLE positions is stored thinned to the cap along the whole trip (not cut, not spread into a call)', async () => {
    const company = await integratedCompany();
    const start = new Date(Date.now() - 80 * 3600_000);
    const { trip, truck } = await tripInTransit(ctx.db, actorId, company.id, start);
    const n = 130_000;
    const fixes = Array.from({ length: n }, (_, i) => ({ time: start.getTime() + i * 2000, lat: 41 + i * 1e-6, lng: -87 - i * 1e-6, speedMph: 50, odometerMeters: null }));
    await storePositions(ctx.db, truck.id, fixes);
    expect(await runSync(company.id, 'GLE')).toBeNull();
    const stored = await track(trip.id, 'GLE');
    expect(stored!.pointCount).toBeLessThanOrEqual(MAX_TRACK_FIXES);
    expect(stored!.pointCount).toBeGreaterThan(MAX_TRACK_FIXES / 2);
    const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${trip.id}`, token: owner });
    expect(res.statusCode, res.body).toBe(200);
  }, 90_000);
});

describe('ids belong to their company', () => {
  it('one VIN links one vehicle: a duplicate is reported, not relinked, run after run', async () => {
    const company = await integratedCompany();
    const k = uid();
    const truck = await createTruckRow(ctx.db, { companyId: company.id, samsaraVin: `DUP-${k}` });
    samsara.vehicles.push({ id: `v-first-${k}`, name: `First ${k}`, vin: `dup-${k}` }, { id: `v-second-${k}`, name: `Second ${k}`, vin: `DUP-${k}` });
    expect(await runSync(company.id, 'SAMSARA')).toBeNull();
    const [once] = await ctx.db.select().from(trucks).where(eq(trucks.id, truck.id));
    expect(await truckLink(ctx.db, once!.id, 'SAMSARA')).toBe(`v-first-${k}`);
    expect((await status(company.id)).SAMSARA.notice).toBe('1 record skipped: 1 vehicle whose VIN another vehicle has.');
    expect(await runSync(company.id, 'SAMSARA')).toBeNull();
    const [twice] = await ctx.db.select().from(trucks).where(eq(trucks.id, truck.id));
    expect(await truckLink(ctx.db, twice!.id, 'SAMSARA')).toBe(`v-first-${k}`);
    expect(twice!.updatedAt.getTime()).toBe(once!.updatedAt.getTime());
    expect(await trucksLinked(ctx.db, 'SAMSARA', `v-second-${k}`)).toHaveLength(0);
  });

  it('a GLE driver id another company also uses never moves that company’s driver', async () => {
    // Each carrier's own GLE token and fleet, as in production: the background polls of this file's
    // other companies (one token for all) never see these vehicles. With one shared fleet, such a
    // poll could take vehicle ga first — its truck another company's — and Kim then had no truck.
    const k = uid();
    const first = await integratedCompany(`gle-first-${k}`);
    const second = await integratedCompany(`gle-second-${k}`);
    gle.vehicles.push({ id: `ga-${k}`, vin: `ga-${k}`, unitNumber: `GA ${k}`, driver: { id: 'driver-7', name: `Kim Shared${k}` }, token: `gle-first-${k}` });
    expect(await runSync(first.id, 'GLE')).toBeNull();
    const [firstTruck] = await trucksLinked(ctx.db, 'GLE', `ga-${k}`);
    const [kim] = await driversLinked(ctx.db, 'GLE', scopedDriverId(first.id, 'driver-7'));
    expect(kim!.truckId).toBe(firstTruck!.id);

    gle.vehicles.length = 0;
    gle.vehicles.push({ id: `gb-${k}`, vin: `gb-${k}`, unitNumber: `GB ${k}`, driver: { id: 'driver-7', name: `Lou Other${k}` }, token: `gle-second-${k}` });
    expect(await runSync(second.id, 'GLE')).toBeNull();
    const [still] = await ctx.db.select().from(drivers).where(eq(drivers.id, kim!.id));
    expect(still).toMatchObject({ firstName: 'Kim', truckId: firstTruck!.id });
    expect(await driverLink(ctx.db, kim!.id, 'GLE')).toBe(scopedDriverId(first.id, 'driver-7'));
    const [secondTruck] = await trucksLinked(ctx.db, 'GLE', `gb-${k}`);
    const [lou] = await driversLinked(ctx.db, 'GLE', scopedDriverId(second.id, 'driver-7'));
    expect(lou).toMatchObject({ firstName: 'Lou', truckId: secondTruck!.id });
  });
});

describe('syncs never block each other', () => {
  it('a run whose instance died shows as stalled, does not stop another company’s sync, and is taken over by itself', async () => {
    const dead = await integratedCompany();
    const other = await integratedCompany();
    const k = uid();
    samsara.vehicles.push({ id: `v-z-${k}`, name: `Z ${k}`, vin: `z-${k}` });
    // No worker runs while the scene is set: an instance took the dead company's sync and died mid-run.
    await ctx.jobs!.stop(2_000);
    const boss = createBoss(ctx.database);
    await boss.start();
    let live: Awaited<ReturnType<typeof testJobs>> | null = null;
    let app: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      await boss.send(syncQueueOf('SAMSARA'), { companyId: dead.id, provider: 'SAMSARA' }, { singletonKey: `SAMSARA:${dead.id}` });
      expect(await boss.fetch(syncQueueOf('SAMSARA'))).toHaveLength(1); // active, and nobody will finish it
      await ctx.db.insert(integrationSyncStatus).values({
        companyId: dead.id,
        provider: 'SAMSARA',
        state: 'RUNNING',
        runId: 'killed-run',
        startedAt: new Date(Date.now() - 60_000),
        leaseUntil: new Date(Date.now() - 1000),
      });
      // Queued again behind the dead run (what blocked the stately queue's fetch for everyone).
      await boss.send(syncQueueOf('SAMSARA'), { companyId: dead.id, provider: 'SAMSARA' }, { singletonKey: `SAMSARA:${dead.id}` });
      const stalled = (await status(dead.id)).SAMSARA;
      expect(stalled).toMatchObject({ state: 'STALLED', error: 'The last run stopped answering; it will be tried again.' });

      live = await testJobs(ctx.database, ctx.config, ctx.secretKey, { leaseSeconds: LEASE_SECONDS });
      app = await buildApp({
        deps: createAppDeps({
          config: ctx.config,
          database: ctx.database,
          jwtSecret: ctx.jwtSecret,
          secretKey: ctx.secretKey,
          log: silentLogger(),
          jobs: live,
          telematicsRetry: FAST_RETRY,
        }),
      });
      const since = Date.now();
      expect((await sync(other.id, 'SAMSARA', app)).statusCode).toBe(202);
      await settled(other.id, 'SAMSARA', 'SUCCEEDED', 30_000, app);
      expect(Date.now() - since).toBeLessThan(30_000);
      // The dead company's sync recovers by itself: taken over, run, finished.
      const recovered = await settled(dead.id, 'SAMSARA', 'SUCCEEDED', 30_000, app);
      expect(recovered).toMatchObject({ vehicles: 1, error: null });
    } finally {
      await app?.close();
      await live?.stop(2_000);
      await boss.stop({ graceful: false, wait: true, timeout: 2_000 });
    }
  }, 90_000);
});
