import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { tripListQuery } from '@milepost/contracts/trips-api';
import { listTrips } from '../src/modules/trips/queries';
import { reviewJsonSql } from '../src/modules/mileage-review';
import { keepTripFigures } from '../src/modules/trip-figures';
import { figureInputs } from '../src/modules/trip-figures/figures';
import { createTrip } from '../src/modules/trips/service';
import { createSecretBox } from '../src/platform/secret-box';
import { createTestContext, FAST_RETRY, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTripRow, createTripSettings, createTruckRow, createUser, signIn } from './factories';
import { straightDrive } from './fakes/telematics-server';
import { fixedHereRoute, storePositions } from './telematics-fixtures';

/**
 * A regression guard on what the API allocates per request beyond its statement and a bare answer,
 * measured in the same run (a figure that does not depend on the machine's speed or load, unlike
 * time; docs/trips-query-plans.md "Copies and allocations per request"). Allocations are what the
 * garbage collector pays for: the trips page's 28 kB of JSON copied once more per request was the
 * largest single cost the API added to Node's floor.
 */
let ctx: TestContext;
let token: string;
const PAGE = '/api/v1/trips?page=0&size=50';

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
  const truck = await createTruckRow(ctx.db);
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  for (let i = 0; i < 50; i++) await createTripRow(ctx.db, { truckId: truck.id, driverId: driver.id, loadNumber: `LD-ALLOC-${i}`, pickupLocation: 'Chicago, IL, United States' });
}, 60_000);
afterAll(() => ctx.close());

/**
 * Bytes allocated per call of `fn` (V8's sampling heap profiler, every object counted whether
 * or not a collection has freed it since): a sample every 1 kB, so over 100 calls of tens of kB
 * the figure is within a few per cent.
 */
async function allocatedPerCall(fn: () => Promise<unknown>, calls = 100): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      // Objects a collection freed before the profile ends count too (Node 20's protocol has both flags).
      ...({ includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } as object),
    });
    for (let i = 0; i < calls; i++) await fn();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    type Node = { selfSize: number; children: Node[] };
    const total = (n: Node): number => n.selfSize + n.children.reduce((s, c) => s + total(c), 0);
    return total(profile.head as Node) / calls;
  } finally {
    session.disconnect();
  }
}

/**
 * The least each of `a` and `b` allocates per call over four alternating batches: whatever else
 * the test process does meanwhile (an earlier file's timers) only adds to a batch, never takes away.
 */
async function leastAllocated(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 20; i++) await Promise.all([a(), b()]);
  let [least, other] = [Infinity, Infinity];
  for (let batch = 0; batch < 4; batch++) {
    least = Math.min(least, await allocatedPerCall(a));
    other = Math.min(other, await allocatedPerCall(b));
  }
  return [least, other];
}

describe('memory allocated per request (a regression guard: more means a change to look at)', () => {
  it("GET /trips (a page of 50 as the web app asks for it, brotli): under 24 kB beyond the page's statement and a bare Fastify answer of the same bytes", async () => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const answer = await ctx.app.inject({ method: 'GET', url: PAGE, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    const page = (await listTrips(ctx.db, tripListQuery.parse({ page: '0', size: '50' }))).join('');
    expect(page.length).toBeGreaterThan(20_000);

    // The floor: the same statement, then a bare Fastify route answering the API's bytes.
    const bare = Fastify();
    bare.get('/api/v1/trips', async (_req, reply) => {
      await listTrips(ctx.db, tripListQuery.parse({ page: '0', size: '50' }));
      return reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br').send(answer.rawPayload);
    });
    try {
      const [floor, api] = await leastAllocated(
        () => bare.inject({ method: 'GET', url: PAGE, headers }),
        () => ctx.app.inject({ method: 'GET', url: PAGE, headers }),
      );
      // 2026-11-29: 13–15 kB on PGlite and on PostgreSQL. The page's text joined into the envelope and looked up in the compression memo (copied twice) read 73 kB.
      expect(api - floor, `API ${(api / 1024).toFixed(1)} kB, floor ${(floor / 1024).toFixed(1)} kB per request`).toBeLessThan(24 * 1024);
    } finally {
      await bare.close();
    }
  });

  it("GET /mile-stats/{id} (a completed trip's figures kept by the jobs): under 40 kB beyond its statement and a bare Fastify answer of the same bytes", async () => {
    // A trip Chicago → Joliet → Peoria whose GLE track the polls stored; the job keeps its figures.
    const box = createSecretBox(ctx.secretKey);
    await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, gleEnabled: true });
    const company = await createCompanyRow(ctx.db, { gleEnabled: true, gleTokenEncrypted: box.seal('gle-test-token') });
    const truck = await createTruckRow(ctx.db, { companyId: company.id, gleVehicleId: 'gv-alloc' });
    const driver = await createDriverRow(ctx.db, { truckId: truck.id });
    const [a, b, c] = [
      { lat: 41.8781, lng: -87.6298, address: 'Chicago, IL, United States' },
      { lat: 41.525, lng: -88.0817, address: 'Joliet, IL, United States' },
      { lat: 40.6936, lng: -89.589, address: 'Peoria, IL, United States' },
    ];
    const start = new Date(Date.UTC(2026, 9, 5, 13, 0));
    await storePositions(ctx.db, truck.id, [...straightDrive(a, b, start, 60), ...straightDrive(b, c, new Date(start.getTime() + 61 * 60_000), 90)]);
    const route = fixedHereRoute([70_000, 3600], [150_000, 5400]);
    const stop = (s: typeof a, i: number, stopType: string, loadStatus: string, distance: number) => ({
      ...s,
      latitude: s.lat,
      longitude: s.lng,
      stopType,
      loadStatus,
      orderIndex: i,
      distance,
      totalDistance: null,
      duration: null,
    });
    const trip = await createTrip(ctx.db, route, (await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] })).id, {
      truckId: truck.id,
      driverId: driver.id,
      dispatcherId: null,
      identifierType: 'LOAD_NUMBER',
      identifierValue: 'LD-ALLOC-MILES',
      tripStatus: 'COMPLETED',
      pickupDateTime: start,
      startDateTime: start,
      endDateTime: new Date(start.getTime() + 160 * 60_000),
      startOdometer: null,
      endOdometer: null,
      emptyMiles: 40,
      loadedMiles: 90,
      notes: null,
      recoveryReasonId: null,
      tripStops: [stop(a, 0, 'START', 'EMPTY', 0), stop(b, 1, 'PICKUP', 'EMPTY', 70_000), stop(c, 2, 'DELIVERY', 'LOADED', 150_000)],
    } as Parameters<typeof createTrip>[3]);
    await keepTripFigures({ db: ctx.db, secretBox: box, config: ctx.config, retry: FAST_RETRY }, trip.id);

    const url = `/api/v1/mile-stats/${trip.id}`;
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const answer = await ctx.app.inject({ method: 'GET', url, headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const plain = await ctx.app.inject({ method: 'GET', url, headers: { authorization: headers.authorization } });
    const data = plain.json<{ data: { gleStats: { legs: unknown[] } | null } }>().data;
    expect(data.gleStats?.legs).toHaveLength(2);
    // Kept, so the read sends the kept text as PostgreSQL wrote it (jsonb's `": "`, which
    // JSON.stringify never writes): not parsed and written again, no track read.
    const kept = (await figureInputs(ctx.db, trip.id, false, reviewJsonSql))?.details.GLE;
    expect(kept).toContain('"legs": [');
    expect(plain.body).toContain(`"gleStats":${kept}`);

    // The floor: the read's statement, then a bare Fastify route answering the API's bytes.
    const bare = Fastify();
    bare.get('/api/v1/mile-stats/:id', async (_req, reply) => {
      await figureInputs(ctx.db, trip.id, false, reviewJsonSql);
      return reply.header('content-type', 'application/json; charset=utf-8').header('content-encoding', 'br').send(answer.rawPayload);
    });
    try {
      const [floor, api] = await leastAllocated(
        () => bare.inject({ method: 'GET', url, headers }),
        () => ctx.app.inject({ method: 'GET', url, headers }),
      );
      // 2026-11-29: 25 kB on PostgreSQL, 26–30 kB on PGlite (whose statement alone allocates ~530 kB); 29 kB on PostgreSQL
      // when the kept figures were parsed and written again, far more when a track is read (docs/trips-query-plans.md "The Mileage Report read, spliced").
      expect(api - floor, `API ${(api / 1024).toFixed(1)} kB, floor ${(floor / 1024).toFixed(1)} kB per request`).toBeLessThan(40 * 1024);
    } finally {
      await bare.close();
    }
  });
});
