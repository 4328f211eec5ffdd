import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { envelope } from '@milepost/contracts/api';
import { tripMileStats as tripMileStatsSchema, type TripMileStats } from '@milepost/contracts/mile-stats-api';
import type { TripRouteData } from '@milepost/contracts/route-data-api';
import type { TripMapReport, TripMapSummary } from '@milepost/contracts/trip-map-api';
import { decode } from '@milepost/geo/flexpolyline';
import { wgs84Meters } from '@milepost/geo/distance';
import { tripMileStats, tripTracks } from '../src/db/schema/telematics';
import { recoveryReasons } from '../src/db/schema/reference';
import { trips } from '../src/db/schema/trips';
import { keepTripFigures } from '../src/modules/trip-figures';
import { LATE_FIXES_MS } from '../src/modules/telematics/tracks';
import { createTrip } from '../src/modules/trips/service';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, FAST_RETRY, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, setCompanyProvider, signIn, createTripSettings, setTripSwitches } from './factories';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { startFakeGle, type FakeGle } from './fakes/gle';
import { straightDrive, type FakeFix } from './fakes/telematics-server';
import { storePositions, fixedHereRoute } from './telematics-fixtures';
import { metresToMiles } from '@milepost/geo/units';

let ctx: TestContext;
let samsara: FakeSamsara;
let gle: FakeGle;
let viewer: string;
let actorId: number;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const MI = metresToMiles(1);

// Three stops 40–60 miles apart in Illinois.
const A = { lat: 41.8781, lng: -87.6298, address: 'Chicago, IL, United States' };
const B = { lat: 41.525, lng: -88.0817, address: 'Joliet, IL, United States' };
const C = { lat: 40.6936, lng: -89.589, address: 'Peoria, IL, United States' };
const legAB = wgs84Meters(A, B);
const legBC = wgs84Meters(B, C);

/**
 * Trip saves route their stops on the server (docs/routing.md); these tests are about mile
 * stats, so the route is a fixed HERE answer: 70 km to the pickup, 150 km loaded.
 */
/** A fixed HERE route of 220 km: 70 km empty, 150 km loaded. */
const fixedRoute = fixedHereRoute([70_000, 3600], [150_000, 5400]);

beforeAll(async () => {
  samsara = await startFakeSamsara();
  gle = await startFakeGle();
  ctx = await createTestContext({ SAMSARA_BASE_URL: samsara.url, GLE_BASE_URL: gle.url });
  await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS', 'CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_EDIT_MILEAGE_REPORT_TRIP', 'CAN_VIEW_TRIP_MAP'] });
  actorId = user.id;
  viewer = (await signIn(ctx.app, user)).accessToken;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
  await gle?.close();
});

beforeEach(() => {
  samsara.historyPageSize = 200;
});

/** A completed (or in-transit) trip A → B → C on a truck known to both providers, with tracks in both fakes. */
async function tripWithTracks(opts: { status?: 'COMPLETED' | 'IN_TRANSIT'; start?: Date; gle?: boolean } = {}) {
  const k = uid();
  const box = createSecretBox(ctx.secretKey);
  const company = await createCompanyRow(ctx.db, {
    samsaraEnabled: true,
    gleEnabled: true,
    samsaraTokenEncrypted: box.seal('samsara-test-token'),
    gleTokenEncrypted: box.seal('gle-test-token'),
  });
  const truck = await createTruckRow(ctx.db, { companyId: company.id, vehicleId: `sv-${k}`, gleVehicleId: `gv-${k}` });
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  const start = opts.start ?? new Date(Date.UTC(2026, 9, 5, 13, 0));
  const fixes: FakeFix[] = [...straightDrive(A, B, start, 60), ...straightDrive(B, C, new Date(start.getTime() + 61 * 60_000), 90, 500_000_000 + legAB)];
  samsara.vehicles.push({ id: `sv-${k}`, name: `S ${k}`, vin: `svin-${k}` });
  samsara.history.set(`sv-${k}`, fixes);
  // GLE has no history: its track is the positions its polls stored (docs/integrations/gle.md).
  if (opts.gle ?? true) await storePositions(ctx.db, truck.id, fixes);
  const status = opts.status ?? 'COMPLETED';
  const end = new Date(start.getTime() + 160 * 60_000);
  const trip = await createTrip(ctx.db, fixedRoute, actorId, {
    truckId: truck.id,
    driverId: driver.id,
    dispatcherId: null,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-${k}`,
    tripStatus: status,
    pickupDateTime: start,
    startDateTime: start,
    endDateTime: status === 'COMPLETED' ? end : null,
    startOdometer: null,
    endOdometer: null,
    emptyMiles: 40,
    loadedMiles: 90,
    notes: null,
    recoveryReasonId: null,
    tripStops: [
      { ...A, latitude: A.lat, longitude: A.lng, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, totalDistance: 0, duration: 0 },
      { ...B, latitude: B.lat, longitude: B.lng, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 1, distance: 70_000, totalDistance: 70_000, duration: 3600 },
      { ...C, latitude: C.lat, longitude: C.lng, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 2, distance: 150_000, totalDistance: 220_000, duration: 5400 },
    ],
  } as Parameters<typeof createTrip>[3]);
  return { trip, truck, driver, company, vehicleId: `sv-${k}`, gleVehicleId: `gv-${k}`, number: `LD-${k}` };
}

async function mileStats(tripId: number, token = viewer) {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${tripId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  // The route sends its JSON text unchecked: every answer here is checked against the response schema, no key more or less.
  const body = res.json<{ data: TripMileStats }>();
  expect(envelope(tripMileStatsSchema).parse(body)).toEqual(body);
  return body.data;
}

/** The jobs' work for a trip (the sync, a COMPLETED save, the refresh call): fetch what is missing, keep the figures. */
const keep = (tripId: number) => keepTripFigures({ db: ctx.db, secretBox: createSecretBox(ctx.secretKey), config: ctx.config, retry: FAST_RETRY }, tripId);

const historyCalls = (vehicleId: string) => samsara.requests.filter((r) => r.path === '/fleet/vehicles/stats/history' && r.query.get('vehicleIds') === vehicleId);

describe('GET /mile-stats/{tripId}', () => {
  it('answers HERE, Samsara and GLE figures side by side, with the manual figures, from histories fetched page by page', async () => {
    samsara.historyPageSize = 40; // 152 fixes: four pages
    const { trip, vehicleId } = await tripWithTracks();
    await keep(trip.id);
    const s = await mileStats(trip.id);

    expect(s.manualStats).toEqual({ emptyMiles: 40, loadedMiles: 90, payableMileage: 130, version: expect.any(Number) });
    expect(s.hereStats).toMatchObject({ totalEmpty: 70_000 * MI, pu: 70_000 * MI, miles: 150_000 * MI, totalMiles: 220_000 * MI, totalOdometers: null });

    // The fakes' odometers count a spherical distance; within 0.3 % of the WGS84 legs.
    const near = (a: number, b: number) => expect(Math.abs(a - b) / b).toBeLessThan(0.003);
    for (const stats of [s.samsaraStats!, s.gleStats!]) {
      near(stats.totalEmpty, legAB * MI);
      expect(stats.pu).toBe(stats.totalEmpty);
      expect(stats.trl).toBe(0);
      near(stats.miles, legBC * MI);
      expect(stats.totalMiles).toBeCloseTo(stats.miles + stats.totalEmpty, 9);
    }
    near(s.samsaraStats!.totalOdometers!, (legAB + legBC) * MI);
    expect(s.samsaraStats!.legs.map((l) => [l.stopType, l.method, l.otherMethod, l.differs, l.gap])).toEqual([
      ['PICKUP', 'ODOMETER', 'GPS', false, false],
      ['DELIVERY', 'ODOMETER', 'GPS', false, false],
    ]);
    // GLE reports no odometer: its legs are measured along the sampled track.
    expect(s.gleStats!.totalOdometers).toBeNull();
    expect(s.gleStats!.legs.map((l) => [l.stopType, l.method, l.otherMethod, l.differs, l.gap])).toEqual([
      ['PICKUP', 'GPS', null, false, false],
      ['DELIVERY', 'GPS', null, false, false],
    ]);
    // Samsara's history is not paged by the SDK: Milepost followed `after` itself, asking for the
    // three series in one comma-separated `types`.
    const calls = historyCalls(vehicleId);
    expect(calls).toHaveLength(4);
    expect(calls.slice(1).every((c) => c.query.get('after'))).toBe(true);
    expect(calls[0]!.query.getAll('types')).toEqual(['gps,obdOdometerMeters,gpsDistanceMeters']);
    // GLE's track was read from the stored positions, page by page, and called no one.
    const [gleTrack] = await ctx.db
      .select()
      .from(tripTracks)
      .where(and(eq(tripTracks.tripId, trip.id), eq(tripTracks.source, 'GLE')));
    expect(gleTrack!.pointCount).toBe(152);
    expect(gle.requests).toHaveLength(0);

    // Kept for the reports under the names they read, in metres (docs/decisions/020-one-unit.md).
    const kept = await ctx.db.select().from(tripMileStats).where(eq(tripMileStats.tripId, trip.id));
    expect(kept.map((r) => r.source).sort()).toEqual(['GLE', 'SAMSARA']);
    const samsaraRow = kept.find((r) => r.source === 'SAMSARA')!;
    expect(samsaraRow.totalM! * MI).toBeCloseTo(s.samsaraStats!.totalMiles, 6);
    expect(samsaraRow.totalOdometersM! * MI).toBeCloseTo(s.samsaraStats!.totalOdometers!, 6);
  });

  it('reopening a trip never fetches an unchanged window again; a changed window is fetched again', async () => {
    const { trip, vehicleId } = await tripWithTracks();
    await keep(trip.id);
    const first = await mileStats(trip.id);
    const n = historyCalls(vehicleId).length;
    const [stored] = await ctx.db
      .select()
      .from(tripTracks)
      .where(and(eq(tripTracks.tripId, trip.id), eq(tripTracks.source, 'SAMSARA')));
    expect(stored!.pointCount).toBe(152);
    // Compact: a flexible polyline with the fix time as third dimension, speeds and odometers as typed arrays.
    expect(stored!.polyline.length / stored!.pointCount).toBeLessThan(12);
    expect(stored!.speeds.byteLength).toBe(152 * 2);
    await keep(trip.id);
    expect(await mileStats(trip.id)).toEqual(first);
    expect(historyCalls(vehicleId)).toHaveLength(n);

    // A later end time widens the window: it is fetched again.
    await ctx.db
      .update(trips)
      .set({ endDateTime: new Date(Date.UTC(2026, 9, 5, 16, 0)), version: trip.version + 1 })
      .where(eq(trips.id, trip.id));
    await keep(trip.id);
    expect(historyCalls(vehicleId).length).toBeGreaterThan(n);
  });

  it('a trip in transit fetches what came after the stored part, from the late-fix window before it', async () => {
    const start = new Date(Date.now() - 100 * 60_000);
    const { trip, vehicleId } = await tripWithTracks({ status: 'IN_TRANSIT', start });
    await keep(trip.id);
    const first = await mileStats(trip.id);
    expect(first.samsaraStats!.legs[0]!.method).toBe('ODOMETER');
    const [stored] = await ctx.db
      .select()
      .from(tripTracks)
      .where(and(eq(tripTracks.tripId, trip.id), eq(tripTracks.source, 'SAMSARA')));
    await keep(trip.id);
    const calls = historyCalls(vehicleId);
    const last = calls.at(-1)!;
    // Two hours before where the stored part ends (fixes uploaded late), never before the trip's start.
    expect(Date.parse(last.query.get('startTime')!)).toBe(Math.max(start.getTime(), stored!.fetchedTo.getTime() - LATE_FIXES_MS));
    expect(Date.parse(calls[0]!.query.get('startTime')!)).toBe(start.getTime());
  });

  it('a provider that fails leaves its source empty (or what was stored) without failing the answer, and resumes where it stopped', async () => {
    samsara.historyPageSize = 50;
    const { trip, vehicleId } = await tripWithTracks();
    // Page 1 comes back, then Samsara fails on every retry a request makes.
    samsara.fail(/stats\/history$/, { kind: 'slow', delayMs: 0 }, 1);
    samsara.fail(/stats\/history$/, { kind: 'status', status: 503 }, FAST_RETRY.attempts);
    await keep(trip.id);
    const s = await mileStats(trip.id);
    expect(historyCalls(vehicleId)).toHaveLength(1 + FAST_RETRY.attempts);
    expect(s.gleStats).not.toBeNull();
    // 50 fixes (A → B is not complete) were kept; the first leg is measured only if B was reached.
    const [partial] = await ctx.db
      .select()
      .from(tripTracks)
      .where(and(eq(tripTracks.tripId, trip.id), eq(tripTracks.source, 'SAMSARA')));
    expect(partial!.pointCount).toBe(50);
    expect(s.samsaraStats!.legs.every((l) => l.miles === null)).toBe(true);
    // Samsara is back: the next open fetches from the last stored fix on.
    const fixes = samsara.history.get(vehicleId)!;
    await keep(trip.id);
    const after = await mileStats(trip.id);
    // From the last stored fix, less the late-fix window (never before the trip's start).
    expect(Date.parse(historyCalls(vehicleId).at(-1)!.query.get('startTime')!)).toBe(Math.max(partial!.windowStart.getTime(), fixes[49]!.time - LATE_FIXES_MS));
    // Samsara's odometer and GLE's sampled track measure the same drive.
    expect(Math.abs(after.samsaraStats!.totalMiles - s.gleStats!.totalMiles) / s.gleStats!.totalMiles).toBeLessThan(0.003);
    const [whole] = await ctx.db
      .select()
      .from(tripTracks)
      .where(and(eq(tripTracks.tripId, trip.id), eq(tripTracks.source, 'SAMSARA')));
    expect(whole!.pointCount).toBe(152);
  });

  it('shows a telematics source only while the company and the trip settings have it switched on', async () => {
    const { trip, company } = await tripWithTracks();
    await keep(trip.id);
    expect((await mileStats(trip.id)).samsaraStats).not.toBeNull();
    await setCompanyProvider(ctx.db, company.id, 'SAMSARA', { enabled: false });
    const off = await mileStats(trip.id);
    expect(off.samsaraStats).toBeNull();
    expect(off.gleStats).not.toBeNull();
    await setTripSwitches(ctx.db, { gleEnabled: false });
    try {
      expect((await mileStats(trip.id)).gleStats).toBeNull();
    } finally {
      await setTripSwitches(ctx.db, { gleEnabled: true });
    }
  });

  it('needs CAN_VIEW_MILEAGE_REPORT_TRIP; saving the manual figures needs CAN_EDIT_MILEAGE_REPORT_TRIP', async () => {
    const { trip } = await tripWithTracks();
    const plain = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS', 'CAN_VIEW_TRIP_MAP'] });
    const token = (await signIn(ctx.app, plain)).accessToken;
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${trip.id}`, token })).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${trip.id}` })).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/mile-stats/abc', token: viewer })).statusCode).toBe(400);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/mile-stats/99999999', token: viewer })).statusCode).toBe(404);

    const readOnly = await createUser(ctx.db, { permissions: ['CAN_VIEW_MILEAGE_REPORT_TRIP'] });
    const ro = (await signIn(ctx.app, readOnly)).accessToken;
    const { version } = (await mileStats(trip.id)).manualStats;
    const body = { tripId: trip.id, emptyMiles: 41.5, loadedMiles: 95, version };
    expect((await call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token: ro, payload: body })).statusCode).toBe(403);
    expect((await mileStats(trip.id)).manualStats).toEqual({ emptyMiles: 40, loadedMiles: 90, payableMileage: 130, version });
    const saved = await call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token: viewer, payload: body });
    expect(saved.statusCode).toBe(200);
    expect((await mileStats(trip.id)).manualStats).toEqual({ emptyMiles: 41.5, loadedMiles: 95, payableMileage: 136.5, version: version + 1 });
  });
});

describe('GET /trips/route-data', () => {
  it('answers the trip with its stops, mileStats and the telematics tracks with their nearby points', async () => {
    const { trip, truck, driver, number } = await tripWithTracks();
    await keep(trip.id);
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/v1/trips/route-data?truckId=${truck.id}&driverId=${driver.id}&number=${number.toLowerCase()}&identifierType=LOAD_NUMBER`,
      token: viewer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<{ data: TripRouteData }>().data;
    expect(d.id).toBe(trip.id);
    expect(d.tripStops).toHaveLength(3);
    expect(d.mileStats.totalMiles).toBeCloseTo(220_000 * MI, 6);
    for (const loc of [d.samsaraLocation!, d.gleLocation!]) {
      expect(loc.nearbyPoints.map((p) => p.type)).toEqual(['START', 'PICKUP', 'DELIVERY']);
      expect(loc.distance).toBeCloseTo(legAB + legBC, -2);
      expect(loc.duration).toBe(151 * 60);
      const line = decode(loc.polyline).polyline;
      expect(line[0]![0]).toBeCloseTo(A.lat, 4);
      expect(line.at(-1)![0]).toBeCloseTo(C.lat, 4);
    }
  });

  it('a load and its recovery load (one truck, one number): route-data, /trips/summary and /trips/report-summary all find the recovery; the id calls address either', async () => {
    const first = await tripWithTracks({ start: new Date(Date.UTC(2026, 9, 5, 13, 0)) });
    const [reason] = await ctx.db
      .insert(recoveryReasons)
      .values({ name: `Breakdown ${uid()}` })
      .returning();
    const later = await createTrip(ctx.db, fixedRoute, actorId, {
      truckId: first.truck.id,
      driverId: first.driver.id,
      dispatcherId: null,
      identifierType: 'LOAD_NUMBER',
      identifierValue: first.number,
      tripStatus: 'COMPLETED',
      startOdometer: null,
      endOdometer: null,
      emptyMiles: null,
      loadedMiles: null,
      notes: null,
      recoveryReasonId: reason!.id,
      pickupDateTime: new Date(Date.UTC(2026, 9, 7, 13, 0)),
      startDateTime: new Date(Date.UTC(2026, 9, 7, 13, 0)),
      endDateTime: new Date(Date.UTC(2026, 9, 7, 16, 0)),
      tripStops: [
        { ...A, latitude: A.lat, longitude: A.lng, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, totalDistance: 0, duration: 0 },
        { ...B, latitude: B.lat, longitude: B.lng, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 1, distance: 70_000, totalDistance: 70_000, duration: 3600 },
        { ...C, latitude: C.lat, longitude: C.lng, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 2, distance: 150_000, totalDistance: 220_000, duration: 5400 },
      ],
    } as Parameters<typeof createTrip>[3]);
    expect(later).toMatchObject({ isRecoveryLoad: true, recoveryLoadIndex: 1 });
    const get = async <T>(url: string) => {
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1${url}`, token: viewer });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: T }>().data;
    };
    const q = `truckId=${first.truck.id}&number=${first.number}`;
    expect((await get<TripRouteData>(`/trips/route-data?${q}&identifierType=LOAD_NUMBER`)).id).toBe(later.id);
    expect((await get<TripMapSummary>(`/trips/summary?${q}`)).tripId).toBe(later.id);
    expect((await get<TripMapReport>(`/trips/report-summary?${q}`)).tripId).toBe(later.id);
    expect(await get<TripMapSummary>(`/trips/summary?${q}`)).toEqual(await get<TripMapSummary>(`/trips/${later.id}/map-summary`));
    expect((await get<TripMapSummary>(`/trips/${first.trip.id}/map-summary`)).tripId).toBe(first.trip.id);
    expect((await get<TripMapReport>(`/trips/${first.trip.id}/map-report`)).tripId).toBe(first.trip.id);
  });

  it('says which trip is missing, and needs the map or routes permission', async () => {
    const { truck } = await tripWithTracks();
    const missing = await call(ctx.app, { method: 'GET', url: `/api/v1/trips/route-data?truckId=${truck.id}&number=NOPE&identifierType=LOAD_NUMBER`, token: viewer });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Trip not found or invalid parameters');
    const noMap = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS', 'CAN_VIEW_MILEAGE_REPORT_TRIP'] });
    const token = (await signIn(ctx.app, noMap)).accessToken;
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/trips/route-data?truckId=${truck.id}&number=X`, token })).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/trips/route-data?number=X`, token: viewer })).statusCode).toBe(400);
  });
});

describe('GET /trips/summary and /trips/report-summary with telematics', () => {
  const get = async <T>(url: string) => {
    const res = await call(ctx.app, { method: 'GET', url: `/api/v1${url}`, token: viewer });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: T }>().data;
  };

  it("adds a panel per integration the trip's company runs, with the engine's miles, hours and method; an integration without a track has no figures", async () => {
    const { trip, truck, number } = await tripWithTracks({ gle: false }); // GLE is on for the company, but has nothing for this truck
    await keep(trip.id);
    const q = `truckId=${truck.id}&number=${number}`;
    const summary = await get<TripMapSummary>(`/trips/summary?${q}`);
    const stats = await mileStats(trip.id);
    expect(summary.sources.map((s) => s.type)).toEqual(['here', 'samsara', 'gle']);
    expect(summary.sources[0]).toEqual({ type: 'here', method: 'HERE', distance: 220_000, duration: 9000 });
    const samsaraPanel = summary.sources[1]!;
    expect(samsaraPanel.method).toBe('ODOMETER');
    expect(samsaraPanel.distance! * MI).toBeCloseTo(stats.samsaraStats!.totalMiles, 6);
    expect(Math.abs(samsaraPanel.distance! - (legAB + legBC)) / (legAB + legBC)).toBeLessThan(0.003);
    // From the fix that reached Chicago (the first) to the one that reached Peoria, 151 minutes later.
    expect(samsaraPanel.duration).toBe(151 * 60);
    // Of those, the time stood still (dwell) is the engine's, leg by leg; the rest is driving.
    const still = stats.samsaraStats!.legs.reduce((n, l) => n + (l.stillSeconds ?? 0), 0);
    expect(stats.samsaraStats!.legs.every((l) => typeof l.stillSeconds === 'number')).toBe(true);
    expect(samsaraPanel.dwell).toBe(still);
    expect(samsaraPanel.dwell!).toBeLessThan(samsaraPanel.duration!);
    expect(summary.sources[2]).toEqual({ type: 'gle', method: null, distance: null, duration: null, dwell: null, coverage: null });

    const report = await get<TripMapReport>(`/trips/report-summary?${q}`);
    expect(report.sources.map((s) => s.type)).toEqual(['here', 'samsara', 'gle']);
    const s = report.sources[1]!;
    expect(s.method).toBe('ODOMETER');
    expect(s.rows.map((r) => [r.stopType, r.city])).toEqual([
      ['START', 'Chicago, IL'],
      ['PICKUP', 'Joliet, IL'],
      ['DELIVERY', 'Peoria, IL'],
    ]);
    expect(s.rows[0]).toMatchObject({ distance: 0, totalDistance: 0, duration: 0 });
    expect(s.rows[1]!.distance! * MI).toBeCloseTo(stats.samsaraStats!.legs[0]!.miles!, 6);
    expect(s.rows[1]!.duration).toBe(60 * 60);
    expect(s.rows[2]!.duration).toBe(91 * 60);
    expect(s.rows[2]!.totalDistance).toBeCloseTo(s.rows[1]!.distance! + s.rows[2]!.distance!, 6);
    expect(s.totals.distance).toBeCloseTo(s.rows[2]!.totalDistance!, 6);
    expect(s.totals.duration).toBe(151 * 60);
    // GLE: the stops, without figures.
    expect(report.sources[2]!.rows.map((r) => [r.stopType, r.distance, r.totalDistance, r.duration])).toEqual([
      ['START', null, null, null],
      ['PICKUP', null, null, null],
      ['DELIVERY', null, null, null],
    ]);
    expect(report.sources[2]!.totals).toEqual({ distance: null, duration: null });
  });

  it('leaves out an integration the company does not run', async () => {
    const { truck, number, company } = await tripWithTracks();
    await setCompanyProvider(ctx.db, company.id, 'GLE', { enabled: false });
    const q = `truckId=${truck.id}&number=${number}`;
    expect((await get<TripMapSummary>(`/trips/summary?${q}`)).sources.map((s) => s.type)).toEqual(['here', 'samsara']);
    expect((await get<TripMapReport>(`/trips/report-summary?${q}`)).sources.map((s) => s.type)).toEqual(['here', 'samsara']);
    await setCompanyProvider(ctx.db, company.id, 'SAMSARA', { enabled: false });
    expect((await get<TripMapSummary>(`/trips/summary?${q}`)).sources.map((s) => s.type)).toEqual(['here']);
  });
});

describe('Samsara and GLE only for those who may view the trips map or the Mileage Report', () => {
  it('a user who may only see the Routes screen gets the primary panel and no tracks (map-only mode); the map or the Mileage Report permission adds them', async () => {
    const { trip, truck, number } = await tripWithTracks();
    await keep(trip.id);
    const q = `truckId=${truck.id}&number=${number}`;
    const as = async (permissions: NonNullable<Parameters<typeof createUser>[1]>['permissions']) => (await signIn(ctx.app, await createUser(ctx.db, { permissions }))).accessToken;
    const read = async <T>(url: string, token: string) => {
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: T }>().data;
    };
    const routesOnly = await as(['CAN_SHOW_ROUTES']);
    expect((await read<TripMapSummary>(`/trips/summary?${q}`, routesOnly)).sources.map((s) => s.type)).toEqual(['here']);
    expect((await read<TripMapReport>(`/trips/report-summary?${q}`, routesOnly)).sources.map((s) => s.type)).toEqual(['here']);
    const data = await read<TripRouteData>(`/trips/route-data?${q}`, routesOnly);
    expect(data.tripStops).toHaveLength(3);
    expect(data.samsaraLocation).toBeNull();
    expect(data.gleLocation).toBeNull();

    // The Routes screen with the Mileage Report permission sees them, as does the trips map.
    for (const token of [await as(['CAN_SHOW_ROUTES', 'CAN_VIEW_MILEAGE_REPORT_TRIP']), await as(['CAN_VIEW_TRIP_MAP'])]) {
      expect((await read<TripMapSummary>(`/trips/summary?${q}`, token)).sources.map((s) => s.type)).toEqual(['here', 'samsara', 'gle']);
      expect((await read<TripMapReport>(`/trips/report-summary?${q}`, token)).sources.map((s) => s.type)).toEqual(['here', 'samsara', 'gle']);
      const full = await read<TripRouteData>(`/trips/route-data?${q}`, token);
      expect(full.samsaraLocation).not.toBeNull();
      expect(full.gleLocation).not.toBeNull();
    }
  });
});
