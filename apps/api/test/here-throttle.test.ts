import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RouteResponse, RoutingStatus } from '@milepost/contracts/routing-api';
import { buildApp } from '../src/app';
import { createAppDeps, silentLogger } from '../src/app-deps';
import { hereThrottle } from '../src/db/schema/routing';
import { trips } from '../src/db/schema/trips';
import { routingServiceFor } from '../src/modules/routing/service';
import { recordAnswered, recordThrottle, throttleState } from '../src/modules/routing/throttle';
import { recomputeEstimatedTrips } from '../src/modules/trip-figures';
import { createTrip } from '../src/modules/trips/service';
import { call, createTestContext, type TestContext } from './harness';
import { createDriverRow, createTruckRow, createUser, signIn } from './factories';
import { FAKE_HERE_KEY, startHereFake, type HereFake } from './fakes/here';

/**
 * HERE's throttle (docs/routing.md#throttles): a 429 or 503 stops every instance from calling HERE
 * until its Retry-After (else a backoff doubling from 30 s up to 10 min) — shared through the
 * database —, routes meanwhile are the labelled estimate, the System screen says since when, and a
 * job routes the trips estimated meanwhile again once HERE answers.
 */
let fake: HereFake;
let ctx: TestContext;
let token: string;
let actorId: number;

beforeAll(async () => {
  fake = await startHereFake();
  ctx = await createTestContext({ ...fake.env(), HERE_RETRY_ESTIMATES_S: '1' }, { jobs: true });
  const user = await createUser(ctx.db, { permissions: ['CAN_VIEW_TRIP_MAP', 'CAN_CREATE_TRIP', 'CAN_VIEW_RADIUS_SETTINGS'] });
  actorId = user.id;
  token = (await signIn(ctx.app, user)).accessToken;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.set({ mode: 'ok', apiKey: FAKE_HERE_KEY, retryAfter: '7' });
  await ctx.db.delete(hereThrottle);
});

let seq = 0;
const stops = () => {
  seq++;
  return [
    { lat: 41.878113 + seq * 0.001, lng: -87.629799 },
    { lat: 39.768403 + seq * 0.001, lng: -86.158068 },
  ];
};
const routerCalls = () => fake.requests.filter((r) => r.path === '/v8/routes').length;
async function route(app = ctx.app): Promise<RouteResponse> {
  const res = await call(app, { method: 'POST', url: '/api/v1/routing/routes', token, payload: { stops: stops(), routingMode: 'PRACTICAL', trailer: true } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RouteResponse }>().data;
}
async function status(): Promise<RoutingStatus> {
  const res = await call(ctx.app, { method: 'GET', url: '/api/v1/routing/status', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RoutingStatus }>().data;
}
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function tripThroughRouting() {
  const truck = await createTruckRow(ctx.db);
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  const [a, b] = stops();
  const trip = await createTrip(ctx.db, routingServiceFor(ctx.config, ctx.db), actorId, {
    truckId: truck.id,
    driverId: driver.id,
    dispatcherId: null,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `TH-${seq}-${Date.now().toString(36)}`,
    tripStatus: 'UPCOMING',
    pickupDateTime: new Date(),
    startDateTime: null,
    endDateTime: null,
    startOdometer: null,
    endOdometer: null,
    emptyMiles: 0,
    loadedMiles: 0,
    notes: null,
    recoveryReasonId: null,
    tripStops: [
      { address: 'Chicago, IL', latitude: a!.lat, longitude: a!.lng, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 0, distance: null, totalDistance: null, duration: null },
      {
        address: 'Indianapolis, IN',
        latitude: b!.lat,
        longitude: b!.lng,
        stopType: 'DELIVERY',
        loadStatus: 'LOADED',
        orderIndex: 1,
        distance: null,
        totalDistance: null,
        duration: null,
      },
    ],
  } as unknown as Parameters<typeof createTrip>[3]);
  return { id: trip.id, stops: [a!, b!] };
}
const tripRow = async (id: number) =>
  (await ctx.db.select({ source: trips.routeSource, reason: trips.routeEstimateReason, routeTotalM: trips.routeTotalM }).from(trips).where(eq(trips.id, id)))[0]!;

describe('HERE throttle shared by every instance', () => {
  it('after a 429 with Retry-After, a second instance on the same database does not call HERE; the trip saved meanwhile is routed again once HERE answers', async () => {
    const second = await buildApp({ deps: createAppDeps({ config: ctx.config, database: ctx.database, jwtSecret: ctx.jwtSecret, secretKey: ctx.secretKey, log: silentLogger() }) });
    try {
      fake.set({ mode: 'throttled', retryAfter: '120' });
      const before = routerCalls();
      const first = await route();
      expect(first).toMatchObject({ source: 'ESTIMATE', estimateReason: 'HERE_THROTTLED' });
      expect(routerCalls()).toBe(before + 1);

      // The other instance, other stops: the estimate, without asking HERE.
      expect(await route(second)).toMatchObject({ source: 'ESTIMATE', estimateReason: 'HERE_THROTTLED' });
      const saved = await tripThroughRouting();
      expect(routerCalls()).toBe(before + 1);
      expect(await tripRow(saved.id)).toMatchObject({ source: 'ESTIMATE', reason: 'HERE_THROTTLED' });

      // The System screen says since when, and until when no one calls HERE.
      const s = await status();
      expect(s).toMatchObject({ here: 'THROTTLED', lastEndedAt: null });
      expect(s.estimatesWaiting).toBeGreaterThanOrEqual(1);
      const since = Date.parse(s.since!);
      expect(Date.parse(s.until!) - since).toBeGreaterThanOrEqual(119_000);
      expect(Date.parse(s.until!) - since).toBeLessThanOrEqual(121_000);
      // A round of the retry job while the throttle lasts asks HERE nothing: it stops at the first trip, still throttled.
      expect(await recomputeEstimatedTrips(ctx.db, routingServiceFor(ctx.config, ctx.db))).toMatchObject({ stoppedBy: 'HERE_THROTTLED' });
      expect(routerCalls()).toBe(before + 1);

      // HERE answers again and the Retry-After has passed (the clock moved on): the job routes the trip with HERE.
      fake.set({ mode: 'ok' });
      await ctx.db.update(hereThrottle).set({ until: sql`now()` });
      const routed = await eventually(
        () => tripRow(saved.id),
        (t) => t.source === 'HERE',
      );
      expect(routed.reason).toBeNull();
      expect(routed.routeTotalM).toBe(fake.expectedLegs(saved.stops, 'fast')[0]!.length);
      const after = await status();
      expect(after).toMatchObject({ here: 'ANSWERING', since: null, until: null });
      expect(after.lastEndedAt).not.toBeNull();
      expect(await route(second)).toMatchObject({ source: 'HERE', estimateReason: null });
    } finally {
      await second.close();
    }
  }, 60_000);

  it('a 503 without Retry-After backs off 30 s, doubling within a spell up to 10 minutes; a new spell starts at 30 s', async () => {
    fake.set({ mode: 'unavailable', retryAfter: null });
    expect(await route()).toMatchObject({ source: 'ESTIMATE', estimateReason: 'HERE_UNAVAILABLE' });
    const waitOf = async () => {
      const s = (await throttleState(ctx.db))!;
      return Math.round((s.until.getTime() - s.since.getTime()) / 1000);
    };
    expect(await waitOf()).toBe(30);
    const calls = routerCalls();
    expect(await route()).toMatchObject({ estimateReason: 'HERE_UNAVAILABLE' });
    expect(routerCalls()).toBe(calls);
    // Refusals within the spell (as other instances would record them): 60, 120, … at most 600 s.
    const backoffs: number[] = [];
    for (let i = 0; i < 6; i++) {
      await recordThrottle(ctx.db, 503, null);
      backoffs.push((await ctx.db.select({ b: hereThrottle.backoffS }).from(hereThrottle))[0]!.b);
    }
    expect(backoffs).toEqual([60, 120, 240, 480, 600, 600]);
    const spell = (await throttleState(ctx.db))!;
    await recordAnswered(ctx.db);
    await recordThrottle(ctx.db, 429, null);
    const next = (await throttleState(ctx.db))!;
    expect(next.reason).toBe('HERE_THROTTLED');
    expect(next.since.getTime()).toBeGreaterThan(spell.since.getTime());
    expect(Math.round((next.until.getTime() - next.since.getTime()) / 1000)).toBe(30);
  });

  it('a trip estimated without a key (NO_KEY) is never routed again by the job; the status needs CAN_VIEW_RADIUS_SETTINGS', async () => {
    const saved = await tripThroughRouting();
    await ctx.db.update(trips).set({ routeSource: 'ESTIMATE', routeEstimateReason: 'NO_KEY' }).where(eq(trips.id, saved.id));
    // A round of the retry job (HERE answering) leaves it alone.
    await recomputeEstimatedTrips(ctx.db, routingServiceFor(ctx.config, ctx.db));
    expect(await tripRow(saved.id)).toMatchObject({ source: 'ESTIMATE', reason: 'NO_KEY' });
    const other = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_VIEW_TRIP_MAP'] }))).accessToken;
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/routing/status', token: other })).statusCode).toBe(403);
  });
});
