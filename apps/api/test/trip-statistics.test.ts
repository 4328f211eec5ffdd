import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, type PermissionName } from '@milepost/contracts/permissions';
import { periodRouteSource, REPORT_MESSAGES, type ReportRow } from '@milepost/contracts/trip-statistics-api';
import type { TripRow } from '@milepost/contracts/trips-api';
import { tripMileStats } from '../src/db/schema/telematics';
import { syncActualMiles } from '../src/modules/trip-figures';
import { trips } from '../src/db/schema/trips';
import { call, createTestContext, type TestContext } from './harness';
import { createDriverRow, createTruckRow, createUser, signIn } from './factories';
import { milesToMetres } from '@milepost/geo/units';

let ctx: TestContext;
let owner: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
});
afterAll(() => ctx.close());

const u = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const as = async (perms: PermissionName[]) => (await signIn(ctx.app, await createUser(ctx.db, { permissions: perms }))).accessToken;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = owner) =>
  call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
const M = milesToMetres(1); // metres in a mile

/** A trip whose legs are: START, PICKUP (`pu` mi empty), TRAILER (`trl` mi empty), DELIVERY (`loaded` mi). */
const stops = (pu: number, trl: number, loaded: number) => [
  { address: 'Chicago, IL, United States', latitude: 41.88, longitude: -87.63, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, duration: 0 },
  { address: 'Gary, IN, United States', latitude: 41.59, longitude: -87.35, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 1, distance: pu * M, duration: 60 },
  { address: 'Joliet, IL, United States', latitude: 41.52, longitude: -88.08, stopType: 'TRAILER', loadStatus: 'EMPTY', orderIndex: 2, distance: trl * M, duration: 60 },
  { address: 'Dallas, TX, United States', latitude: 32.78, longitude: -96.8, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 3, distance: loaded * M, duration: 60 },
];

/**
 * Trip saves route their stops on the server (docs/routing.md): these tests are about sums, so
 * they set the route figures a routing answer would have stored, to round numbers of miles.
 */
async function setRoute(tripId: number, pu: number, trl: number, loaded: number) {
  await ctx.db
    .update(trips)
    .set({ routePuM: pu * M, routeTrlM: trl * M, routeTotalEmptyM: (pu + trl) * M, routeM: loaded * M, routeTotalM: (pu + trl + loaded) * M, routeSource: 'HERE' })
    .where(eq(trips.id, tripId));
}

async function truckWithDriver() {
  const truck = await createTruckRow(ctx.db);
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  return { truck, driver };
}

interface TripSpec {
  pickup: string;
  pu?: number;
  trl?: number;
  loaded?: number;
  emptyMiles?: number | null;
  loadedMiles?: number | null;
  status?: string;
}
async function createTrip(truckId: number, driverId: number, s: TripSpec) {
  const res = await api('POST', '/trips', {
    truckId,
    driverId,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `RP-${u()}`,
    tripStatus: s.status ?? 'COMPLETED',
    pickupDateTime: s.pickup,
    emptyMiles: s.emptyMiles ?? null,
    loadedMiles: s.loadedMiles ?? null,
    tripStops: stops(s.pu ?? 10, s.trl ?? 5, s.loaded ?? 100),
  });
  expect(res.statusCode, res.body).toBe(201);
  const trip = res.json().data as { id: number; version: number };
  await setRoute(trip.id, s.pu ?? 10, s.trl ?? 5, s.loaded ?? 100);
  return trip;
}

const byPeriod = async (query: string, token = owner) => {
  const res = await api('GET', `/trip-statistics/period-type?${query}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { grouping: string; rows: ReportRow[] };
};
const byRange = async (query: string) => {
  const res = await api('GET', `/trip-statistics?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { grouping: string; rows: ReportRow[] };
};
const row = (rows: ReportRow[], periodGroup: string) => {
  const r = rows.find((x) => x.periodGroup === periodGroup);
  if (!r) throw new Error(`no row ${periodGroup} in ${rows.map((x) => x.periodGroup).join(', ')}`);
  return r;
};
const q = (o: Record<string, string | number>) => new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]))).toString();

describe('period boundaries in Central time (weeks start Monday)', () => {
  it('puts trips on each side of the spring and autumn DST changes and of the year end in the right week, month and year', async () => {
    const { truck, driver } = await truckWithDriver();
    const at = (pickup: string) => createTrip(truck.id, driver.id, { pickup, pu: 1, trl: 0, loaded: 0 });
    // Spring forward: Sunday 03/08/2026 loses 02:00-03:00. 23:30 that Sunday is still the week of Mon 03/02.
    await at('03/08/2026 23:30:00');
    await at('03/09/2026 00:00:00');
    // Fall back: 01:30 on Sunday 11/01/2026 happens twice; it is the week of Mon 10/26 and the month of November.
    await at('11/01/2026 01:30:00');
    await at('10/31/2026 23:59:59');
    await at('11/02/2026 00:00:00');
    // Year end: Thursday 12/31/2026 23:59:59 CST is 2027-01-01 05:59:59 UTC, still 2026 in Central time.
    await at('12/31/2026 23:59:59');
    await at('01/01/2027 00:00:00');
    await at('01/04/2027 00:00:00');

    const weekly = (await byPeriod(q({ truckId: truck.id, periodType: 'WEEKLY' }))).rows;
    const counts = Object.fromEntries(weekly.map((r) => [r.periodGroup, r.loadCount]));
    expect(counts).toEqual({
      '03/02/2026 - 03/08/2026': 1,
      '03/09/2026 - 03/15/2026': 1,
      '10/26/2026 - 11/01/2026': 2,
      '11/02/2026 - 11/08/2026': 1,
      '12/28/2026 - 01/03/2027': 2,
      '01/04/2027 - 01/10/2027': 1,
    });
    // Newest first, with the bounds the Trips screen filters by (a DST week is 167 or 169 hours long).
    expect(weekly.map((r) => r.periodGroup)[0]).toBe('01/04/2027 - 01/10/2027');
    expect(row(weekly, '03/02/2026 - 03/08/2026')).toMatchObject({ periodStart: '03/02/2026 00:00:00', periodEnd: '03/08/2026 23:59:59' });
    expect(row(weekly, '12/28/2026 - 01/03/2027')).toMatchObject({ periodStart: '12/28/2026 00:00:00', periodEnd: '01/03/2027 23:59:59' });

    const monthly = (await byPeriod(q({ truckId: truck.id, periodType: 'MONTHLY' }))).rows;
    expect(Object.fromEntries(monthly.map((r) => [r.periodGroup, r.loadCount]))).toEqual({
      'Mar 2026': 2,
      'Oct 2026': 1,
      'Nov 2026': 2,
      'Dec 2026': 1,
      'Jan 2027': 2,
    });
    expect(row(monthly, 'Nov 2026')).toMatchObject({ periodStart: '11/01/2026 00:00:00', periodEnd: '11/30/2026 23:59:59' });

    const yearly = await byPeriod(q({ truckId: truck.id, periodType: 'YEARLY' }));
    expect(yearly.grouping).toBe('YEARLY');
    expect(yearly.rows.map((r) => [r.periodGroup, r.loadCount, r.truckCount, r.periodStart, r.periodEnd])).toEqual([
      ['2027', 2, 1, '01/01/2027 00:00:00', '12/31/2027 23:59:59'],
      ['2026', 6, 1, '01/01/2026 00:00:00', '12/31/2026 23:59:59'],
    ]);

    // A custom range is broken down per Central day, its ends cut to the range.
    const range = await byRange(q({ truckId: truck.id, fromDate: '12/31/2026 12:00:00', toDate: '01/01/2027 23:59:59' }));
    expect(range.grouping).toBe('DAILY');
    expect(range.rows.map((r) => [r.periodGroup, r.loadCount, r.periodStart, r.periodEnd])).toEqual([
      ['01/01/2027', 1, '01/01/2027 00:00:00', '01/01/2027 23:59:59'],
      ['12/31/2026', 1, '12/31/2026 12:00:00', '12/31/2026 23:59:59'],
    ]);
  });
});

describe('GET /trip-statistics/period-type and /trip-statistics', () => {
  it('each total is the sum of the Trips list column over the period, cancelled trips left out; edits move the totals', async () => {
    const a = await truckWithDriver();
    const b = await truckWithDriver();
    // Week of Mon 06/05/2034 (no other test uses 2034): two trucks.
    const t1 = await createTrip(a.truck.id, a.driver.id, { pickup: '06/05/2034 08:00:00', pu: 10, trl: 5, loaded: 100, emptyMiles: 12, loadedMiles: 101 });
    await createTrip(a.truck.id, a.driver.id, { pickup: '06/07/2034 08:00:00', pu: 20, trl: 0, loaded: 200, emptyMiles: 18.5, loadedMiles: 199 });
    await createTrip(b.truck.id, b.driver.id, { pickup: '06/11/2034 23:00:00', pu: 3, trl: 2, loaded: 50, emptyMiles: null, loadedMiles: 50, status: 'UPCOMING' });
    const cancelled = await createTrip(b.truck.id, b.driver.id, {
      pickup: '06/08/2034 08:00:00',
      pu: 1000,
      trl: 0,
      loaded: 1000,
      emptyMiles: 500,
      loadedMiles: 500,
      status: 'UPCOMING',
    });
    expect((await api('PATCH', `/trips/change-trip-status/${cancelled.id}?tripStatus=CANCELLED`, { version: cancelled.version })).statusCode).toBe(200);

    const week = { fromDate: '06/05/2034 00:00:00', toDate: '06/11/2034 23:59:59' };
    const list = (await api('GET', `/trips?${q({ ...week, size: 100 })}`)).json().data.content as TripRow[];
    expect(list).toHaveLength(4);
    const counted = list.filter((t) => t.tripStatus !== 'CANCELLED');
    const sum = (k: keyof TripRow) => counted.reduce((s, t) => s + ((t[k] as number | null) ?? 0), 0);
    const expected = {
      truckCount: 2,
      loadCount: 3,
      totalMiles: sum('totalMiles'),
      totalEmptyMiles: sum('totalEmpty'),
      totalPuMiles: sum('pu'),
      totalTrlMiles: sum('trl'),
      totalLoadedMiles: sum('miles'),
      totalPayableMileage: sum('payableMileage'),
      emptyMiles: sum('emptyMiles'),
      loadedMiles: sum('loadedMiles'),
    };
    expect(expected.totalPuMiles).toBeCloseTo(33, 3);
    expect(expected.totalPayableMileage).toBeCloseTo(113 + 217.5, 6);
    const close = (r: ReportRow, e: typeof expected) => {
      expect(r.truckCount).toBe(e.truckCount);
      expect(r.loadCount).toBe(e.loadCount);
      for (const k of Object.keys(e) as (keyof typeof e)[]) expect(r[k], k).toBeCloseTo(e[k], 6);
    };
    const weekRow = row((await byPeriod('periodType=WEEKLY')).rows, '06/05/2034 - 06/11/2034');
    close(weekRow, expected);
    close(row((await byPeriod('periodType=MONTHLY')).rows, 'Jun 2034'), expected);
    close(row((await byPeriod('periodType=YEARLY')).rows, '2034'), expected);
    // The custom range sums the trips themselves: the same figures, day by day.
    const days = (await byRange(q(week))).rows;
    expect(days.map((d) => d.periodGroup)).toEqual(['06/11/2034', '06/07/2034', '06/05/2034']);
    expect(days.reduce((s, d) => s + d.totalMiles, 0)).toBeCloseTo(expected.totalMiles, 6);
    // One truck.
    const onlyA = row((await byPeriod(q({ periodType: 'WEEKLY', truckId: a.truck.id }))).rows, '06/05/2034 - 06/11/2034');
    expect(onlyA).toMatchObject({ truckCount: 1, loadCount: 2 });
    expect(onlyA.totalLoadedMiles).toBeCloseTo(300, 3);

    // Moving a trip to the next week and editing its mileage moves its figures with it.
    const full = (await api('GET', `/trips/${t1.id}`)).json().data;
    const put = await api('PUT', `/trips/${t1.id}`, {
      ...full,
      identifierValue: full.loadNumber,
      pickupDateTime: '06/12/2034 00:30:00',
      tripStops: stops(10, 5, 150),
      version: full.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    await setRoute(t1.id, 10, 5, 150);
    const mileage = await api('PUT', '/mile-stats/payable-mileage', { tripId: t1.id, emptyMiles: 1, loadedMiles: 2, version: put.json().data.version });
    expect(mileage.statusCode, mileage.body).toBe(200);
    const weekly = (await byPeriod('periodType=WEEKLY')).rows;
    expect(row(weekly, '06/05/2034 - 06/11/2034')).toMatchObject({ loadCount: 2, truckCount: 2 });
    const moved = row(weekly, '06/12/2034 - 06/18/2034');
    expect(moved).toMatchObject({ loadCount: 1, truckCount: 1, totalPayableMileage: 3, emptyMiles: 1, loadedMiles: 2 });
    expect(moved.totalLoadedMiles).toBeCloseTo(150, 3);
    const june = row((await byPeriod('periodType=MONTHLY')).rows, 'Jun 2034');
    expect(june.loadCount).toBe(3);
    expect(june.totalLoadedMiles).toBeCloseTo(400, 3);

    // The running totals equal a fresh sum over the trips (the trigger never drifts).
    const drift = (await ctx.db.execute(sql`
      select count(*)::int as n from (
        select s.period_kind, s.truck_id, s.period_start, s.load_count, t.n, s.route_total_m, t.m
        from trip_period_stats s
        full join (
          select k.kind, truck_id, k.start, count(*)::int as n, coalesce(sum(route_total_m), 0) as m from trips
          cross join lateral (values ('WEEK', date_trunc('week', pickup_date_time at time zone 'America/Chicago')::date),
                                     ('MONTH', date_trunc('month', pickup_date_time at time zone 'America/Chicago')::date)) k(kind, start)
          where trip_status <> 'CANCELLED' group by 1, 2, 3
        ) t on t.kind = s.period_kind and t.truck_id = s.truck_id and t.start = s.period_start
        where coalesce(s.load_count, 0) <> coalesce(t.n, 0) or abs(coalesce(s.route_total_m, 0) - coalesce(t.m, 0)) > 0.001
      ) d`)) as unknown as { rows: { n: number }[] };
    expect(drift.rows[0]!.n).toBe(0);
  });

  it('answers no rows when there are no trips', async () => {
    const { truck } = await truckWithDriver();
    expect((await byPeriod(q({ periodType: 'YEARLY', truckId: truck.id }))).rows).toEqual([]);
    expect((await byRange(q({ truckId: truck.id, fromDate: '01/01/2026 00:00:00', toDate: '12/31/2026 23:59:59' }))).rows).toEqual([]);
  });

  it('validates the query', async () => {
    const lower = await api('GET', '/trip-statistics/period-type?periodType=weekly');
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe(REPORT_MESSAGES.periodType);
    expect((await api('GET', '/trip-statistics/period-type')).statusCode).toBe(400);
    const bad = await api('GET', `/trip-statistics?${q({ fromDate: '2026-01-01', toDate: '01/31/2026 23:59:59' })}`);
    expect(bad.statusCode).toBe(400);
    const order = await api('GET', `/trip-statistics?${q({ fromDate: '02/01/2026 00:00:00', toDate: '01/31/2026 23:59:59' })}`);
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(REPORT_MESSAGES.rangeOrder);
    expect((await api('GET', '/trip-statistics/period-type?periodType=WEEKLY&truckId=abc')).statusCode).toBe(400);
    expect((await api('GET', '/trip-statistics/export.csv?truckId=1')).json().message).toBe(REPORT_MESSAGES.exportPeriod);
  });

  it('needs CAN_SHOW_REPORTS (and a sign-in)', async () => {
    const tripsOnly = await as(['CAN_SHOW_TRIPS']);
    for (const url of [
      '/trip-statistics/period-type?periodType=WEEKLY',
      `/trip-statistics?${q({ fromDate: '01/01/2026 00:00:00', toDate: '01/31/2026 23:59:59' })}`,
      '/trip-statistics/export.csv?periodType=WEEKLY',
    ]) {
      expect((await api('GET', url, undefined, tripsOnly)).statusCode, url).toBe(403);
      expect((await call(ctx.app, { method: 'GET', url: `/api/v1${url}` })).statusCode, url).toBe(401);
    }
    const reports = await as(['CAN_SHOW_REPORTS']);
    expect((await byPeriod('periodType=YEARLY', reports)).grouping).toBe('YEARLY');
    expect((await api('GET', '/trip-statistics/export.csv?periodType=YEARLY', undefined, reports)).statusCode).toBe(200);
  });
});

/** Keeps a source's TOTAL MILES for a trip as the figures job does (insert, or update on a second call), with the trip's actual miles. */
async function keepMiles(tripId: number, source: 'HERE' | 'SAMSARA' | 'GLE', totalMiles: number | null) {
  const metres = totalMiles === null ? null : milesToMetres(totalMiles);
  const values = { tripId, source, totalM: metres, loadedM: metres, inputsKey: `test-${u()}` };
  await ctx.db
    .insert(tripMileStats)
    .values(values)
    .onConflictDoUpdate({ target: [tripMileStats.tripId, tripMileStats.source], set: values });
  await syncActualMiles(ctx.db, tripId);
}
const dropMiles = async (tripId: number, source: string) => {
  await ctx.db.delete(tripMileStats).where(and(eq(tripMileStats.tripId, tripId), eq(tripMileStats.source, source)));
  await syncActualMiles(ctx.db, tripId);
};

describe('planned vs actual and data coverage', () => {
  it('sums routing TOTAL MILES against telematics miles (Samsara, else GLE) over the trips that have one; follows every change of the mile stats', async () => {
    const { truck, driver } = await truckWithDriver();
    const week = '03/02/2037 - 03/08/2037';
    const t1 = await createTrip(truck.id, driver.id, { pickup: '03/02/2037 08:00:00', pu: 10, trl: 5, loaded: 100 }); // routing 115 mi
    const t2 = await createTrip(truck.id, driver.id, { pickup: '03/04/2037 08:00:00', pu: 20, trl: 0, loaded: 200 }); // routing 220 mi
    const t3 = await createTrip(truck.id, driver.id, { pickup: '03/06/2037 08:00:00', pu: 5, trl: 0, loaded: 50 }); // routing 55 mi
    const gone = await createTrip(truck.id, driver.id, { pickup: '03/07/2037 08:00:00', status: 'UPCOMING' });
    await keepMiles(t1.id, 'SAMSARA', 120);
    await keepMiles(t1.id, 'GLE', 130); // Samsara's figure wins
    await keepMiles(t1.id, 'HERE', 115);
    await keepMiles(t2.id, 'GLE', 210);
    await keepMiles(t2.id, 'HERE', 999); // our own routing is never the actual
    await keepMiles(t3.id, 'SAMSARA', null); // a track that measured nothing is no data
    await keepMiles(gone.id, 'SAMSARA', 5000);
    expect((await api('PATCH', `/trips/change-trip-status/${gone.id}?tripStatus=CANCELLED`, { version: gone.version })).statusCode).toBe(200);

    const report = async () => {
      const weekly = row((await byPeriod(q({ truckId: truck.id, periodType: 'WEEKLY' }))).rows, week);
      const monthly = row((await byPeriod(q({ truckId: truck.id, periodType: 'MONTHLY' }))).rows, 'Mar 2037');
      const days = (await byRange(q({ truckId: truck.id, fromDate: '03/02/2037 00:00:00', toDate: '03/08/2037 23:59:59' }))).rows;
      const pick = (r: ReportRow) => ({ n: r.telematicsLoadCount, planned: r.plannedMiles, actual: r.actualMiles, d: r.milesDifference, cover: r.dataCoverage });
      // Every way of asking agrees; the custom range sums the trips themselves.
      expect(pick(monthly)).toEqual(pick(weekly));
      const n = days.reduce((s, d) => s + d.telematicsLoadCount, 0);
      const actual = days.reduce((s, d) => s + (d.actualMiles ?? 0), 0);
      expect(n).toBe(weekly.telematicsLoadCount);
      // Metres summed in another order: the same to a billionth of a mile.
      expect(actual).toBeCloseTo(weekly.actualMiles ?? 0, 9);
      return weekly;
    };

    let r = await report();
    const yearly = row((await byPeriod(q({ truckId: truck.id, periodType: 'YEARLY' }))).rows, '2037');
    expect([yearly.telematicsLoadCount, yearly.actualMiles, yearly.milesDifference]).toEqual([r.telematicsLoadCount, r.actualMiles, r.milesDifference]);
    expect(r.loadCount).toBe(3);
    expect(r.telematicsLoadCount).toBe(2);
    expect(r.plannedMiles).toBeCloseTo(115 + 220, 3);
    expect(r.actualMiles).toBeCloseTo(120 + 210, 6);
    expect(r.milesDifference).toBe(-5);
    expect(r.dataCoverage).toBeCloseTo(2 / 3, 9);
    const t1Day = (await byRange(q({ truckId: truck.id, fromDate: '03/02/2037 00:00:00', toDate: '03/02/2037 23:59:59' }))).rows[0]!;
    expect(t1Day).toMatchObject({ telematicsLoadCount: 1, milesDifference: 5, dataCoverage: 1 });
    expect(t1Day.actualMiles).toBeCloseTo(120, 9);

    // A new figure replaces the old one; without Samsara's, GLE's counts; the last one gone leaves the trip uncovered.
    await keepMiles(t1.id, 'SAMSARA', 125);
    expect((await report()).actualMiles).toBeCloseTo(125 + 210, 6);
    await dropMiles(t1.id, 'SAMSARA');
    expect((await report()).actualMiles).toBeCloseTo(130 + 210, 6);
    await dropMiles(t2.id, 'GLE');
    await keepMiles(t3.id, 'SAMSARA', 50);
    r = await report();
    expect([r.telematicsLoadCount, r.dataCoverage]).toEqual([2, 2 / 3]);
    expect(r.actualMiles).toBeCloseTo(180, 9);
    expect(r.plannedMiles).toBeCloseTo(115 + 55, 3);
    expect(r.milesDifference).toBe(10);
    // Re-routing a covered trip moves the planned side; moving it to another month takes its figures along.
    await setRoute(t3.id, 5, 0, 60);
    expect((await report()).plannedMiles).toBeCloseTo(115 + 65, 3);
    await ctx.db
      .update(trips)
      .set({ pickupDateTime: new Date('2037-04-10T14:00:00Z') })
      .where(eq(trips.id, t1.id));
    r = await report();
    expect([r.loadCount, r.telematicsLoadCount, r.dataCoverage]).toEqual([2, 1, 0.5]);
    expect(r.actualMiles).toBeCloseTo(50, 9);
    // A period with no telematics at all says so with nulls, not zeros.
    await dropMiles(t3.id, 'SAMSARA');
    r = await report();
    expect([r.telematicsLoadCount, r.plannedMiles, r.actualMiles, r.milesDifference, r.dataCoverage]).toEqual([0, null, null, null, 0]);

    // The running totals equal a fresh sum over the trips and their mile stats.
    const drift = (await ctx.db.execute(sql`
      select count(*)::int as n from trip_period_stats s
      full join (
        select k.kind, t.truck_id, k.start, count(a.miles)::int as n, coalesce(sum(a.miles), 0) as actual,
          coalesce(sum(case when a.miles is not null then t.route_total_m end), 0) as planned
        from trips t
        left join lateral (select m.total_m as miles from trip_mile_stats m where m.trip_id = t.id and m.source in ('SAMSARA', 'GLE')
          and m.total_m is not null order by m.source = 'SAMSARA' desc limit 1) a on true
        cross join lateral (values ('WEEK', date_trunc('week', t.pickup_date_time at time zone 'America/Chicago')::date),
                                   ('MONTH', date_trunc('month', t.pickup_date_time at time zone 'America/Chicago')::date)) k(kind, start)
        where t.trip_status <> 'CANCELLED' group by 1, 2, 3
      ) f on f.kind = s.period_kind and f.truck_id = s.truck_id and f.start = s.period_start
      where coalesce(s.telematics_load_count, 0) <> coalesce(f.n, 0) or abs(coalesce(s.telematics_m, 0) - coalesce(f.actual, 0)) > 0.001
        or abs(coalesce(s.telematics_route_total_m, 0) - coalesce(f.planned, 0)) > 0.001`)) as unknown as { rows: { n: number }[] };
    expect(drift.rows[0]!.n).toBe(0);
  });
});

describe('route source and trips without a payable (docs/product/admin.md Reports)', () => {
  const estimated = (tripId: number) => ctx.db.update(trips).set({ routeSource: 'ESTIMATE' }).where(eq(trips.id, tripId));

  it('each period counts its estimated trips and its trips without a Payable Mileage; the report totals the latter over its filters', async () => {
    const a = await truckWithDriver();
    const b = await truckWithDriver();
    // 2036: no other test uses it. April: truck a, one HERE trip with a payable, one estimated without; May: an estimated trip with a payable.
    await createTrip(a.truck.id, a.driver.id, { pickup: '04/07/2036 08:00:00', emptyMiles: 10, loadedMiles: 100 });
    const aprEstimate = await createTrip(a.truck.id, a.driver.id, { pickup: '04/08/2036 08:00:00', emptyMiles: null, loadedMiles: null });
    await estimated(aprEstimate.id);
    const may = await createTrip(a.truck.id, a.driver.id, { pickup: '05/05/2036 08:00:00', emptyMiles: 5, loadedMiles: 50 });
    await estimated(may.id);
    // Truck b's trip without a payable, and a cancelled one that never counts.
    await createTrip(b.truck.id, b.driver.id, { pickup: '04/09/2036 08:00:00', loadedMiles: 7 });
    const cancelled = await createTrip(b.truck.id, b.driver.id, { pickup: '04/10/2036 08:00:00', status: 'UPCOMING' });
    expect((await api('PATCH', `/trips/change-trip-status/${cancelled.id}?tripStatus=CANCELLED`, { version: cancelled.version })).statusCode).toBe(200);

    const monthlyA = await api('GET', `/trip-statistics/period-type?${q({ periodType: 'MONTHLY', truckId: a.truck.id })}`);
    const reportA = monthlyA.json().data as { rows: ReportRow[]; noPayableCount: number };
    expect(row(reportA.rows, 'Apr 2036')).toMatchObject({ loadCount: 2, estimateLoadCount: 1, noPayableLoadCount: 1 });
    expect(row(reportA.rows, 'May 2036')).toMatchObject({ loadCount: 1, estimateLoadCount: 1, noPayableLoadCount: 0 });
    expect(periodRouteSource(row(reportA.rows, 'Apr 2036'))).toBe('HERE; Estimate for 1 of 2 trips');
    expect(periodRouteSource(row(reportA.rows, 'May 2036'))).toBe('Estimate');
    expect(reportA.noPayableCount).toBe(1);

    // A custom range sums the trips themselves: both trucks' April, the cancelled trip left out.
    const april = (await api('GET', `/trip-statistics?${q({ fromDate: '04/01/2036 00:00:00', toDate: '04/30/2036 23:59:59' })}`)).json().data as {
      rows: ReportRow[];
      noPayableCount: number;
    };
    expect(april.rows.reduce((n, r) => n + r.estimateLoadCount, 0)).toBe(1);
    expect(april.noPayableCount).toBe(2);
    expect(row(april.rows, '04/09/2036')).toMatchObject({ noPayableLoadCount: 1, estimateLoadCount: 0 });

    // Giving the estimated April trip its payable and a HERE route moves both counts (the trigger follows).
    const full = (await api('GET', `/trips/${aprEstimate.id}`)).json().data;
    const saved = await api('PUT', '/mile-stats/payable-mileage', { tripId: aprEstimate.id, emptyMiles: 1, loadedMiles: 2, version: full.version });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.db.update(trips).set({ routeSource: 'HERE' }).where(eq(trips.id, aprEstimate.id));
    const after = (await byPeriod(q({ periodType: 'YEARLY', truckId: a.truck.id }))) as { rows: ReportRow[]; noPayableCount?: number };
    expect(row(after.rows, '2036')).toMatchObject({ loadCount: 3, estimateLoadCount: 1, noPayableLoadCount: 0 });
    expect(after.noPayableCount).toBe(0);

    // The CSV carries the same words.
    const csv = parse((await api('GET', `/trip-statistics/export.csv?${q({ periodType: 'MONTHLY', truckId: a.truck.id })}`)).body, { columns: true }) as Record<string, string>[];
    expect(csv.filter((r) => r.Period!.endsWith('2036')).map((r) => [r.Period, r['Route source'], r['Trips Without Payable']])).toEqual([
      ['May 2036', 'Estimate', '0'],
      ['Apr 2036', 'HERE', '0'],
    ]);

    // The running counts equal a fresh count over the trips (the trigger never drifts).
    const drift = (await ctx.db.execute(sql`
      select count(*)::int as n from trip_period_stats s
      join (
        select k.kind, truck_id, k.start, count(*) filter (where route_source = 'ESTIMATE')::int as e, count(*) filter (where payable_m is null)::int as p
        from trips cross join lateral (values ('WEEK', date_trunc('week', pickup_date_time at time zone 'America/Chicago')::date),
                                              ('MONTH', date_trunc('month', pickup_date_time at time zone 'America/Chicago')::date)) k(kind, start)
        where trip_status <> 'CANCELLED' group by 1, 2, 3
      ) t on t.kind = s.period_kind and t.truck_id = s.truck_id and t.start = s.period_start
      where s.estimate_load_count <> t.e or s.no_payable_load_count <> t.p`)) as unknown as { rows: { n: number }[] };
    expect(drift.rows[0]!.n).toBe(0);
  });

  it('a report without trips has none without a payable', async () => {
    const { truck } = await truckWithDriver();
    expect((await api('GET', `/trip-statistics/period-type?${q({ periodType: 'WEEKLY', truckId: truck.id })}`)).json().data).toEqual({
      grouping: 'WEEKLY',
      rows: [],
      noPayableCount: 0,
    });
  });
});

describe('CSV exports', () => {
  it('GET /trip-statistics/export.csv: the report with the spec columns, miles to one decimal', async () => {
    const { truck, driver } = await truckWithDriver();
    const feb = await createTrip(truck.id, driver.id, { pickup: '02/10/2035 08:00:00', pu: 10.04, trl: 0, loaded: 100, emptyMiles: 10, loadedMiles: 100 });
    await keepMiles(feb.id, 'SAMSARA', 112.26);
    await createTrip(truck.id, driver.id, { pickup: '03/10/2035 08:00:00', pu: 1, trl: 0, loaded: 1, emptyMiles: 1, loadedMiles: 1 });
    const res = await api('GET', `/trip-statistics/export.csv?${q({ periodType: 'MONTHLY', truckId: truck.id })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="milepost-report-monthly.csv"');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    // The CSV stays in miles whatever unit the screen shows, and every distance header says so.
    expect(Object.keys(rows[0]!)).toEqual([
      'Period',
      'Truck Count',
      'Load Count',
      'Total Miles (mi)',
      'Total Empty Miles (mi)',
      'Total Pu Miles (mi)',
      'Total Trl Miles (mi)',
      'Total Loaded Miles (mi)',
      'Total Payable Mileage (mi)',
      'Empty Miles (mi)',
      'Loaded Miles (mi)',
      'Planned Miles (mi)',
      'Actual Miles (mi)',
      'Difference (mi)',
      'Data Coverage (%)',
      'Route source',
      'Trips Without Payable',
      'Period Start (CT)',
      'Period End (CT)',
    ]);
    expect(rows.map((r) => [r['Route source'], r['Trips Without Payable']])).toEqual([
      ['HERE', '0'],
      ['HERE', '0'],
    ]);
    expect(rows.map((r) => [r.Period, r['Load Count'], r['Total Pu Miles (mi)'], r['Total Miles (mi)'], r['Total Payable Mileage (mi)']])).toEqual([
      ['Mar 2035', '1', '1', '2', '2'],
      ['Feb 2035', '1', '10', '110', '110'],
    ]);
    // Planned vs actual: blank where no trip has telematics; Feb's one trip drove 112.26 mi against 110.04 planned.
    expect(rows.map((r) => [r['Planned Miles (mi)'], r['Actual Miles (mi)'], r['Difference (mi)'], r['Data Coverage (%)']])).toEqual([
      ['', '', '', '0'],
      ['110', '112.3', '2.2', '100'],
    ]);
    const range = await api('GET', `/trip-statistics/export.csv?${q({ truckId: truck.id, fromDate: '02/01/2035 00:00:00', toDate: '02/28/2035 23:59:59' })}`);
    expect(range.headers['content-disposition']).toContain('milepost-report-daily.csv');
    expect((parse(range.body, { columns: true }) as Record<string, string>[]).map((r) => r.Period)).toEqual(['02/10/2035']);
  });

  it('GET /trips/export.csv: every trip of the filters in the list order, escaped, formulas defused; needs CAN_SHOW_TRIPS', async () => {
    const { truck, driver } = await truckWithDriver();
    const tricky = ['=HYPERLINK("http://x.example")', '+1, "quoted"', '@SUM(A1)', '-2+3'];
    for (const [i, n] of tricky.entries()) {
      const res = await api('POST', '/trips', {
        truckId: truck.id,
        driverId: driver.id,
        identifierType: 'LOAD_NUMBER',
        identifierValue: `${n}${u()}`,
        tripStatus: 'UPCOMING',
        pickupDateTime: `0${i + 1}/15/2036 08:00:00`,
        tripStops: stops(1, 1, 12.345).map((s) => (s.stopType === 'PICKUP' ? { ...s, address: 'Dock "A", Gate 3, Gary, IN, United States' } : s)),
      });
      expect(res.statusCode, res.body).toBe(201);
      await setRoute(res.json().data.id, 1, 1, 12.345);
      // A line break in a stored text (the API refuses one in a typed address) stays inside its quoted cell.
      await ctx.db.update(trips).set({ pickupLocation: 'Dock "A", Gate 3\nGary, IN, United States' }).where(eq(trips.id, res.json().data.id));
    }
    const res = await api('GET', `/trips/export.csv?${q({ truckId: truck.id, sort: 'pickupDateTime,asc' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="milepost-trips.csv"');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r['Load/Trailer']!.slice(0, -6))).toEqual(tricky.map((n) => `'${n}`));
    expect(rows[0]).toMatchObject({
      Unit: truck.unitNumber,
      'Miles (mi)': '12.3',
      'PU (mi)': '1',
      'Pickup Location': 'Dock "A", Gate 3\nGary, IN, United States',
      'Pickup Date Time (CT)': '01/15/2036 08:00:00',
      Status: 'Upcoming',
    });
    const desc = parse((await api('GET', `/trips/export.csv?${q({ truckId: truck.id, sort: 'pickupDateTime,desc' })}`)).body, { columns: true }) as Record<string, string>[];
    expect(desc.map((r) => r['Pickup Date Time (CT)'])).toEqual(rows.map((r) => r['Pickup Date Time (CT)']).reverse());
    expect((await api('GET', `/trips/export.csv?sort=nope,asc`)).statusCode).toBe(400);
    expect((await api('GET', '/trips/export.csv', undefined, await as(['CAN_SHOW_REPORTS']))).statusCode).toBe(403);
  });

  it('GET /trips/export.csv streams past the cursor batch size: 2 500 trips, all there, in order', async () => {
    const { truck, driver } = await truckWithDriver();
    await ctx.db.execute(sql`
      insert into trips (truck_id, driver_id, identifier_type, load_number, trip_status, pickup_date_time, route_m)
      select ${truck.id}, ${driver.id}, 'LOAD_NUMBER', 'BULK-' || g, 'COMPLETED', timestamptz '2037-01-01 12:00Z' + make_interval(mins => g), g * ${M}::float8
      from generate_series(1, 2500) g`);
    const res = await api('GET', `/trips/export.csv?${q({ truckId: truck.id, sort: 'miles,desc' })}`);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2500);
    expect(rows[0]).toMatchObject({ 'Load/Trailer': 'BULK-2500', 'Miles (mi)': '2500' });
    expect(rows.at(-1)).toMatchObject({ 'Load/Trailer': 'BULK-1', 'Miles (mi)': '1' });
    // The report's yearly totals saw the bulk insert through the trigger.
    expect(row((await byPeriod(q({ periodType: 'YEARLY', truckId: truck.id }))).rows, '2037').loadCount).toBe(2500);
  });
});
