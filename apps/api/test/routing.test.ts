import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decode } from '@milepost/geo/flexpolyline';
import { ROUTING_MESSAGES, type RouteResponse } from '@milepost/contracts/routing-api';
import { estimateLeg } from '@milepost/geo/estimate';
import { routeCache } from '../src/db/schema/routing';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';
import { FAKE_HERE_KEY, startHereFake, type HereFake } from './fakes/here';

let fake: HereFake;
let plain: TestContext; // no HERE key
let withHere: TestContext; // HERE is the local fake, timeout 300 ms
let plainToken: string;
let token: string;

beforeAll(async () => {
  fake = await startHereFake();
  [plain, withHere] = await Promise.all([createTestContext(), createTestContext({ ...fake.env(), HERE_TIMEOUT_MS: '300' })]);
  plainToken = (await signIn(plain.app, await createUser(plain.db, { permissions: ['CAN_SHOW_ROUTES'] }))).accessToken;
  token = (await signIn(withHere.app, await createUser(withHere.db, { permissions: ['CAN_VIEW_TRIP_MAP'] }))).accessToken;
});
afterAll(async () => {
  await Promise.all([plain?.close(), withHere?.close()]);
  await fake?.close();
});
beforeEach(() => fake.set({ mode: 'ok', apiKey: FAKE_HERE_KEY }));

/** Distinct stops per test, so one test's cached answer never serves another. */
let seq = 0;
function stopsFor(n = 3) {
  seq++;
  const base = [
    { lat: 41.878113, lng: -87.629799 }, // Chicago
    { lat: 39.768403, lng: -86.158068 }, // Indianapolis
    { lat: 35.149534, lng: -90.04898 }, // Memphis
    { lat: 32.776665, lng: -96.796989 }, // Dallas
  ];
  return base.slice(0, n).map((p, i) => ({ lat: p.lat + seq * 0.001, lng: p.lng - i * 0.0001 }));
}

async function route(ctx: TestContext, body: object, auth: string | undefined = ctx === plain ? plainToken : token) {
  return call(ctx.app, { method: 'POST', url: '/api/v1/routing/routes', token: auth, payload: body });
}
async function ok(ctx: TestContext, body: object): Promise<RouteResponse> {
  const res = await route(ctx, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RouteResponse }>().data;
}
const routerCalls = () => fake.requests.filter((r) => r.path === '/v8/routes').length;

describe('POST /routing/routes with HERE', () => {
  it('asks HERE Routing v8 for a 53-foot tractor-trailer and answers its legs, primary first, 2 alternatives', async () => {
    const stops = stopsFor(4);
    const data = await ok(withHere, { stops, routingMode: 'PRACTICAL', trailer: true });
    expect(data.source).toBe('HERE');
    expect(data.estimateReason).toBeNull();
    expect(data.routes).toHaveLength(3);
    const primary = data.routes[0]!;
    const expected = fake.expectedLegs(stops, 'fast');
    expect(primary.legs.map((l) => [l.distance, l.duration])).toEqual(expected.map((l) => [l.length, l.duration]));
    expect(primary.distance).toBe(expected.reduce((a, l) => a + l.length, 0));
    expect(primary.truckRestricted).toBe(false);
    // Alternatives come after, longer.
    expect(data.routes[1]!.distance).toBeGreaterThan(primary.distance);
    // The legs' polylines are HERE's: the first starts at the first stop.
    const first = decode(primary.legs[0]!.polyline).polyline[0]!;
    expect(first[0]).toBeCloseTo(stops[0]!.lat, 5);

    const q = fake.requests.filter((r) => r.path === '/v8/routes').at(-1)!.query;
    expect(q.get('transportMode')).toBe('truck');
    expect(q.get('routingMode')).toBe('fast');
    expect(q.get('origin')).toBe(`${stops[0]!.lat},${stops[0]!.lng}`);
    expect(q.get('destination')).toBe(`${stops[3]!.lat},${stops[3]!.lng}`);
    expect(q.getAll('via')).toEqual([`${stops[1]!.lat},${stops[1]!.lng}`, `${stops[2]!.lat},${stops[2]!.lng}`]);
    expect(q.get('alternatives')).toBe('2');
    expect(q.get('avoid[features]')).toBe('ferry');
    // Planning mode: the same stops give the same miles whenever the trip is saved.
    expect(q.get('departureTime')).toBe('any');
    expect(q.get('return')).toBe('polyline,summary');
    for (const unused of ['lang', 'units']) expect(q.has(unused)).toBe(false);
    expect(Object.fromEntries([...q].filter(([k]) => k.startsWith('vehicle[')))).toEqual({
      'vehicle[type]': 'tractor',
      'vehicle[grossWeight]': '36287',
      'vehicle[height]': '411',
      'vehicle[width]': '259',
      'vehicle[length]': '2195',
      'vehicle[trailerCount]': '1',
      'vehicle[axleCount]': '5',
    });
    expect([...q.keys()].some((k) => k.startsWith('truck['))).toBe(false);
  });

  it('asks for a car without the trailer, and the short mode for Shortest', async () => {
    const stops = stopsFor(2);
    const data = await ok(withHere, { stops, routingMode: 'SHORTEST', trailer: false });
    expect(data.routes[0]!.distance).toBe(fake.expectedLegs(stops, 'short')[0]!.length);
    const q = fake.requests.at(-1)!.query;
    expect(q.get('transportMode')).toBe('car');
    expect(q.get('routingMode')).toBe('short');
    expect(q.get('departureTime')).toBe('any');
    expect([...q.keys()].some((k) => k.startsWith('vehicle['))).toBe(false);
  });

  it('answers the same stops and settings from the PostgreSQL cache for 10 minutes, then asks HERE again', async () => {
    const body = { stops: stopsFor(3), routingMode: 'PRACTICAL', trailer: true };
    const first = await ok(withHere, body);
    const calls = routerCalls();
    expect(await ok(withHere, body)).toEqual(first);
    expect(routerCalls()).toBe(calls);
    // Other settings are another answer.
    await ok(withHere, { ...body, trailer: false });
    expect(routerCalls()).toBe(calls + 1);
    // Eleven minutes later the answer is stale.
    await withHere.db.update(routeCache).set({ createdAt: sql`now() - interval '11 minutes'` });
    await ok(withHere, body);
    expect(routerCalls()).toBe(calls + 2);
  });

  it('keeps a route with a violatedVehicleRestriction notice, flagged not truck-legal', async () => {
    fake.set({ mode: 'restricted' });
    const data = await ok(withHere, { stops: stopsFor(3), routingMode: 'PRACTICAL', trailer: true });
    expect(data.source).toBe('HERE');
    expect(data.routes[0]!.truckRestricted).toBe(true);
    expect(data.routes[0]!.notices).toEqual([{ code: 'violatedVehicleRestriction', title: 'Violated vehicle restriction.', severity: 'critical' }]);
    expect(ROUTING_MESSAGES.notTruckLegal).toMatch(/Not truck-legal/);
  });

  it.each([
    ['200 with no route (noRouteFound)', 'no-route', 'NO_ROUTE'],
    ['a 5xx', 'server-error', 'HERE_ERROR'],
  ] as const)('answers the estimate on %s, and does not cache it', async (_label, mode, reason) => {
    fake.set({ mode });
    const body = { stops: stopsFor(3), routingMode: 'SHORTEST', trailer: true };
    const data = await ok(withHere, body);
    expect(data.source).toBe('ESTIMATE');
    expect(data.estimateReason).toBe(reason);
    expect(data.routes).toHaveLength(1);
    expect(data.routes[0]!.distance).toBeCloseTo(
      estimateLeg(body.stops[0]!, body.stops[1]!, 'SHORTEST', 50).distance + estimateLeg(body.stops[1]!, body.stops[2]!, 'SHORTEST', 50).distance,
      3,
    );
    fake.set({ mode: 'ok' });
    expect((await ok(withHere, body)).source).toBe('HERE');
  });

  it('answers the estimate when HERE refuses the key (401)', async () => {
    fake.set({ apiKey: 'another-key' });
    const data = await ok(withHere, { stops: stopsFor(2), routingMode: 'PRACTICAL', trailer: true });
    expect(data).toMatchObject({ source: 'ESTIMATE', estimateReason: 'HERE_ERROR' });
  });

  it('gives up on a slow HERE at the timeout (here 300 ms) and answers the estimate', async () => {
    fake.set({ mode: 'slow', delayMs: 6000 });
    const started = Date.now();
    const data = await ok(withHere, { stops: stopsFor(2), routingMode: 'PRACTICAL', trailer: true });
    expect(Date.now() - started).toBeLessThan(4000); // far from HERE's 6 s, on a busy machine too
    expect(data).toMatchObject({ source: 'ESTIMATE', estimateReason: 'TIMEOUT' });
  });
});

describe('POST /routing/routes without a key', () => {
  it('answers the estimate: WGS84 distance × circuity per leg, at the average speed, straight polylines', async () => {
    const stops = stopsFor(3);
    const data = await ok(plain, { stops, routingMode: 'PRACTICAL', trailer: true });
    expect(data).toMatchObject({ source: 'ESTIMATE', estimateReason: 'NO_KEY' });
    const [route] = data.routes;
    expect(route!.legs).toHaveLength(2);
    for (const [i, leg] of route!.legs.entries()) {
      const e = estimateLeg(stops[i]!, stops[i + 1]!, 'PRACTICAL', 50);
      expect(leg.distance).toBeCloseTo(e.distance, 3);
      expect(leg.duration).toBeCloseTo(e.duration, 3);
      const line = decode(leg.polyline).polyline;
      expect(line).toHaveLength(2);
      expect(line[0]![0]).toBeCloseTo(stops[i]!.lat, 5);
      expect(line[1]![1]).toBeCloseTo(stops[i + 1]!.lng, 5);
    }
    expect(route!.distance).toBeCloseTo(route!.legs[0]!.distance + route!.legs[1]!.distance, 6);
  });
});

describe('POST /routing/routes rules', () => {
  it('answers 400 with a clear message for 1 or 23 stops, a zero or out-of-range position, a bad mode', async () => {
    const bad = [
      [{ stops: stopsFor(1), routingMode: 'PRACTICAL', trailer: true }, ROUTING_MESSAGES.stopsCount],
      [{ stops: Array.from({ length: 23 }, (_, i) => ({ lat: 30 + i * 0.1, lng: -90 })), routingMode: 'PRACTICAL', trailer: true }, ROUTING_MESSAGES.stopsCount],
      [
        {
          stops: [
            { lat: 0, lng: -90 },
            { lat: 31, lng: -90 },
          ],
          routingMode: 'PRACTICAL',
          trailer: true,
        },
        ROUTING_MESSAGES.stopInvalid,
      ],
      [
        {
          stops: [
            { lat: 91, lng: -90 },
            { lat: 31, lng: -90 },
          ],
          routingMode: 'PRACTICAL',
          trailer: true,
        },
        ROUTING_MESSAGES.stopInvalid,
      ],
      [{ stops: stopsFor(2), routingMode: 'FASTEST', trailer: true }, ROUTING_MESSAGES.routingMode],
      [{ stops: stopsFor(2), routingMode: 'PRACTICAL' }, ROUTING_MESSAGES.trailer],
    ] as const;
    for (const [body, message] of bad) {
      const res = await route(plain, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    // 22 stops is the most (origin, 20 vias, destination).
    expect((await route(plain, { stops: Array.from({ length: 22 }, (_, i) => ({ lat: 30 + i * 0.1, lng: -90 })), routingMode: 'PRACTICAL', trailer: true })).statusCode).toBe(200);
  });

  it('needs a sign-in and one of the trip-planning or map permissions', async () => {
    const body = { stops: stopsFor(2), routingMode: 'PRACTICAL', trailer: true };
    expect((await route(plain, body, '')).statusCode).toBe(401);
    const none = (await signIn(plain.app, await createUser(plain.db))).accessToken;
    expect((await route(plain, body, none)).json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    for (const p of ['CAN_CREATE_TRIP', 'CAN_EDIT_TRIP', 'CAN_VIEW_TRIP_MAP', 'CAN_SHOW_ROUTES'] as const) {
      const t = (await signIn(plain.app, await createUser(plain.db, { permissions: [p] }))).accessToken;
      expect((await route(plain, body, t)).statusCode, p).toBe(200);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await call(plain.app, { method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/v1/routing/routes'].post).toBeDefined();
    expect(doc.paths['/api/v1/map-tiles/{z}/{x}/{y}'].get).toBeDefined();
  });
});

describe('place search and map tiles through the API', () => {
  const search = (ctx: TestContext, q: string, t: string) => call(ctx.app, { method: 'GET', url: `/api/v1/places/autosuggest?q=${q}&at=32.7,-96.8`, token: t });

  it('asks HERE Autosuggest with the key, keeps only places with a position and an address', async () => {
    const res = await search(withHere, 'dal', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      source: 'HERE',
      items: [
        { id: 'here:pds:place:dallas', title: 'Dallas, TX, United States', address: { label: 'Dallas, TX, United States' }, position: { lat: 32.77822, lng: -96.79512 } },
        { id: 'here:pds:place:dalhart', title: 'Dalhart, TX, United States', address: { label: 'Dalhart, TX 79022, United States' }, position: { lat: 36.05948, lng: -102.51325 } },
      ],
    });
    const q = fake.requests.filter((r) => r.path === '/v1/autosuggest').at(-1)!.query;
    expect(Object.fromEntries(q)).toMatchObject({ q: 'dal', at: '32.7,-96.8', in: 'countryCode:USA', limit: '5', lang: 'en-US', apiKey: FAKE_HERE_KEY });
    expect(res.body).not.toContain(FAKE_HERE_KEY);
  });

  it('falls back to the offline gazetteer when HERE fails (5xx or a bad key)', async () => {
    // Texts not searched before: 'dal' is now answered from the autosuggest cache (paid-calls.test.ts).
    fake.set({ mode: 'server-error' });
    const res = await search(withHere, 'dall', token);
    expect(res.json().data.source).toBe('OFFLINE');
    expect(res.json().data.items[0].title).toBe('Dallas, TX, United States');
    fake.set({ mode: 'ok', apiKey: 'another-key' });
    expect((await search(withHere, 'dalla', token)).json().data.source).toBe('OFFLINE');
  });

  it('GET /client-config hands out no key: OFFLINE without one, a signed tile link with one', async () => {
    const offline = await call(plain.app, { method: 'GET', url: '/api/v1/client-config', token: plainToken });
    expect(offline.json()).toEqual({ data: { mapTiles: { provider: 'OFFLINE' } } });

    const res = await call(withHere.app, { method: 'GET', url: '/api/v1/client-config', token });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain(FAKE_HERE_KEY);
    const tiles = res.json().data.mapTiles;
    expect(tiles.provider).toBe('HERE');
    expect(tiles.urlTemplate).toMatch(/^\/api\/v1\/map-tiles\/\{z\}\/\{x\}\/\{y\}\?token=[\w.-]+$/);
    // Short-lived (MAP_TILE_TOKEN_TTL_MINUTES, 15 by default): the web app asks again before it runs out.
    expect(new Date(tiles.expiresAt).getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(new Date(tiles.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect((await call(withHere.app, { method: 'GET', url: '/api/v1/client-config' })).statusCode).toBe(401);
  });

  it('serves HERE tiles with the signed token, keeps them in the database, and refuses a bad token', async () => {
    const template: string = (await call(withHere.app, { method: 'GET', url: '/api/v1/client-config', token })).json().data.mapTiles.urlTemplate;
    const url = (z: number, x: number, y: number) => template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
    const tileCalls = () => fake.requests.filter((r) => r.path.startsWith('/v3/base/mc/')).length;

    const before = tileCalls();
    const res = await call(withHere.app, { method: 'GET', url: url(6, 14, 25) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(tileCalls()).toBe(before + 1);
    expect(fake.requests.at(-1)!.path).toBe('/v3/base/mc/6/14/25/png8');
    expect(fake.requests.at(-1)!.query.get('style')).toBe('logistics.day');
    // From the cache: HERE is not asked again, even while it fails.
    fake.set({ mode: 'server-error' });
    expect((await call(withHere.app, { method: 'GET', url: url(6, 14, 25) })).statusCode).toBe(200);
    expect(tileCalls()).toBe(before + 1);
    // Not cached and HERE down: 503.
    expect((await call(withHere.app, { method: 'GET', url: url(6, 14, 26) })).json()).toMatchObject({ status: 503, code: 'UNAVAILABLE' });

    const forged = url(6, 14, 25).replace(/\.[\w-]+$/, '.AAAA');
    expect(forged).not.toBe(url(6, 14, 25));
    for (const bad of [forged, url(6, 14, 25).replace(/\?token=.*$/, '?token=x'), `/api/v1/map-tiles/6/14/25?token=${Math.floor(Date.now() / 1000) - 5}.abc`]) {
      expect((await call(withHere.app, { method: 'GET', url: bad })).json(), bad).toMatchObject({ status: 401, code: 'MAP_TILE_TOKEN_INVALID' });
    }
    // No key: no tiles.
    const plainTemplate = `/api/v1/map-tiles/6/14/25?token=x`;
    expect((await call(plain.app, { method: 'GET', url: plainTemplate })).statusCode).toBe(401);
  });
});
