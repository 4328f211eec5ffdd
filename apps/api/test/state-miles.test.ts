import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, type PermissionName } from '@milepost/contracts/permissions';
import { STATE_MILES_MESSAGES, jurisdictionNote, stateMilesReport as reportSchema, type StateMilesReport, type TripStateMiles } from '@milepost/contracts/state-miles-api';
import { formatWireDateTime } from '@milepost/contracts/time';
import { cleanTrack } from '@milepost/geo/breadcrumbs';
import { JURISDICTION_RULES } from '@milepost/geo/jurisdictions';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';
import { trucks } from '../src/db/schema/reference';
import { routeCache } from '../src/db/schema/routing';
import { stateMilesMonthly, stateMilesQuarterly, tripStateMiles } from '../src/db/schema/trip-statistics';
import { trips } from '../src/db/schema/trips';
import { backfillStateMiles, type RulesCursor } from '../src/modules/state-miles/service';
import { createSecretBox } from '../src/platform/secret-box';
import { keepTripFigures } from '../src/modules/trip-figures';
import { loadStoredTrack } from '../src/modules/telematics/tracks';
import { call, createTestContext, FAST_RETRY, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn, createTripSettings } from './factories';
import { FAKE_HERE_KEY, startHereFake, type HereFake } from './fakes/here';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { straightDrive } from './fakes/telematics-server';

let ctx: TestContext;
let here: HereFake;
let samsara: FakeSamsara;
let owner: string;
const M = milesToMetres(1); // metres in a mile, as the API converts
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

const FORT_WAYNE = { address: 'Fort Wayne, IN, United States', latitude: 41.0793, longitude: -85.1394 };
const INDIANAPOLIS = { address: 'Indianapolis, IN, United States', latitude: 39.7684, longitude: -86.1581 };
const KANSAS_CITY = { address: 'Kansas City, MO, United States', latitude: 39.0997, longitude: -94.5786 };

beforeAll(async () => {
  here = await startHereFake();
  samsara = await startFakeSamsara();
  ctx = await createTestContext({ ...here.env(), SAMSARA_BASE_URL: samsara.url });
  await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: false });
  owner = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await here?.close();
  await samsara?.close();
});
beforeEach(() => here.set({ mode: 'ok', apiKey: FAKE_HERE_KEY }));

const telematicsDeps = () => ({ db: ctx.db, secretBox: createSecretBox(ctx.secretKey), config: ctx.config, retry: FAST_RETRY });
const as = async (perms: PermissionName[]) => (await signIn(ctx.app, await createUser(ctx.db, { permissions: perms }))).accessToken;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = owner) =>
  call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
async function get<T>(url: string, token = owner): Promise<T> {
  const res = await api('GET', url, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

/** A truck of its own company, linked to a Samsara vehicle. */
async function fleetTruck() {
  const k = uid();
  const box = createSecretBox(ctx.secretKey);
  const company = await createCompanyRow(ctx.db, { samsaraEnabled: true, samsaraTokenEncrypted: box.seal('samsara-test-token') });
  const truck = await createTruckRow(ctx.db, { companyId: company.id, vehicleId: `sv-${k}` });
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  samsara.vehicles.push({ id: `sv-${k}`, name: `S ${k}`, vin: `svin-${k}` });
  return { company, truck, driver, vehicleId: `sv-${k}` };
}

/** Fort Wayne → Indianapolis (empty, to the pickup) → Kansas City (loaded), saved through the API. */
const KC_STOPS = [
  { ...FORT_WAYNE, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0 },
  { ...INDIANAPOLIS, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 1 },
  { ...KANSAS_CITY, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 2 },
];

function tripBody(truckId: number, driverId: number, pickup: Date, status: string, number: string, tripStops: object[]) {
  return {
    truckId,
    driverId,
    identifierType: 'LOAD_NUMBER',
    identifierValue: number,
    tripStatus: status,
    pickupDateTime: formatWireDateTime(pickup),
    startDateTime: status === 'COMPLETED' ? formatWireDateTime(pickup) : null,
    endDateTime: status === 'COMPLETED' ? formatWireDateTime(new Date(pickup.getTime() + 12 * 3_600_000)) : null,
    tripStops,
  };
}

/** Fort Wayne → Indianapolis (empty, to the pickup) → Kansas City (loaded), saved through the API. */
async function fortWayneToKansasCity(truckId: number, driverId: number, pickup: Date, status = 'COMPLETED') {
  const number = `SM-${uid()}`;
  const res = await api('POST', '/trips', tripBody(truckId, driverId, pickup, status, number, KC_STOPS));
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<{ data: { id: number; version: number } }>().data, number, truckId, driverId, pickup, status };
}

const routeTotal = async (tripId: number) => {
  const [r] = await ctx.db.select({ m: trips.routeTotalM, s: trips.routeSource, tel: trips.telematicsM }).from(trips).where(eq(trips.id, tripId));
  // The trip keeps metres (docs/decisions/020-one-unit.md); `tel` in miles, as the report answers.
  return { ...r!, tel: r!.tel === null ? null : metresToMiles(r!.tel) };
};
const sumMiles = (states: { miles: number }[]) => states.reduce((a, s) => a + s.miles, 0);
/** The stored Samsara track's own miles, cleaned as the engine cleans it: what its GPS split counts. */
const trackMiles = async (tripId: number) => {
  const stored = await loadStoredTrack(ctx.db, tripId, 'SAMSARA');
  const clean = cleanTrack(stored!.track);
  return metresToMiles(clean.along[clean.along.length - 1]!);
};

describe('a trip’s state miles', () => {
  it('splits the HERE route of a Fort Wayne → Kansas City trip into IN, IL and MO, adding up to its TOTAL MILES', async () => {
    const { truck, driver } = await fleetTruck();
    const trip = await fortWayneToKansasCity(truck.id, driver.id, new Date(Date.UTC(2026, 3, 10, 14)));
    const { m, s } = await routeTotal(trip.id);
    expect(s).toBe('HERE');
    const data = await get<TripStateMiles>(`/trips/${trip.id}/state-miles`);
    expect(data.sources.map((x) => x.source)).toEqual(['ROUTE']);
    const route = data.sources[0]!;
    expect(route.states.map((x) => x.state).sort()).toEqual(['IL', 'IN', 'MO']);
    expect(route.computedFrom).toContain('HERE route');
    expect(sumMiles(route.states)).toBeCloseTo(m! / M, 6);
    // Missouri is the widest of the three on this line, Indiana the narrowest.
    expect(route.states.map((x) => x.state)).toEqual(['MO', 'IL', 'IN']);
  });

  it('falls back to the straight legs (ESTIMATE) when HERE fails, and follows the stops on the next save', async () => {
    here.set({ mode: 'server-error' });
    await ctx.db.delete(routeCache);
    const { truck, driver } = await fleetTruck();
    const trip = await fortWayneToKansasCity(truck.id, driver.id, new Date(Date.UTC(2026, 3, 11, 14)));
    const { m, s } = await routeTotal(trip.id);
    expect(s).toBe('ESTIMATE');
    const data = await get<TripStateMiles>(`/trips/${trip.id}/state-miles`);
    expect(data.sources.map((x) => x.source)).toEqual(['ESTIMATE']);
    expect(data.sources[0]!.states.map((x) => x.state).sort()).toEqual(['IL', 'IN', 'MO']);
    expect(sumMiles(data.sources[0]!.states)).toBeCloseTo(m! / M, 6);

    // A save that ends the trip in Indianapolis: Indiana only, now from HERE.
    here.set({ mode: 'ok' });
    const res = await api('PUT', `/trips/${trip.id}`, {
      ...tripBody(truck.id, driver.id, trip.pickup, trip.status, trip.number, [
        { ...FORT_WAYNE, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0 },
        { ...INDIANAPOLIS, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1 },
      ]),
      version: trip.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get<TripStateMiles>(`/trips/${trip.id}/state-miles`);
    expect(after.sources.map((x) => x.source)).toEqual(['ROUTE']);
    expect(after.sources[0]!.states.map((x) => x.state)).toEqual(['IN']);
    expect(after.sources[0]!.states[0]!.miles).toBeCloseTo((await routeTotal(trip.id)).m! / M, 6);
  });

  it('splits the stored GPS track (GPS) once its figures are computed: the track’s own miles, never scaled', async () => {
    const { truck, driver, vehicleId } = await fleetTruck();
    const pickup = new Date(Date.UTC(2026, 3, 12, 14));
    samsara.history.set(vehicleId, [
      ...straightDrive({ lat: FORT_WAYNE.latitude, lng: FORT_WAYNE.longitude }, { lat: INDIANAPOLIS.latitude, lng: INDIANAPOLIS.longitude }, pickup, 180),
      ...straightDrive(
        { lat: INDIANAPOLIS.latitude, lng: INDIANAPOLIS.longitude },
        { lat: KANSAS_CITY.latitude, lng: KANSAS_CITY.longitude },
        new Date(pickup.getTime() + 181 * 60_000),
        500,
        500_300_000,
      ),
    ]);
    const trip = await fortWayneToKansasCity(truck.id, driver.id, pickup);
    // The figures job fetches and stores the track and keeps its figures; the split follows them.
    await keepTripFigures(telematicsDeps(), trip.id);
    expect((await routeTotal(trip.id)).tel).toBeGreaterThan(400);
    const data = await get<TripStateMiles>(`/trips/${trip.id}/state-miles`);
    expect(data.sources.map((x) => x.source)).toEqual(['GPS', 'ROUTE']);
    const gps = data.sources[0]!;
    expect(gps.states.map((x) => x.state).sort()).toEqual(['IL', 'IN', 'MO']);
    expect(gps.computedFrom).toContain('SAMSARA');
    expect(gps.computedFrom).toContain('2 of 2 legs measured');
    expect(gps.partial).toBe(false);
    expect(sumMiles(gps.states)).toBeCloseTo(await trackMiles(trip.id), 6);
    const rows = await ctx.db.select().from(tripStateMiles).where(eq(tripStateMiles.tripId, trip.id));
    expect(rows.filter((r) => r.best).every((r) => r.source === 'GPS')).toBe(true);
    expect(rows.filter((r) => !r.best).every((r) => r.source === 'ROUTE')).toBe(true);
  });

  it('answers 404 for an unknown trip and 400 for a bad id; needs CAN_SHOW_REPORTS or the Mileage Report', async () => {
    expect((await api('GET', '/trips/2147483000/state-miles')).statusCode).toBe(404);
    expect((await api('GET', '/trips/abc/state-miles')).statusCode).toBe(400);
    expect((await api('GET', '/trips/1/state-miles', undefined, await as(['CAN_SHOW_TRIPS']))).statusCode).toBe(403);
    expect((await api('GET', '/trips/1/state-miles', undefined, await as(['CAN_VIEW_MILEAGE_REPORT_TRIP']))).statusCode).not.toBe(403);
  });
});

describe('GET /state-miles', () => {
  it('a quarter’s totals equal the sum of its trips’ splits by their best source, and their TOTAL MILES per source', async () => {
    const { company, truck, driver, vehicleId } = await fleetTruck();
    const other = await fleetTruck();
    const q3 = (d: number) => new Date(Date.UTC(2026, 7, d, 15)); // August 2026: Q3
    // One trip with a GPS track, two with the HERE route only, one estimate, one cancelled, one in Q4.
    samsara.history.set(vehicleId, [
      ...straightDrive({ lat: FORT_WAYNE.latitude, lng: FORT_WAYNE.longitude }, { lat: INDIANAPOLIS.latitude, lng: INDIANAPOLIS.longitude }, q3(3), 180),
      ...straightDrive(
        { lat: INDIANAPOLIS.latitude, lng: INDIANAPOLIS.longitude },
        { lat: KANSAS_CITY.latitude, lng: KANSAS_CITY.longitude },
        new Date(q3(3).getTime() + 181 * 60_000),
        500,
        500_300_000,
      ),
    ]);
    const gpsTrip = await fortWayneToKansasCity(truck.id, driver.id, q3(3));
    await keepTripFigures(telematicsDeps(), gpsTrip.id);
    const routeTrips = [await fortWayneToKansasCity(truck.id, driver.id, q3(10)), await fortWayneToKansasCity(other.truck.id, other.driver.id, q3(11))];
    here.set({ mode: 'server-error' });
    await ctx.db.delete(routeCache);
    const estimateTrip = await fortWayneToKansasCity(truck.id, driver.id, q3(12));
    const cancelled = await fortWayneToKansasCity(truck.id, driver.id, q3(13), 'UPCOMING');
    here.set({ mode: 'ok' });
    const q4Trip = await fortWayneToKansasCity(truck.id, driver.id, new Date(Date.UTC(2026, 9, 2, 15)));
    const status = await api('PATCH', `/trips/change-trip-status/${cancelled.id}?tripStatus=CANCELLED`, { version: cancelled.version });
    expect(status.statusCode, status.body).toBe(200);

    const report = await get<StateMilesReport>(`/state-miles?periodType=QUARTERLY&year=2026&quarter=3&companyId=${company.id}`);
    // PostgreSQL writes this answer's JSON: it must be what the response schema says.
    expect(reportSchema.parse(report)).toEqual(report);
    expect(report.fromDate).toBe('07/01/2026 00:00:00');
    expect(report.toDate).toBe('09/30/2026 23:59:59');
    expect(new Set(report.rows.map((r) => r.truckId))).toEqual(new Set([truck.id]));
    expect(report.rows.every((r) => r.unitNumber === truck.unitNumber)).toBe(true);

    // Sum of the trips' own splits, each by its best source; the estimate is never counted.
    const expected = new Map<string, number>();
    const bySource = new Map<string, number>();
    for (const t of [gpsTrip, routeTrips[0]!]) {
      const best = (await get<TripStateMiles>(`/trips/${t.id}/state-miles`)).sources[0]!;
      for (const s of best.states) {
        expected.set(`${s.state}:${best.source}`, (expected.get(`${s.state}:${best.source}`) ?? 0) + s.miles);
        bySource.set(best.source, (bySource.get(best.source) ?? 0) + s.miles);
      }
    }
    expect(report.rows.length).toBe(expected.size);
    for (const r of report.rows) expect(r.miles, `${r.state} ${r.source}`).toBeCloseTo(expected.get(`${r.state}:${r.source}`)!, 6);
    expect(report.rows.map((r) => r.source)).not.toContain('ESTIMATE');
    // Per source: the GPS trip's own track miles, the routing figure for the route trip.
    const gpsMiles = await trackMiles(gpsTrip.id);
    expect(bySource.get('GPS')).toBeCloseTo(gpsMiles, 6);
    expect(bySource.get('ROUTE')).toBeCloseTo((await routeTotal(routeTrips[0]!.id)).m! / M, 6);
    expect(report.totalMiles).toBeCloseTo(gpsMiles + bySource.get('ROUTE')!, 6);
    // The straight-line estimate is listed apart, named, with its miles.
    expect(report.notFileable).toEqual({
      trips: 1,
      miles: expect.closeTo((await routeTotal(estimateTrip.id)).m! / M, 6),
      items: [
        {
          tripId: estimateTrip.id,
          number: estimateTrip.number,
          truckId: truck.id,
          unitNumber: truck.unitNumber,
          miles: expect.closeTo((await routeTotal(estimateTrip.id)).m! / M, 6),
        },
      ],
    });
    // Every state was driven by both counted trips; the GPS share is the GPS trip's part, per state, truck and period.
    const il = report.states.find((s) => s.state === 'IL')!;
    expect(il.trips).toBe(2);
    expect(il.gpsShare).toBeCloseTo(expected.get('IL:GPS')! / il.miles, 9);
    expect(report.gpsShare).toBeCloseTo(gpsMiles / report.totalMiles, 9);
    expect(report.trucks).toEqual([{ truckId: truck.id, unitNumber: truck.unitNumber, miles: expect.closeTo(report.totalMiles, 6), gpsShare: expect.closeTo(report.gpsShare, 9) }]);

    // Truck filter; the whole fleet; the Q4 trip only in Q4.
    const otherOnly = await get<StateMilesReport>(`/state-miles?periodType=QUARTERLY&year=2026&quarter=3&truckId=${other.truck.id}`);
    expect(sumMiles(otherOnly.rows)).toBeCloseTo((await routeTotal(routeTrips[1]!.id)).m! / M, 6);
    const q4 = await get<StateMilesReport>(`/state-miles?periodType=QUARTERLY&year=2026&quarter=4&truckId=${truck.id}`);
    expect(sumMiles(q4.rows)).toBeCloseTo((await routeTotal(q4Trip.id)).m! / M, 6);

    // A custom range reads the trips' rows and agrees with the quarter.
    const range = await get<StateMilesReport>(`/state-miles?fromDate=07/01/2026 00:00:00&toDate=09/30/2026 23:59:59&companyId=${company.id}`);
    expect(range.totalMiles).toBeCloseTo(report.totalMiles, 6);
    expect(range.states).toEqual(report.states.map((s) => ({ ...s, miles: expect.closeTo(s.miles, 6), gpsShare: expect.closeTo(s.gpsShare, 9) })));
    expect(range.notFileable.items.map((i) => i.tripId)).toEqual([estimateTrip.id]);

    // Moving a trip to another truck moves its miles; the monthly totals never go negative.
    await ctx.db.update(trips).set({ truckId: other.truck.id }).where(eq(trips.id, estimateTrip.id));
    const moved = await get<StateMilesReport>(`/state-miles?periodType=QUARTERLY&year=2026&quarter=3&truckId=${other.truck.id}`);
    expect(sumMiles(moved.rows)).toBeCloseTo((await routeTotal(routeTrips[1]!.id)).m! / M, 6);
    expect(moved.notFileable.items.map((i) => i.tripId)).toEqual([estimateTrip.id]);
    const monthly = await ctx.db.select().from(stateMilesMonthly);
    expect(monthly.every((r) => r.trips >= 0 && r.metres > -1e-6)).toBe(true);
    // The quarterly totals a quarter reads are its months' totals (the same triggers keep both).
    const drift = (await ctx.db.execute(sql`
      select count(*)::int as n from state_miles_quarterly q
      full join (select date_trunc('quarter', month)::date as quarter, truck_id, state, source, sum(metres) as metres, sum(trips)::int as trips
        from state_miles_monthly group by 1, 2, 3, 4) m using (quarter, truck_id, state, source)
      where coalesce(q.trips, 0) <> coalesce(m.trips, 0) or abs(coalesce(q.metres, 0) - coalesce(m.metres, 0)) > 0.001`)) as unknown as { rows: { n: number }[] };
    expect(drift.rows[0]!.n).toBe(0);
    expect((await ctx.db.select().from(stateMilesQuarterly)).length).toBeGreaterThan(0);
  });

  it('a custom range with partial months equals the sum of its trips’ splits: whole quarters and months from their totals, the edges from the trips’ rows', async () => {
    const { company, truck, driver } = await fleetTruck();
    const other = await fleetTruck();
    // Central time is UTC-5 in summer: 07/15/2026 00:00:00 CT is 05:00 UTC.
    const ct = (m: number, d: number, h: number, min = 0, s = 0) => new Date(Date.UTC(2026, m - 1, d, h + 5, min, s));
    const before = await fortWayneToKansasCity(truck.id, driver.id, ct(7, 14, 23, 59, 59)); // a second before the range
    const atStart = await fortWayneToKansasCity(truck.id, driver.id, ct(7, 15, 0)); // its first second (July: partial)
    const july = await fortWayneToKansasCity(other.truck.id, other.driver.id, ct(7, 31, 23, 30)); // July's last half hour
    const august = [await fortWayneToKansasCity(truck.id, driver.id, ct(8, 1, 0)), await fortWayneToKansasCity(other.truck.id, other.driver.id, ct(8, 31, 23, 59, 59))]; // a whole month
    const september = await fortWayneToKansasCity(truck.id, driver.id, ct(9, 1, 0)); // September: partial
    const atEnd = await fortWayneToKansasCity(truck.id, driver.id, ct(9, 10, 12)); // the range's last second
    const after = await fortWayneToKansasCity(truck.id, driver.id, ct(9, 10, 12, 0, 1)); // a second after it
    const cancelled = await fortWayneToKansasCity(other.truck.id, other.driver.id, ct(8, 20, 9), 'UPCOMING');
    expect((await api('PATCH', `/trips/change-trip-status/${cancelled.id}?tripStatus=CANCELLED`, { version: cancelled.version })).statusCode).toBe(200);

    // Per truck, state and source: the sum of the trips' own splits by their best source, and their trips.
    const expectedOf = async (list: { id: number }[]) => {
      const want = new Map<string, { miles: number; trips: number }>();
      for (const t of list) {
        const [row] = await ctx.db.select({ truckId: trips.truckId }).from(trips).where(eq(trips.id, t.id));
        const best = (await get<TripStateMiles>(`/trips/${t.id}/state-miles`)).sources[0]!;
        for (const st of best.states) {
          const key = `${row!.truckId}:${st.state}:${best.source}`;
          const w = want.get(key) ?? { miles: 0, trips: 0 };
          want.set(key, { miles: w.miles + st.miles, trips: w.trips + 1 });
        }
      }
      return want;
    };
    const check = async (query: string, list: { id: number }[]) => {
      const report = await get<StateMilesReport>(`/state-miles?${query}&companyId=${company.id}`);
      const other2 = await get<StateMilesReport>(`/state-miles?${query}&companyId=${other.company.id}`);
      expect(reportSchema.parse(report)).toEqual(report);
      const rows = [...report.rows, ...other2.rows];
      const want = await expectedOf(list);
      expect(rows.map((r) => `${r.truckId}:${r.state}:${r.source}`).sort()).toEqual([...want.keys()].sort());
      for (const r of rows) {
        const w = want.get(`${r.truckId}:${r.state}:${r.source}`)!;
        expect(r.miles, `${r.truckId} ${r.state}`).toBeCloseTo(w.miles, 6);
        expect(r.trips).toBe(w.trips);
      }
      // The rows come in the worksheet's order: state, then truck.
      const order = report.rows.map((r) => `${r.state} ${r.unitNumber}`);
      expect(order).toEqual([...order].sort());
      return rows;
    };

    // Two partial months around a whole one; the edges are exact to the second.
    await check(`fromDate=07/15/2026 00:00:00&toDate=09/10/2026 12:00:00`, [atStart, july, ...august, september, atEnd]);
    // Inside one month (no whole month): the trips' rows only.
    await check(`fromDate=08/01/2026 00:00:01&toDate=08/31/2026 23:59:58`, []);
    await check(`fromDate=07/14/2026 12:00:00&toDate=07/31/2026 23:59:59`, [before, atStart, july]);
    // Exactly whole months (July and August to their last second): the monthly totals only, as a quarter reads them.
    await check(`fromDate=07/01/2026 00:00:00&toDate=08/31/2026 23:59:59`, [before, atStart, july, ...august]);
    // A whole quarter (Q3) from the quarterly totals, with partial months around it and a whole month after it.
    await check(`fromDate=07/01/2026 00:00:00&toDate=09/30/2026 23:59:59`, [before, atStart, july, ...august, september, atEnd, after]);
    await check(`fromDate=06/20/2026 08:00:00&toDate=11/30/2026 23:59:59`, [before, atStart, july, ...august, september, atEnd, after]);
    await check(`fromDate=07/14/2026 23:59:59&toDate=10/05/2026 00:00:00`, [before, atStart, july, ...august, september, atEnd, after]);
    // A truck filter applies to every part.
    const one = await get<StateMilesReport>(`/state-miles?fromDate=07/15/2026 00:00:00&toDate=09/10/2026 12:00:00&truckId=${truck.id}`);
    expect(sumMiles(one.rows)).toBeCloseTo(sumMiles([...(await expectedOf([atStart, august[0]!, september, atEnd])).values()]), 6);
    expect(after.id).toBeGreaterThan(0);
  });

  it('refuses a bad period with 400 and a clear message, and needs CAN_SHOW_REPORTS', async () => {
    const bad = async (query: string, message: string) => {
      const res = await api('GET', `/state-miles?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    };
    await bad('', STATE_MILES_MESSAGES.period);
    await bad('periodType=QUARTERLY&year=2026', STATE_MILES_MESSAGES.quarter);
    await bad('periodType=QUARTERLY&year=2026&quarter=5', STATE_MILES_MESSAGES.quarter);
    await bad('periodType=QUARTERLY&year=abc&quarter=1', STATE_MILES_MESSAGES.year);
    await bad('periodType=YEARLY&year=2026&quarter=1', STATE_MILES_MESSAGES.periodType);
    await bad('fromDate=09/30/2026 00:00:00&toDate=07/01/2026 00:00:00', STATE_MILES_MESSAGES.rangeOrder);
    await bad('fromDate=2026-07-01', 'MM/DD/YYYY');
    await bad('periodType=QUARTERLY&year=2026&quarter=1&truckId=0', 'truckId');
    const reader = await as(['CAN_SHOW_TRIPS']);
    expect((await api('GET', '/state-miles?periodType=QUARTERLY&year=2026&quarter=1', undefined, reader)).statusCode).toBe(403);
    expect((await api('GET', '/state-miles/export.csv?periodType=QUARTERLY&year=2026&quarter=1', undefined, reader)).statusCode).toBe(403);
  });
});

describe('GET /state-miles/export.csv', () => {
  it('is the IFTA worksheet: jurisdiction, truck, miles, source, note — formula-safe, the report’s figures, the estimates apart and not counted', async () => {
    const { company, truck, driver } = await fleetTruck();
    await ctx.db
      .update(trucks)
      .set({ unitNumber: `=HYPERLINK("x")${uid()}` })
      .where(eq(trucks.id, truck.id));
    await fortWayneToKansasCity(truck.id, driver.id, new Date(Date.UTC(2025, 1, 3, 15)));
    here.set({ mode: 'server-error' });
    await ctx.db.delete(routeCache);
    const estimate = await fortWayneToKansasCity(truck.id, driver.id, new Date(Date.UTC(2025, 1, 5, 15)));
    here.set({ mode: 'ok' });
    const query = `periodType=QUARTERLY&year=2025&quarter=1&companyId=${company.id}`;
    const res = await api('GET', `/state-miles/export.csv?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('milepost-state-miles-2025-q1.csv');
    const lines = parse(res.body) as string[][];
    expect(lines[0]).toEqual(['Jurisdiction', 'Truck', 'Miles (mi)', 'Source', 'Note']);
    const body = lines.slice(1, -1);
    expect(body.map((l) => l[0])).toEqual(['IL', 'IN', 'MO']);
    expect(body.every((l) => l[1]!.startsWith("'=HYPERLINK") && l[3] === 'ROUTE' && l[4] === '')).toBe(true);
    const report = await get<StateMilesReport>(`/state-miles?${query}`);
    for (const l of body) expect(Number(l[2])).toBeCloseTo(report.rows.find((r) => r.state === l[0])!.miles, 1);
    // The estimate: its own line, no jurisdiction, no miles counted, named in the note.
    const last = lines.at(-1)!;
    expect(last.slice(0, 4)).toEqual(['', expect.stringContaining('HYPERLINK'), '', 'ESTIMATE']);
    expect(last[4]).toContain(`Not fileable: ${estimate.number} has only a straight-line estimate`);
    expect(report.notFileable.trips).toBe(1);
  });

  it('counts Canada by province with its sentence in the Note column, in the report as in the worksheet', async () => {
    const { company, truck, driver } = await fleetTruck();
    const DETROIT = { address: 'Detroit, MI, United States', latitude: 42.3314, longitude: -83.0458 };
    const TORONTO = { address: 'Toronto, ON, Canada', latitude: 43.6532, longitude: -79.3832 };
    const stops = [
      { ...DETROIT, stopType: 'PICKUP', loadStatus: 'LOADED', orderIndex: 0 },
      { ...TORONTO, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1 },
    ];
    const res = await api('POST', '/trips', tripBody(truck.id, driver.id, new Date(Date.UTC(2025, 4, 3, 15)), 'COMPLETED', `SM-${uid()}`, stops));
    expect(res.statusCode, res.body).toBe(201);
    const query = `periodType=QUARTERLY&year=2025&quarter=2&companyId=${company.id}`;
    const csv = parse((await api('GET', `/state-miles/export.csv?${query}`)).body) as string[][];
    // Detroit → Toronto: Michigan, then Ontario (docs/state-miles.md "Abroad"); nothing OUT.
    expect(csv.slice(1).map((l) => l[0])).toEqual(['MI', 'ON']);
    const on = csv.find((l) => l[0] === 'ON')!;
    expect(on[4]).toBe('Ontario, Canada (IFTA jurisdiction).');
    expect(on[4]).toBe(jurisdictionNote('ON'));
    expect(csv.find((l) => l[0] === 'MI')![4]).toBe('');
    const report = reportSchema.parse(await get<StateMilesReport>(`/state-miles?${query}`));
    expect(report.states.map((x) => x.state).sort()).toEqual(['MI', 'ON']);
    expect(report.states.find((x) => x.state === 'ON')!.miles).toBeGreaterThan(150);
    expect(Number(on[2])).toBeCloseTo(report.rows.find((r) => r.state === 'ON')!.miles, 1);
    expect(report.totalMiles).toBeCloseTo(sumMiles(report.states), 6);
  });
});

describe('trips saved before state miles', () => {
  it('get their split from the stops’ straight legs scaled to the stored leg distances (backfill job)', async () => {
    const { truck, driver } = await fleetTruck();
    const trip = await fortWayneToKansasCity(truck.id, driver.id, new Date(Date.UTC(2026, 4, 3, 15)));
    await ctx.db.delete(tripStateMiles).where(eq(tripStateMiles.tripId, trip.id));
    expect((await get<TripStateMiles>(`/trips/${trip.id}/state-miles`)).sources).toEqual([]);
    expect((await backfillStateMiles(ctx.db, loadStoredTrack)).computed).toBeGreaterThanOrEqual(1);
    const data = await get<TripStateMiles>(`/trips/${trip.id}/state-miles`);
    expect(data.sources.map((s) => s.source)).toEqual(['ESTIMATE']);
    expect(data.sources[0]!.states.map((x) => x.state).sort()).toEqual(['IL', 'IN', 'MO']);
    expect(sumMiles(data.sources[0]!.states)).toBeCloseTo((await routeTotal(trip.id)).m! / M, 6);
    expect((await backfillStateMiles(ctx.db, loadStoredTrack)).computed).toBe(0);
  });
});

describe('splits computed with older jurisdiction rules', () => {
  const MILWAUKEE = { address: 'Milwaukee, WI, United States', latitude: 43.0389, longitude: -87.9065 };
  const GRAND_RAPIDS = { address: 'Grand Rapids, MI, United States', latitude: 42.9634, longitude: -85.6681 };
  const LAKE_STOPS = [
    { ...MILWAUKEE, stopType: 'PICKUP', loadStatus: 'LOADED', orderIndex: 0 },
    { ...GRAND_RAPIDS, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1 },
  ];
  const OLD_RULES = 'shore-25km';

  async function lakeTrip(truckId: number, driverId: number, pickup: Date) {
    const res = await api('POST', '/trips', tripBody(truckId, driverId, pickup, 'COMPLETED', `SM-${uid()}`, LAKE_STOPS));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: number } }>().data;
  }

  const rowsOf = (tripId: number) => ctx.db.select().from(tripStateMiles).where(eq(tripStateMiles.tripId, tripId)).orderBy(tripStateMiles.source, tripStateMiles.state);

  /**
   * What the rules before the water rule stored: the source's rows with part of the lake crossing
   * OUT (a third of Michigan's share, then the water), the same total, labelled with the old rules.
   */
  async function asOldRules(tripId: number, source: string) {
    const rows = (await rowsOf(tripId)).filter((r) => r.source === source);
    expect(rows.map((r) => r.state).sort()).toEqual(['MI', 'WI']);
    const mi = rows.find((r) => r.state === 'MI')!;
    await ctx.db.delete(tripStateMiles).where(sql`${tripStateMiles.tripId} = ${tripId} and ${tripStateMiles.source} = ${source}`);
    await ctx.db
      .insert(tripStateMiles)
      .values([
        ...rows.map((r) => ({ ...r, metres: r.state === 'MI' ? (mi.metres * 2) / 3 : r.metres, rules: OLD_RULES })),
        { ...mi, state: 'OUT', metres: mi.metres / 3, rules: OLD_RULES },
      ]);
  }

  /** The truck's monthly and quarterly totals equal its trips' counted rows (best, not cancelled), per state and source. */
  async function totalsMatchRows(truckId: number) {
    const counted = (
      (await ctx.db.execute(sql`
        select state, source, sum(metres)::float8 as metres, count(*)::int as trips from ${tripStateMiles}
        where truck_id = ${truckId} and best and not cancelled group by 1, 2 order by 1, 2`)) as unknown as {
        rows: { state: string; source: string; metres: number; trips: number }[];
      }
    ).rows;
    for (const table of [stateMilesMonthly, stateMilesQuarterly]) {
      const totals = (
        (await ctx.db.execute(sql`
          select state, source, sum(metres)::float8 as metres, sum(trips)::int as trips from ${table}
          where truck_id = ${truckId} and trips > 0 group by 1, 2 order by 1, 2`)) as unknown as { rows: typeof counted }
      ).rows;
      expect(totals.map((t) => [t.state, t.source, t.trips])).toEqual(counted.map((c) => [c.state, c.source, c.trips]));
      totals.forEach((t, i) => expect(t.metres).toBeCloseTo(counted[i]!.metres, 3));
    }
    return counted;
  }

  /** The backfill job's runs, one batch of `limit` after the other, until none is full. */
  async function backfillToTheEnd(limit: number) {
    let after: RulesCursor | null = null;
    let recomputed = 0;
    for (let runs = 1; ; runs++) {
      const r = await backfillStateMiles(ctx.db, loadStoredTrack, { limit, after });
      recomputed += r.recomputed;
      after = r.after;
      if (!r.more) return { recomputed, runs };
    }
  }

  it('computes an ESTIMATE across Lake Michigan again from the stored stops (WI and MI, nothing OUT) and the GPS split from the stored track, never a ROUTE split', async () => {
    const { truck, driver, vehicleId } = await fleetTruck();
    const pickup = new Date(Date.UTC(2026, 4, 4, 14)); // May 2026: Q2
    // The estimate: HERE is down when the trip is saved.
    here.set({ mode: 'server-error' });
    await ctx.db.delete(routeCache);
    const estimateTrip = await lakeTrip(truck.id, driver.id, pickup);
    here.set({ mode: 'ok' });
    const estimateTotal = (await routeTotal(estimateTrip.id)).m!;
    // The GPS trip: a straight track across the lake (a ferry), with its HERE route.
    const gpsPickup = new Date(Date.UTC(2026, 4, 6, 14));
    samsara.history.set(
      vehicleId,
      straightDrive({ lat: MILWAUKEE.latitude, lng: MILWAUKEE.longitude }, { lat: GRAND_RAPIDS.latitude, lng: GRAND_RAPIDS.longitude }, gpsPickup, 240),
    );
    const gpsTrip = await lakeTrip(truck.id, driver.id, gpsPickup);
    await keepTripFigures(telematicsDeps(), gpsTrip.id);
    expect((await rowsOf(gpsTrip.id)).map((r) => r.source)).toContain('GPS');

    // Before the upgrade: both stored with the old rules, part of the crossing OUT; the ROUTE rows too.
    await asOldRules(estimateTrip.id, 'ESTIMATE');
    await asOldRules(gpsTrip.id, 'GPS');
    await ctx.db
      .update(tripStateMiles)
      .set({ rules: OLD_RULES })
      .where(sql`${tripStateMiles.tripId} = ${gpsTrip.id} and ${tripStateMiles.source} = 'ROUTE'`);
    const routeBefore = (await rowsOf(gpsTrip.id)).filter((r) => r.source === 'ROUTE');
    expect(routeBefore.length).toBeGreaterThan(0);
    const estimateBefore = (await rowsOf(estimateTrip.id)).filter((r) => r.source === 'ESTIMATE');
    expect((await totalsMatchRows(truck.id)).some((c) => c.state === 'OUT')).toBe(true);
    // A GET never computes: the old split is what is read until the backfill runs.
    expect((await get<TripStateMiles>(`/trips/${estimateTrip.id}/state-miles`)).sources[0]!.states.map((s) => s.state)).toContain('OUT');

    // The backfill, one trip a batch: it goes on until none is left.
    const first = await backfillToTheEnd(1);
    expect(first.recomputed).toBeGreaterThanOrEqual(2);
    expect(first.runs).toBeGreaterThanOrEqual(3);

    const estimate = (await rowsOf(estimateTrip.id)).filter((r) => r.source === 'ESTIMATE');
    expect(estimate.map((r) => r.state)).toEqual(['MI', 'WI']);
    expect(estimate.every((r) => r.rules === JURISDICTION_RULES && r.best)).toBe(true);
    // What it was computed from stays (the same stops, the same leg distances); it adds up to the trip's TOTAL MILES.
    expect(estimate[0]!.computedFrom).toBe(estimateBefore[0]!.computedFrom);
    expect(estimate.reduce((a, r) => a + r.metres, 0)).toBeCloseTo(estimateTotal, 3);

    const gps = (await rowsOf(gpsTrip.id)).filter((r) => r.source === 'GPS');
    expect(gps.map((r) => r.state)).toEqual(['MI', 'WI']);
    expect(gps.every((r) => r.rules === JURISDICTION_RULES && r.best)).toBe(true);
    expect(gps.reduce((a, r) => a + r.metres, 0) / M).toBeCloseTo(await trackMiles(gpsTrip.id), 6);
    // The ROUTE rows are as they were: old rules, same figures.
    expect((await rowsOf(gpsTrip.id)).filter((r) => r.source === 'ROUTE')).toEqual(routeBefore);

    // The totals follow: no OUT left for the truck, monthly and quarterly equal to the rows.
    const counted = await totalsMatchRows(truck.id);
    expect(counted.map((c) => c.state)).not.toContain('OUT');
    const report = await get<StateMilesReport>(`/state-miles?periodType=QUARTERLY&year=2026&quarter=2&truckId=${truck.id}`);
    expect(report.rows.map((r) => r.state)).not.toContain('OUT');
    // The estimate is not fileable: only the GPS trip counts.
    expect(report.totalMiles).toBeCloseTo(await trackMiles(gpsTrip.id), 6);
    expect(report.notFileable.items.map((i) => i.tripId)).toEqual([estimateTrip.id]);

    // A second run changes nothing.
    const all = async () => [...(await rowsOf(estimateTrip.id)), ...(await rowsOf(gpsTrip.id))];
    const settled = await all();
    const again = await backfillToTheEnd(500);
    expect(again).toEqual({ recomputed: 0, runs: 1 });
    expect(await all()).toEqual(settled);
  });

  it('gives an estimate recomputed from the stored stops the split a save computes', async () => {
    const { truck, driver } = await fleetTruck();
    here.set({ mode: 'server-error' });
    await ctx.db.delete(routeCache);
    const trip = await lakeTrip(truck.id, driver.id, new Date(Date.UTC(2026, 4, 8, 14)));
    const saved = (await rowsOf(trip.id)).map((r) => [r.state, r.metres]);
    here.set({ mode: 'ok' });
    await asOldRules(trip.id, 'ESTIMATE');
    await backfillToTheEnd(500);
    const recomputed = await rowsOf(trip.id);
    expect(recomputed.map((r) => r.state)).toEqual(saved.map(([state]) => state));
    recomputed.forEach((r, i) => expect(r.metres).toBeCloseTo(saved[i]![1] as number, 6));
  });
});
