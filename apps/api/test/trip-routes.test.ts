import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PERMISSION_NAMES, SEEDED_ROLES, type PermissionName } from '@milepost/contracts/permissions';
import { cityOf, tripReportTitle } from '@milepost/contracts/trip-map-api';
import { estimateLeg } from '@milepost/geo/estimate';
import { metresToMiles } from '@milepost/geo/units';
import { userRouteSettings } from '../src/db/schema/reference';
import { tripStops, trips } from '../src/db/schema/trips';
import { call, createTestContext, type TestContext } from './harness';
import { createDriverRow, createTruckRow, createUser, signIn } from './factories';
import { FAKE_HERE_KEY, startHereFake, type HereFake } from './fakes/here';

/**
 * Trip figures come from the routing service on every save (docs/routing.md "Trip figures"):
 * each stop's leg, cumulative distance and duration and the trip's route figures, with the
 * saving user's route settings; what the client sends is ignored.
 */

let fake: HereFake;
let plain: TestContext; // no HERE key: the estimate
let withHere: TestContext; // HERE is the local fake, timeout 2.5 s
const tokens = new Map<TestContext, string>();
const userIds = new Map<TestContext, number>();

beforeAll(async () => {
  fake = await startHereFake();
  [plain, withHere] = await Promise.all([createTestContext(), createTestContext({ ...fake.env(), HERE_TIMEOUT_MS: '2500' })]);
  for (const ctx of [plain, withHere]) {
    const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
    userIds.set(ctx, u.id);
    tokens.set(ctx, (await signIn(ctx.app, u)).accessToken);
  }
});
afterAll(async () => {
  await Promise.all([plain?.close(), withHere?.close()]);
  await fake?.close();
});
beforeEach(() => fake.set({ mode: 'ok', apiKey: FAKE_HERE_KEY }));

const api = (ctx: TestContext, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = tokens.get(ctx)) =>
  call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

let seq = 0;
/** Chicago → Gary → Dallas, nudged per call so no two trips share a cached route. */
function stopsFor() {
  seq++;
  const d = seq * 0.0007;
  return [
    {
      address: 'Chicago, IL, United States',
      latitude: 41.878113 + d,
      longitude: -87.629799,
      stopType: 'START',
      loadStatus: 'EMPTY',
      orderIndex: 0,
      distance: 5,
      totalDistance: 5,
      duration: 5,
    },
    {
      address: '7 Industrial Hwy, Gary, IN 46406, United States',
      latitude: 41.593369 + d,
      longitude: -87.346427,
      stopType: 'PICKUP',
      loadStatus: 'EMPTY',
      orderIndex: 1,
      distance: 40_000,
      totalDistance: 1,
      duration: 2400,
    },
    {
      address: 'Dallas, TX, United States',
      latitude: 32.776665 + d,
      longitude: -96.796989,
      stopType: 'DELIVERY',
      loadStatus: 'LOADED',
      orderIndex: 2,
      distance: 9_999_999,
      totalDistance: 2,
      duration: 1,
    },
  ];
}
const pos = (s: { latitude: number; longitude: number }) => ({ lat: s.latitude, lng: s.longitude });

async function tripBody(ctx: TestContext, stops = stopsFor()) {
  const truck = await createTruckRow(ctx.db);
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  return {
    truckId: truck.id,
    driverId: driver.id,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    tripStatus: 'IN_TRANSIT',
    pickupDateTime: '11/20/2026 08:30:00',
    tripStops: stops,
  };
}

interface Stop {
  distance: number | null;
  totalDistance: number | null;
  duration: number | null;
}
async function create(ctx: TestContext, body?: object) {
  const res = await api(ctx, 'POST', '/trips', body ?? (await tripBody(ctx)));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number; routeSource: string | null; tripStops: Stop[]; mileStats: Record<string, number | null> };
}

describe('trip figures on save, without a HERE key', () => {
  it('fills every leg from the estimate with the default settings (trailer, Practical), ignoring the figures sent', async () => {
    const body = await tripBody(plain);
    const trip = await create(plain, body);
    expect(trip.routeSource).toBe('ESTIMATE');
    const s = body.tripStops;
    const leg1 = estimateLeg(pos(s[0]!), pos(s[1]!), 'PRACTICAL', 50);
    const leg2 = estimateLeg(pos(s[1]!), pos(s[2]!), 'PRACTICAL', 50);
    expect(trip.tripStops[0]).toMatchObject({ distance: 0, totalDistance: 0, duration: 0 });
    expect(trip.tripStops[1]!.distance).toBeCloseTo(leg1.distance, 3);
    expect(trip.tripStops[1]!.duration).toBeCloseTo(leg1.duration, 3);
    expect(trip.tripStops[2]!.distance).toBeCloseTo(leg2.distance, 3);
    expect(trip.tripStops[2]!.totalDistance).toBeCloseTo(leg1.distance + leg2.distance, 3);
    // The mileage model: Gary is an empty PICKUP leg, Dallas a loaded one.
    expect(trip.mileStats.miles).toBeCloseTo(metresToMiles(leg2.distance), 6);
    expect(trip.mileStats.totalEmpty).toBeCloseTo(metresToMiles(leg1.distance), 6);
    expect(trip.mileStats.pu).toBeCloseTo(metresToMiles(leg1.distance), 6);
    expect(trip.mileStats.trl).toBe(0);
    expect(trip.mileStats.totalMiles).toBeCloseTo(metresToMiles(leg1.distance + leg2.distance), 6);
    expect(trip.mileStats.totalDuration).toBeCloseTo(leg1.duration + leg2.duration, 3);

    // The list shows them, never blank, with where they came from.
    const list = (await api(plain, 'GET', `/trips?loadNumber=${body.identifierValue}`)).json().data.content;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ routeSource: 'ESTIMATE', trl: 0 });
    for (const k of ['miles', 'totalEmpty', 'pu', 'totalMiles']) expect(list[0][k], k).toBeGreaterThan(0);
  });

  it("uses the saving user's route settings (Shortest): the estimate is the fitted default, as for Practical", async () => {
    const u = await createUser(plain.db, { permissions: ['CAN_CREATE_TRIP', 'CAN_SHOW_TRIPS'] });
    await plain.db.insert(userRouteSettings).values({ userId: u.id, trailerType: null, routingType: 'SHORTEST', distanceUnit: 'KM' });
    const token = (await signIn(plain.app, u)).accessToken;
    const body = await tripBody(plain);
    const res = await api(plain, 'POST', '/trips', body, token);
    expect(res.statusCode).toBe(201);
    const s = body.tripStops;
    expect(res.json().data.tripStops[2].distance).toBeCloseTo(estimateLeg(pos(s[1]!), pos(s[2]!), 'SHORTEST', 50).distance, 3);
  });

  it('routes through the stops with a valid position; one without gets no leg', async () => {
    const stops = stopsFor();
    stops.splice(1, 0, { ...stops[1]!, address: 'Nowhere', latitude: 0, longitude: 0, stopType: 'TRAILER', orderIndex: 1 });
    stops.forEach((s, i) => (s.orderIndex = i));
    const trip = await create(plain, await tripBody(plain, stops));
    expect(trip.tripStops.map((s) => s.distance === null)).toEqual([false, true, false, false]);
    expect(trip.tripStops[2]!.distance).toBeCloseTo(estimateLeg(pos(stops[0]!), pos(stops[2]!), 'PRACTICAL', 50).distance, 3);
    expect(trip.mileStats.trl).toBe(0);
    expect(trip.routeSource).toBe('ESTIMATE');
  });

  it('leaves the figures empty with fewer than 2 valid stops', async () => {
    const [only] = stopsFor();
    const trip = await create(plain, await tripBody(plain, [only!]));
    expect(trip.routeSource).toBeNull();
    expect(trip.mileStats.totalMiles).toBeNull();
    expect(trip.tripStops[0]!.distance).toBeNull();
  });

  it('recomputes on update from the new stops', async () => {
    const body = await tripBody(plain);
    const trip = await create(plain, body);
    const stops = body.tripStops.slice(0, 2).concat([{ ...body.tripStops[2]!, address: 'Memphis, TN, United States', latitude: 35.149534, longitude: -90.04898 }]);
    const res = await api(plain, 'PUT', `/trips/${trip.id}`, { ...body, tripStops: stops, version: trip.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tripStops[2].distance).toBeCloseTo(estimateLeg(pos(stops[1]!), pos(stops[2]!), 'PRACTICAL', 50).distance, 3);
  });
});

describe('trip figures on save, with HERE', () => {
  it("takes HERE's legs (a 53' truck, fast) and says so", async () => {
    const body = await tripBody(withHere);
    const trip = await create(withHere, body);
    expect(trip.routeSource).toBe('HERE');
    const expected = fake.expectedLegs(body.tripStops.map(pos), 'fast');
    expect(trip.tripStops.map((s) => s.distance)).toEqual([0, expected[0]!.length, expected[1]!.length]);
    expect(trip.tripStops.map((s) => s.duration)).toEqual([0, expected[0]!.duration, expected[1]!.duration]);
    expect(trip.tripStops[2]!.totalDistance).toBe(expected[0]!.length + expected[1]!.length);
    expect(trip.mileStats.totalMiles).toBeCloseTo(metresToMiles(expected[0]!.length + expected[1]!.length), 9);
    expect(fake.requests.at(-1)!.query.get('transportMode')).toBe('truck');
  });

  it('falls back to the estimate, labelled, when HERE fails or is too slow — and the save still succeeds', async () => {
    fake.set({ mode: 'server-error' });
    expect((await create(withHere)).routeSource).toBe('ESTIMATE');
    fake.set({ mode: 'slow', delayMs: 6000 });
    const started = Date.now();
    expect((await create(withHere)).routeSource).toBe('ESTIMATE');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not hold the database while waiting for HERE: another write to the trip goes through meanwhile', async () => {
    const body = await tripBody(withHere);
    const trip = await create(withHere, body);
    fake.set({ mode: 'slow', delayMs: 2000 });
    const moved = { ...body, tripStops: stopsFor(), version: trip.version };
    const slowSave = api(withHere, 'PUT', `/trips/${trip.id}`, moved);
    await new Promise((r) => setTimeout(r, 300)); // the save is waiting for HERE
    const started = Date.now();
    const status = await api(withHere, 'PATCH', `/trips/change-trip-status/${trip.id}?tripStatus=COMPLETED`, { version: trip.version });
    expect(status.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500);
    // The save that was routing meanwhile now finds the trip changed: 409, nothing overwritten.
    expect((await slowSave).statusCode).toBe(409);
  });

  it('routes more than 22 stops in overlapping pieces', async () => {
    const stops = Array.from({ length: 30 }, (_, i) => ({
      address: `Stop ${i}, TX, United States`,
      latitude: 30 + i * 0.2 + seq * 0.0001,
      longitude: -97 - (i % 3) * 0.1,
      stopType: i === 0 ? 'START' : i === 29 ? 'DELIVERY' : 'PICKUP',
      loadStatus: i === 29 ? 'LOADED' : 'EMPTY',
      orderIndex: i,
    }));
    const before = fake.requests.length;
    const trip = await create(withHere, await tripBody(withHere, stops as never));
    expect(fake.requests.length - before).toBe(2);
    const expected = fake.expectedLegs(stops.map(pos), 'fast');
    expect(trip.tripStops.slice(1).map((s) => s.distance)).toEqual(expected.map((l) => l.length));
    expect(trip.routeSource).toBe('HERE');
  });
});

describe('POST /trips/recompute-routes', () => {
  it('fills trips saved before the server computed figures, in batches with a cursor', async () => {
    const made = [await create(plain), await create(plain), await create(plain)];
    // As they were stored before this change: client figures, no source.
    for (const t of made) {
      await plain.db.update(trips).set({ routeSource: null, routeTotalM: null, routeM: null }).where(eq(trips.id, t.id));
      await plain.db.update(tripStops).set({ distance: 1, totalDistance: 1 }).where(eq(tripStops.tripId, t.id));
    }
    const ids = made.map((t) => t.id);
    const first = await api(plain, 'POST', '/trips/recompute-routes', { tripIds: ids, limit: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ recomputed: 2, skipped: 0, lastId: ids[1], remaining: 1 });
    const second = (await api(plain, 'POST', '/trips/recompute-routes', { tripIds: ids, limit: 2, afterId: ids[1] })).json().data;
    expect(second).toEqual({ recomputed: 1, skipped: 0, lastId: ids[2], remaining: 0 });
    for (const t of made) {
      const d = (await api(plain, 'GET', `/trips/${t.id}`)).json().data;
      expect(d.routeSource).toBe('ESTIMATE');
      expect(d.mileStats.totalMiles).toBeCloseTo(t.mileStats.totalMiles!, 6);
      expect(d.tripStops[2].distance).toBeCloseTo(t.tripStops[2]!.distance!, 3);
      expect(d.version).toBe(t.version); // not a user edit
    }
    // Nothing missing any more among them.
    expect((await api(plain, 'POST', '/trips/recompute-routes', { tripIds: ids })).json().data).toMatchObject({ recomputed: 0, lastId: null, remaining: 0 });
  });

  it('needs CAN_RECOMPUTE_TRIP_ROUTES, which OWNER holds and DISPATCHER does not', async () => {
    const t = (await signIn(plain.app, await createUser(plain.db, { permissions: ['CAN_EDIT_TRIP', 'CAN_SHOW_TRIPS'] }))).accessToken;
    expect((await api(plain, 'POST', '/trips/recompute-routes', {}, t)).statusCode).toBe(403);
    expect(SEEDED_ROLES.find((r) => r.name === 'OWNER')!.permissions).toContain('CAN_RECOMPUTE_TRIP_ROUTES');
    expect(SEEDED_ROLES.find((r) => r.name === 'DISPATCHER')!.permissions).not.toContain('CAN_RECOMPUTE_TRIP_ROUTES');
    expect((await api(plain, 'POST', '/trips/recompute-routes', { limit: 501 })).statusCode).toBe(400);
  });
});

describe('GET /trips/summary and /trips/report-summary', () => {
  it("answers the trip's figures per source, and its report rows (not /trips/{id})", async () => {
    const body = await tripBody(withHere);
    const trip = await create(withHere, body);
    const q = `truckId=${body.truckId}&number=${body.identifierValue.toLowerCase()}`;
    const summary = await api(withHere, 'GET', `/trips/summary?${q}`);
    expect(summary.statusCode, summary.body).toBe(200);
    const expected = fake.expectedLegs(body.tripStops.map(pos), 'fast');
    const total = expected[0]!.length + expected[1]!.length;
    expect(summary.json().data).toEqual({
      tripId: trip.id,
      truckId: body.truckId,
      identifierType: 'LOAD_NUMBER',
      number: body.identifierValue,
      sources: [{ type: 'here', method: 'HERE', distance: total, duration: expected[0]!.duration + expected[1]!.duration }],
    });

    const report = await api(withHere, 'GET', `/trips/report-summary?${q}`);
    expect(report.statusCode, report.body).toBe(200);
    const here = report.json().data.sources[0];
    expect(here.type).toBe('here');
    expect(here.method).toBe('HERE');
    expect(here.rows).toEqual([
      { stopType: 'START', city: 'Chicago, IL', distance: 0, totalDistance: 0, duration: 0 },
      { stopType: 'PICKUP', city: 'Gary, IN', distance: expected[0]!.length, totalDistance: expected[0]!.length, duration: expected[0]!.duration },
      { stopType: 'DELIVERY', city: 'Dallas, TX', distance: expected[1]!.length, totalDistance: total, duration: expected[1]!.duration },
    ]);
    expect(here.totals).toEqual({ distance: total, duration: expected[0]!.duration + expected[1]!.duration });
    expect(tripReportTitle('here', body.identifierValue)).toBe(`HERE Trip Report - ${body.identifierValue}`);
  });

  it('answers 404 for an unknown truck or number, 400 without them, and needs a map permission', async () => {
    expect((await api(plain, 'GET', '/trips/summary?truckId=999999&number=NOPE')).json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await api(plain, 'GET', '/trips/report-summary?truckId=999999&number=NOPE')).statusCode).toBe(404);
    const missing = await api(plain, 'GET', '/trips/summary?number=X');
    expect(missing.json()).toMatchObject({ status: 400, message: 'truckId is required' });
    const as = async (p: PermissionName[]) => (await signIn(plain.app, await createUser(plain.db, { permissions: p }))).accessToken;
    expect((await api(plain, 'GET', '/trips/summary?truckId=1&number=X', undefined, await as(['CAN_SHOW_TRIPS']))).statusCode).toBe(403);
    expect((await api(plain, 'GET', '/trips/summary?truckId=999999&number=X', undefined, await as(['CAN_SHOW_ROUTES']))).statusCode).toBe(404);
    expect((await api(plain, 'GET', '/trips/report-summary?truckId=999999&number=X', undefined, await as(['CAN_VIEW_TRIP_MAP']))).statusCode).toBe(404);
  });

  it('reads the city from an address', () => {
    expect(cityOf('123 Main St, Dallas, TX 75201, United States')).toBe('Dallas, TX');
    expect(cityOf('Dallas, TX, United States')).toBe('Dallas, TX');
    expect(cityOf('Gary, IN 46406')).toBe('Gary, IN');
    expect(cityOf('Somewhere far')).toBe('Somewhere far');
  });
});
