import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import type { TripMileStats } from '@milepost/contracts/mile-stats-api';
import type { TripMapReport, TripMapSummary } from '@milepost/contracts/trip-map-api';
import type { ReportRow } from '@milepost/contracts/trip-statistics-api';
import { userRouteSettings } from '../src/db/schema/reference';
import { createTrip } from '../src/modules/trips/service';
import { routingServiceFor } from '../src/modules/routing/service';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn, createTripSettings } from './factories';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { startFakeGle, type FakeGle } from './fakes/gle';
import { straightDrive, type FakeFix } from './fakes/telematics-server';
import { storePositions } from './telematics-fixtures';
import { metresToMiles } from '@milepost/geo/units';

/**
 * One figure everywhere (docs/mileage-engine.md "From save and sync to every screen"): every
 * screen reads one set of figures; a read never calls Samsara or GLE and never writes; the
 * jobs fetch tracks and keep figures; a trip's map calls are addressed by its id.
 */

let ctx: TestContext;
let samsara: FakeSamsara;
let gle: FakeGle;
let owner: string;
let ownerId: number;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();
const MI = metresToMiles(1);

const A = { lat: 41.8781, lng: -87.6298, address: 'Chicago, IL, United States' };
const B = { lat: 41.525, lng: -88.0817, address: 'Joliet, IL, United States' };
const C = { lat: 40.6936, lng: -89.589, address: 'Peoria, IL, United States' };
const D = { lat: 39.7817, lng: -89.6501, address: 'Springfield, IL, United States' };

beforeAll(async () => {
  samsara = await startFakeSamsara();
  gle = await startFakeGle();
  // No HERE key: the estimate, whose figures follow the user's route settings (Shortest < Practical).
  ctx = await createTestContext({ SAMSARA_BASE_URL: samsara.url, GLE_BASE_URL: gle.url }, { jobs: true });
  await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
  ownerId = u.id;
  owner = (await signIn(ctx.app, u)).accessToken;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
  await gle?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = owner) =>
  call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
async function get<T>(url: string): Promise<T> {
  const res = await api('GET', url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<{ data: T }>().data;
}
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]))).toString();

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until no figures job is waiting or running for the trip (the reads are then stable). */
async function settle(tripId: number) {
  await until('the trip figures jobs', async () => {
    const r = (await ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'trip-figures' and singleton_key = ${String(tripId)} and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n === 0;
  });
}

/** MM/DD/YYYY HH:mm:ss in Central time, as the API takes dates. */
function central(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

const stop = (p: typeof A, stopType: string, loadStatus: string, orderIndex: number) => ({
  address: p.address,
  latitude: p.lat,
  longitude: p.lng,
  stopType,
  loadStatus,
  orderIndex,
  distance: 0,
  totalDistance: 0,
  duration: 0,
});
const abc = () => [stop(A, 'START', 'EMPTY', 0), stop(B, 'PICKUP', 'EMPTY', 1), stop(C, 'DELIVERY', 'LOADED', 2)];

/** A truck of a company running Samsara and GLE, with a drive A → B → C in both fakes starting at `start`. */
async function fleet(start: Date) {
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
  const fixes: FakeFix[] = [...straightDrive(A, B, start, 60), ...straightDrive(B, C, new Date(start.getTime() + 61 * 60_000), 90, 600_000_000)];
  samsara.vehicles.push({ id: `sv-${k}`, name: `S ${k}`, vin: `svin-${k}` });
  samsara.history.set(`sv-${k}`, fixes);
  // GLE has no history: its track is the positions its polls stored (docs/integrations/gle.md); any GLE call counts.
  await storePositions(ctx.db, truck.id, fixes);
  const calls = () => samsara.requests.filter((r) => r.query.get('vehicleIds') === `sv-${k}`).length + gle.requests.length;
  return { company, truck, driver, number: `LD-${k}`, calls };
}

const PAST = new Date(Date.UTC(2026, 9, 5, 13, 0));
const body = (f: Awaited<ReturnType<typeof fleet>>, tripStatus: string, start: Date, end: Date | null, tripStops = abc()) => ({
  truckId: f.truck.id,
  driverId: f.driver.id,
  identifierType: 'LOAD_NUMBER',
  identifierValue: f.number,
  tripStatus,
  pickupDateTime: central(start),
  startDateTime: central(start),
  ...(end ? { endDateTime: central(end) } : {}),
  tripStops,
});

async function createViaApi(b: object) {
  const res = await api('POST', '/trips', b);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number };
}

/** Everything a read could change, for one trip and its truck, as row versions (xmin). */
async function rowVersions(tripId: number, truckId: number): Promise<string> {
  const r = (await ctx.db.execute(sql`select
      (select string_agg(xmin::text || ':' || id, ',' order by id) from trips where id = ${tripId}) as trips,
      (select string_agg(xmin::text || ':' || id, ',' order by id) from trip_stops where trip_id = ${tripId}) as stops,
      (select string_agg(xmin::text || ':' || source, ',' order by source) from trip_mile_stats where trip_id = ${tripId}) as kept,
      (select string_agg(xmin::text || ':' || source, ',' order by source) from trip_tracks where trip_id = ${tripId}) as tracks,
      (select string_agg(xmin::text || ':' || period_kind, ',' order by period_kind, period_start) from trip_period_stats where truck_id = ${truckId}) as periods`)) as unknown as {
    rows: unknown[];
  };
  return JSON.stringify(r.rows);
}

/** Every read that shows a trip's figures, spec and id calls alike. */
async function readAll(tripId: number, truckId: number, number: string) {
  const mileStats = await get<TripMileStats>(`/mile-stats/${tripId}`);
  const byId = await get<TripMapSummary>(`/trips/${tripId}/map-summary`);
  const reportById = await get<TripMapReport>(`/trips/${tripId}/map-report`);
  const spec = await get<TripMapSummary>(`/trips/summary?${q({ truckId, number })}`);
  const specReport = await get<TripMapReport>(`/trips/report-summary?${q({ truckId, number })}`);
  await get(`/trips/route-data?${q({ truckId, number, identifierType: 'LOAD_NUMBER' })}`);
  expect(spec).toEqual(byId);
  expect(specReport).toEqual(reportById);
  return { mileStats, summary: byId, report: reportById };
}

/**
 * The planned figures as every screen and export shows them; all must agree with the Trips
 * list to 0.1 mi.
 */
async function expectOneSetOfFigures(tripId: number, truckId: number, number: string) {
  const [row] = (await get<{ content: Record<string, number>[] }>(`/trips?${q({ loadNumber: number })}`)).content;
  const list = { miles: row!.miles!, totalEmpty: row!.totalEmpty!, pu: row!.pu!, trl: row!.trl!, totalMiles: row!.totalMiles! };
  const close = (a: number | null | undefined, b: number, what: string) => expect(Math.abs((a ?? NaN) - b), `${what}: ${a} vs list ${b}`).toBeLessThanOrEqual(0.1);
  // The Mileage Report's HERE row first (the figures once disagreed after a recompute: docs/mileage-engine.md "From save and sync to every screen").
  const hereStats = (await get<TripMileStats>(`/mile-stats/${tripId}`)).hereStats;
  for (const k of ['miles', 'totalEmpty', 'pu', 'trl', 'totalMiles'] as const) close(hereStats?.[k], list[k], `hereStats.${k}`);
  const { mileStats, summary, report } = await readAll(tripId, truckId, number);
  for (const k of ['miles', 'totalEmpty', 'pu', 'trl', 'totalMiles'] as const) close(mileStats.hereStats?.[k], list[k], `hereStats.${k}`);
  close(summary.sources[0]!.distance! * MI, list.totalMiles, 'map panel title (here)');
  close(report.sources[0]!.totals.distance! * MI, list.totalMiles, 'map report total (here)');
  close(report.sources[0]!.rows.at(-1)!.totalDistance! * MI, list.totalMiles, 'map report last row (here)');
  // Reports: the month of the trip on its own truck (trip_period_stats), and the custom range (the trips themselves).
  const monthly = (await get<{ rows: ReportRow[] }>(`/trip-statistics/period-type?${q({ periodType: 'MONTHLY', truckId })}`)).rows;
  const range = (await get<{ rows: ReportRow[] }>(`/trip-statistics?${q({ truckId, fromDate: '01/01/2026 00:00:00', toDate: '12/31/2026 23:59:59' })}`)).rows;
  for (const r of [monthly[0]!, range[0]!]) {
    close(r.totalMiles, list.totalMiles, 'Reports Total Miles');
    close(r.totalEmptyMiles, list.totalEmpty, 'Reports Total Empty');
    close(r.totalPuMiles, list.pu, 'Reports PU');
    close(r.totalTrlMiles, list.trl, 'Reports TRL');
    close(r.totalLoadedMiles, list.miles, 'Reports Miles');
    if (r.plannedMiles !== null) close(r.plannedMiles, list.totalMiles, 'Reports Planned Miles');
  }
  const csv = (await api('GET', `/trips/export.csv?${q({ truckId })}`)).body;
  const [line] = parse(csv, { columns: true }) as Record<string, string>[];
  close(Number(line!['TOTAL MILES (mi)']), list.totalMiles, 'trips CSV TOTAL MILES');
  close(Number(line!['Total Empty (mi)']), list.totalEmpty, 'trips CSV Total Empty');
  close(Number(line!['PU (mi)']), list.pu, 'trips CSV PU');
  close(Number(line!['TRL (mi)']), list.trl, 'trips CSV TRL');
  close(Number(line!['Miles (mi)']), list.miles, 'trips CSV Miles');
  const [rep] = parse((await api('GET', `/trip-statistics/export.csv?${q({ periodType: 'MONTHLY', truckId })}`)).body, { columns: true }) as Record<string, string>[];
  close(Number(rep!['Total Miles (mi)']), list.totalMiles, 'report CSV Total Miles');
  close(Number(rep!['Total Empty Miles (mi)']), list.totalEmpty, 'report CSV Total Empty');
  return { list, mileStats, summary, report, monthly: monthly[0]! };
}

/** The telematics figures as every screen shows them agree with GET /mile-stats (and the Reports' actual miles with Samsara's). */
async function expectTelematicsAgree(tripId: number, truckId: number, number: string) {
  const { mileStats, summary, report } = await readAll(tripId, truckId, number);
  const s = mileStats.samsaraStats!;
  expect(s).not.toBeNull();
  expect(summary.sources[1]!.distance! * MI).toBeCloseTo(s.totalMiles, 6);
  expect(report.sources[1]!.totals.distance! * MI).toBeCloseTo(s.totalMiles, 6);
  const monthly = (await get<{ rows: ReportRow[] }>(`/trip-statistics/period-type?${q({ periodType: 'MONTHLY', truckId })}`)).rows[0]!;
  expect(monthly.actualMiles!).toBeCloseTo(s.totalMiles, 6);
  return mileStats;
}

describe('reads never call out and never write', () => {
  it('GET /mile-stats, /trips/summary, /trips/report-summary, /trips/route-data and the id calls read stored data only, with Samsara and GLE holding history', async () => {
    const f = await fleet(PAST);
    // Saved without the API, so no job runs for it: nothing is stored of its tracks.
    const trip = await createTrip(ctx.db, routingServiceFor(ctx.config, ctx.db), ownerId, {
      ...body(f, 'COMPLETED', PAST, new Date(PAST.getTime() + 160 * 60_000)),
      pickupDateTime: PAST,
      startDateTime: PAST,
      endDateTime: new Date(PAST.getTime() + 160 * 60_000),
      dispatcherId: null,
      startOdometer: null,
      endOdometer: null,
      emptyMiles: null,
      loadedMiles: null,
      notes: null,
      recoveryReasonId: null,
    } as unknown as Parameters<typeof createTrip>[3]);
    const before = await rowVersions(trip.id, f.truck.id);
    const { mileStats, summary } = await readAll(trip.id, f.truck.id, f.number);
    expect(f.calls()).toBe(0);
    expect(await rowVersions(trip.id, f.truck.id)).toBe(before);
    // Nothing stored yet: the sources are on, without figures, and say nothing was fetched.
    expect(mileStats).toMatchObject({ samsaraStats: null, gleStats: null, samsaraFetchedAt: null, gleFetchedAt: null });
    expect(mileStats.hereStats).not.toBeNull();
    expect(summary.sources.map((s) => [s.type, s.distance === null])).toEqual([
      ['here', false],
      ['samsara', true],
      ['gle', true],
    ]);
  });

  it('an unknown trip is 404 on the id calls; a bad id is 400', async () => {
    for (const url of ['/trips/99999999/map-summary', '/trips/99999999/map-report']) expect((await api('GET', url)).statusCode, url).toBe(404);
    expect((await api('GET', '/trips/abc/map-summary')).statusCode).toBe(400);
    const noMap = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] }))).accessToken;
    expect((await api('GET', '/trips/1/map-report', undefined, noMap)).statusCode).toBe(403);
  });
});

describe('the jobs fetch tracks and keep figures', () => {
  it('a trip saved as COMPLETED gets its tracks fetched by a job within seconds; then the reads agree and still call no one', async () => {
    const f = await fleet(PAST);
    const trip = await createViaApi(body(f, 'COMPLETED', PAST, new Date(PAST.getTime() + 160 * 60_000)));
    await until('the Reports to show the trip’s actual miles', async () => (await get<TripMileStats>(`/mile-stats/${trip.id}`)).samsaraStats !== null && f.calls() > 0);
    await until(
      'the kept figures',
      async () => ((await get<{ rows: ReportRow[] }>(`/trip-statistics/period-type?${q({ periodType: 'MONTHLY', truckId: f.truck.id })}`)).rows[0]?.actualMiles ?? null) !== null,
    );
    const n = f.calls();
    const before = await rowVersions(trip.id, f.truck.id);
    const stats = await expectTelematicsAgree(trip.id, f.truck.id, f.number);
    expect(Date.parse(stats.samsaraFetchedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(stats.gleFetchedAt!)).toBeGreaterThan(Date.now() - 60_000);
    await expectOneSetOfFigures(trip.id, f.truck.id, f.number);
    expect(f.calls()).toBe(n);
    expect(await rowVersions(trip.id, f.truck.id)).toBe(before);
  });

  it('a trip moved to COMPLETED gets its final tracks fetched by a job within seconds, with no read; the figures stay in step', async () => {
    const start = new Date(Date.now() - 100 * 60_000);
    const f = await fleet(start);
    const trip = await createViaApi(body(f, 'IN_TRANSIT', start, null));
    await until('the job of the save', async () => f.calls() > 0);
    // The end time is set by an edit, then the status moves on; nobody opens the trip.
    const end = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000);
    const edited = await api('PUT', `/trips/${trip.id}`, { ...body(f, 'IN_TRANSIT', start, end), version: trip.version });
    expect(edited.statusCode, edited.body).toBe(200);
    const moved = await api('PATCH', `/trips/change-trip-status/${trip.id}?tripStatus=COMPLETED`, { version: edited.json().data.version });
    expect(moved.statusCode, moved.body).toBe(200);
    await until('the final tracks, stored up to the end time', async () => {
      const r = (await ctx.db.execute(sql`select source, fetched_to from trip_tracks where trip_id = ${trip.id}`)) as unknown as {
        rows: { source: string; fetched_to: Date | string }[];
      };
      return r.rows.length === 2 && r.rows.every((t) => new Date(t.fetched_to).getTime() === end.getTime());
    });
    await until('the kept figures', async () => {
      const r = (await ctx.db.execute(sql`select telematics_m from trips where id = ${trip.id}`)) as unknown as { rows: { telematics_m: number | null }[] };
      return r.rows[0]?.telematics_m != null;
    });
    await settle(trip.id);
    await expectTelematicsAgree(trip.id, f.truck.id, f.number);
    await expectOneSetOfFigures(trip.id, f.truck.id, f.number);
  });

  it('POST /mile-stats/{tripId}/refresh queues the fetch (202) for CAN_SYNC_INTEGRATIONS or CAN_EDIT_MILEAGE_REPORT_TRIP', async () => {
    const f = await fleet(PAST);
    const trip = await createTrip(ctx.db, routingServiceFor(ctx.config, ctx.db), ownerId, {
      ...body(f, 'COMPLETED', PAST, null),
      pickupDateTime: PAST,
      startDateTime: PAST,
      endDateTime: new Date(PAST.getTime() + 160 * 60_000),
      dispatcherId: null,
      startOdometer: null,
      endOdometer: null,
      emptyMiles: null,
      loadedMiles: null,
      notes: null,
      recoveryReasonId: null,
    } as unknown as Parameters<typeof createTrip>[3]);
    const viewer = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_VIEW_MILEAGE_REPORT_TRIP'] }))).accessToken;
    expect((await api('POST', `/mile-stats/${trip.id}/refresh`, undefined, viewer)).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'POST', url: `/api/v1/mile-stats/${trip.id}/refresh` })).statusCode).toBe(401);
    expect((await api('POST', '/mile-stats/99999999/refresh')).statusCode).toBe(404);
    expect((await api('POST', '/mile-stats/abc/refresh')).statusCode).toBe(400);
    expect(f.calls()).toBe(0);
    for (const permissions of [['CAN_SYNC_INTEGRATIONS'], ['CAN_EDIT_MILEAGE_REPORT_TRIP']] as const) {
      const token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: [...permissions] }))).accessToken;
      const res = await api('POST', `/mile-stats/${trip.id}/refresh`, undefined, token);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().data).toEqual({ tripId: trip.id, state: 'QUEUED' });
    }
    await until('the refresh job', async () => (await get<TripMileStats>(`/mile-stats/${trip.id}`)).gleStats !== null);
    expect(f.calls()).toBeGreaterThan(0);
    await until(
      'the kept figures',
      async () => ((await get<{ rows: ReportRow[] }>(`/trip-statistics/period-type?${q({ periodType: 'MONTHLY', truckId: f.truck.id })}`)).rows[0]?.actualMiles ?? null) !== null,
    );
    await expectTelematicsAgree(trip.id, f.truck.id, f.number);
  });

  it('a sync brings a trip in transit up to now and keeps its figures; reads after it call no one', async () => {
    const start = new Date(Date.now() - 100 * 60_000);
    const f = await fleet(start);
    const trip = await createTrip(ctx.db, routingServiceFor(ctx.config, ctx.db), ownerId, {
      ...body(f, 'IN_TRANSIT', start, null),
      pickupDateTime: start,
      startDateTime: start,
      endDateTime: null,
      dispatcherId: null,
      startOdometer: null,
      endOdometer: null,
      emptyMiles: null,
      loadedMiles: null,
      notes: null,
      recoveryReasonId: null,
    } as unknown as Parameters<typeof createTrip>[3]);
    const res = await api('POST', '/integrations/sync', { companyId: f.company.id, provider: 'SAMSARA' });
    expect(res.statusCode, res.body).toBe(202);
    await until('the sync', async () => (await get<Record<string, { state: string }>>(`/integrations/status?companyId=${f.company.id}`)).SAMSARA!.state === 'SUCCEEDED');
    const n = f.calls();
    expect(n).toBeGreaterThan(0);
    const before = await rowVersions(trip.id, f.truck.id);
    const stats = await expectTelematicsAgree(trip.id, f.truck.id, f.number);
    expect(stats.samsaraFetchedAt).not.toBeNull();
    expect(stats.gleFetchedAt).toBeNull(); // GLE was not synced
    await expectOneSetOfFigures(trip.id, f.truck.id, f.number);
    expect(f.calls()).toBe(n);
    expect(await rowVersions(trip.id, f.truck.id)).toBe(before);
  });
});

describe('one set of figures on every screen', () => {
  it('after a create and an edit of the stops, with the telematics figures following the new stops at once', async () => {
    const f = await fleet(PAST);
    const trip = await createViaApi(body(f, 'COMPLETED', PAST, new Date(PAST.getTime() + 160 * 60_000)));
    await settle(trip.id);
    await expectOneSetOfFigures(trip.id, f.truck.id, f.number);
    await until(
      'the kept figures',
      async () => ((await get<{ rows: ReportRow[] }>(`/trip-statistics/period-type?${q({ periodType: 'MONTHLY', truckId: f.truck.id })}`)).rows[0]?.actualMiles ?? null) !== null,
    );
    const first = await expectTelematicsAgree(trip.id, f.truck.id, f.number);
    expect(first.samsaraStats!.legs).toHaveLength(2);

    // A fourth stop, never reached by the truck: the planned figures grow, every screen with them;
    // the telematics legs follow the new stops on the very next read.
    const stops = [...abc(), stop(D, 'DELIVERY', 'LOADED', 3)];
    const res = await api('PUT', `/trips/${trip.id}`, { ...body(f, 'COMPLETED', PAST, new Date(PAST.getTime() + 160 * 60_000), stops), version: trip.version });
    expect(res.statusCode, res.body).toBe(200);
    const after = await expectOneSetOfFigures(trip.id, f.truck.id, f.number);
    expect(after.list.totalMiles).toBeGreaterThan(first.hereStats!.totalMiles + 10);
    expect(after.mileStats.samsaraStats!.legs).toHaveLength(3);
    expect(after.summary.sources[1]!.distance! * MI).toBeCloseTo(after.mileStats.samsaraStats!.totalMiles, 6);
  });

  it('after POST /trips/recompute-routes with other route settings (Shortest instead of Practical)', async () => {
    const f = await fleet(PAST);
    const trip = await createViaApi(body(f, 'COMPLETED', PAST, new Date(PAST.getTime() + 160 * 60_000)));
    await settle(trip.id);
    const practical = await expectOneSetOfFigures(trip.id, f.truck.id, f.number);
    await ctx.db
      .insert(userRouteSettings)
      .values({ userId: ownerId, trailerType: null, routingType: 'SHORTEST', distanceUnit: 'MILES' })
      .onConflictDoUpdate({ target: userRouteSettings.userId, set: { routingType: 'SHORTEST' } });
    try {
      const res = await api('POST', '/trips/recompute-routes', { tripIds: [trip.id], onlyMissing: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.recomputed).toBe(1);
      const shortest = await expectOneSetOfFigures(trip.id, f.truck.id, f.number);
      // Offline, Practical and Shortest get the same fitted factor (docs/routing.md "The estimate"):
      // the recompute routed the trip again and every screen still shows one set of figures.
      expect(shortest.list.totalMiles).toBeCloseTo(practical.list.totalMiles, 1);
    } finally {
      await ctx.db
        .update(userRouteSettings)
        .set({ routingType: 'PRACTICAL' })
        .where(sql`${userRouteSettings.userId} = ${ownerId}`);
    }
  });
});
