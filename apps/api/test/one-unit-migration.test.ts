import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import type { TripMileStats } from '@milepost/contracts/mile-stats-api';
import type { ReportRow } from '@milepost/contracts/trip-statistics-api';
import type { TripDetail, TripRow } from '@milepost/contracts/trips-api';
import { milesToMetres } from '@milepost/geo/units';
import type { Database } from '../src/db/client';
import { tripMileStats } from '../src/db/schema/telematics';
import { trips } from '../src/db/schema/trips';
import { syncActualMiles } from '../src/modules/trip-figures';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';

/**
 * Migration 0020 (docs/decisions/020-one-unit.md): a trip written the old way — routing metres
 * under mile names, manual figures, odometers and telematics figures in miles — reads the same
 * through the API after the migration moved everything to metres, and the same as a trip saved
 * with the same figures after it.
 */

// What the old code answered: routing metres × the spec's factor; manual figures as stored.
const OLD_FACTOR = 0.000621371;
const ROUTE = { pu: 20_400.7, loaded: 701_234.5 };
const ROUTE_TOTAL = ROUTE.pu + ROUTE.loaded;
// 432.6 miles is one of the figures that come back from metres one bit off (432.59999999999997): typed figures read back as typed.
const MANUAL = { emptyMiles: 190.1, loadedMiles: 432.6, payableMileage: 622.7, startOdometer: 412_345.6, endOdometer: 412_848.4 };
const TELEMATICS_MILES = 432.6; // a computed figure: read back to 1e-9 mi
const NUMBER = 'UNIT-0020';

/** The old schema's rows, written as the code before migration 0020 wrote them. */
async function seedOldTrip(database: Database) {
  const one = async (text: string, values: unknown[]) => ((await database.executeSql(text, values)).rows[0] as { id: number }).id;
  const truckId = await one(
    `insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location) values ('U-0020', 'VIN0020', 'VIN0020', 'PL-0020', 'Chicago, IL') returning id`,
    [],
  );
  const driverId = await one(`insert into drivers (first_name, last_name, truck_id) values ('Ada', 'Miles', $1) returning id`, [truckId]);
  const tripId = await one(
    `insert into trips (truck_id, driver_id, identifier_type, load_number, trip_status, pickup_date_time, start_date_time, end_date_time,
       start_odometer, end_odometer, empty_miles, loaded_miles, payable_mileage, route_miles, route_total_empty, route_pu, route_trl,
       route_total_miles, route_duration, route_source, telematics_miles, pickup_location, delivery_location)
     values ($1, $2, 'LOAD_NUMBER', $3, 'COMPLETED', '2030-06-14T17:00:00Z', '2030-06-14T17:00:00Z', '2030-06-15T17:00:00Z',
       $4, $5, $6, $7, $8, $9, $10, $10, 0, $11, 30000, 'HERE', $12, 'Gary, IN', 'Dallas, TX') returning id`,
    [
      truckId,
      driverId,
      NUMBER,
      MANUAL.startOdometer,
      MANUAL.endOdometer,
      MANUAL.emptyMiles,
      MANUAL.loadedMiles,
      MANUAL.payableMileage,
      ROUTE.loaded,
      ROUTE.pu,
      ROUTE_TOTAL,
      TELEMATICS_MILES,
    ],
  );
  const stop = `insert into trip_stops (trip_id, order_index, address, latitude, longitude, stop_type, load_status, distance, total_distance, duration) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
  await database.executeSql(stop, [tripId, 0, 'Chicago, IL', 41.88, -87.63, 'START', 'EMPTY', 0, 0, 0]);
  await database.executeSql(stop, [tripId, 1, 'Gary, IN', 41.59, -87.35, 'PICKUP', 'EMPTY', ROUTE.pu, ROUTE.pu, 1500]);
  await database.executeSql(stop, [tripId, 2, 'Dallas, TX', 32.78, -96.8, 'DELIVERY', 'LOADED', ROUTE.loaded, ROUTE_TOTAL, 28500]);
  // A kept Samsara figure, in miles as the old table held it.
  await database.executeSql(
    `insert into trip_mile_stats (trip_id, source, miles, total_empty, pu, trl, total_miles, total_odometers, inputs_key) values ($1, 'SAMSARA', 420.1, 12.5, 12.5, 0, $2, 433.0, 'old')`,
    [tripId, TELEMATICS_MILES],
  );
}

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { before: { tag: '0020_one_unit', seed: seedOldTrip } });
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
});
afterAll(() => ctx.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};
const tripId = async () => (await ctx.db.select({ id: trips.id }).from(trips).where(eq(trips.loadNumber, NUMBER)))[0]!.id;
const listRow = async (number: string) => (await get<{ content: TripRow[] }>(`/trips?loadNumber=${number}`)).content[0]!;
const monthly = async (truckId: number) => (await get<{ rows: ReportRow[] }>(`/trip-statistics/period-type?periodType=MONTHLY&truckId=${truckId}`)).rows;

describe('migration 0020: one unit', () => {
  it('keeps what the trips list, the trip, the Mileage Report, the CSV and the Reports answer for a trip written before it', async () => {
    const id = await tripId();

    const row = await listRow(NUMBER);
    expect(row.miles).toBe(ROUTE.loaded * OLD_FACTOR);
    expect(row.totalEmpty).toBe(ROUTE.pu * OLD_FACTOR);
    expect(row.pu).toBe(ROUTE.pu * OLD_FACTOR);
    expect(row.trl).toBe(0);
    expect(row.totalMiles).toBe(ROUTE_TOTAL * OLD_FACTOR);
    expect({ emptyMiles: row.emptyMiles, loadedMiles: row.loadedMiles, payableMileage: row.payableMileage }).toEqual({
      emptyMiles: MANUAL.emptyMiles,
      loadedMiles: MANUAL.loadedMiles,
      payableMileage: MANUAL.payableMileage,
    });

    const trip = await get<TripDetail>(`/trips/${id}`);
    expect(trip).toMatchObject(MANUAL);
    expect(trip.mileStats).toEqual({
      miles: ROUTE.loaded * OLD_FACTOR,
      totalEmpty: ROUTE.pu * OLD_FACTOR,
      pu: ROUTE.pu * OLD_FACTOR,
      trl: 0,
      totalMiles: ROUTE_TOTAL * OLD_FACTOR,
      totalDuration: 30000,
      emptyMiles: MANUAL.emptyMiles,
      loadedMiles: MANUAL.loadedMiles,
      payableMileage: MANUAL.payableMileage,
    });
    expect(trip.tripStops.map((s) => [s.distance, s.totalDistance, s.duration])).toEqual([
      [0, 0, 0],
      [ROUTE.pu, ROUTE.pu, 1500],
      [ROUTE.loaded, ROUTE_TOTAL, 28500],
    ]);

    const stats = await get<TripMileStats>(`/mile-stats/${id}`);
    expect(stats.hereStats).toMatchObject({ miles: ROUTE.loaded * OLD_FACTOR, totalEmpty: ROUTE.pu * OLD_FACTOR, totalMiles: ROUTE_TOTAL * OLD_FACTOR });
    expect(stats.manualStats).toEqual({ emptyMiles: MANUAL.emptyMiles, loadedMiles: MANUAL.loadedMiles, payableMileage: MANUAL.payableMileage, version: 1 });

    const csv = await call(ctx.app, { method: 'GET', url: `/api/v1/trips/export.csv?loadNumber=${NUMBER}`, token });
    expect(csv.statusCode).toBe(200);
    const [line] = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(line).toMatchObject({
      'Miles (mi)': String(Math.round(ROUTE.loaded * OLD_FACTOR * 10) / 10),
      'TOTAL MILES (mi)': String(Math.round(ROUTE_TOTAL * OLD_FACTOR * 10) / 10),
      'Payable Mileage (mi)': '622.7',
      'Loaded Miles (mi)': '432.6',
      'Empty Miles (mi)': '190.1',
    });

    // The Reports: the kept period totals were converted with the trips, and equal a fresh sum of them.
    const [month] = await monthly(trip.truckId);
    expect(month).toMatchObject({ loadCount: 1, totalPayableMileage: 622.7, emptyMiles: 190.1, loadedMiles: 432.6, telematicsLoadCount: 1 });
    expect(month!.totalMiles).toBe(ROUTE_TOTAL * OLD_FACTOR);
    expect(month!.plannedMiles).toBe(ROUTE_TOTAL * OLD_FACTOR);
    expect(month!.actualMiles).toBeCloseTo(TELEMATICS_MILES, 9);
    const range = await get<{ rows: ReportRow[] }>(`/trip-statistics?fromDate=06/01/2030 00:00:00&toDate=06/30/2030 23:59:59&truckId=${trip.truckId}`);
    const days = range.rows;
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ totalPayableMileage: 622.7, emptyMiles: 190.1, loadedMiles: 432.6, totalMiles: month!.totalMiles });
    expect(days[0]!.actualMiles).toBe(month!.actualMiles);
  });

  it('holds metres in the columns, converted exactly as a save after the migration converts', async () => {
    const id = await tripId();
    const [old] = await ctx.db.select().from(trips).where(eq(trips.id, id));
    expect(old).toMatchObject({
      routeM: ROUTE.loaded,
      routeTotalM: ROUTE_TOTAL,
      routeDurationS: 30000,
      emptyM: milesToMetres(MANUAL.emptyMiles),
      loadedM: milesToMetres(MANUAL.loadedMiles),
      payableM: milesToMetres(MANUAL.payableMileage),
      startOdometerM: milesToMetres(MANUAL.startOdometer),
      endOdometerM: milesToMetres(MANUAL.endOdometer),
      telematicsM: milesToMetres(TELEMATICS_MILES),
    });
    const [kept] = await ctx.db.select().from(tripMileStats).where(eq(tripMileStats.tripId, id));
    expect(kept).toMatchObject({ loadedM: milesToMetres(420.1), totalM: milesToMetres(TELEMATICS_MILES), totalOdometersM: milesToMetres(433.0) });

    // The actual miles follow the kept figure: recomputing them from it changes nothing.
    await syncActualMiles(ctx.db, id);
    const [after] = await ctx.db.select({ telematicsM: trips.telematicsM }).from(trips).where(eq(trips.id, id));
    expect(after!.telematicsM).toBe(milesToMetres(TELEMATICS_MILES));

    // The same trip saved through the API today: same columns, same answers.
    const trip = await get<TripDetail>(`/trips/${id}`);
    const twin = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/trips',
      token,
      payload: {
        truckId: trip.truckId,
        driverId: trip.driverId,
        identifierType: 'LOAD_NUMBER',
        identifierValue: `${NUMBER}-TWIN`,
        tripStatus: 'COMPLETED',
        pickupDateTime: '06/16/2030 12:00:00',
        startDateTime: '06/16/2030 12:00:00',
        endDateTime: '06/17/2030 12:00:00',
        startOdometer: MANUAL.startOdometer,
        endOdometer: MANUAL.endOdometer,
        emptyMiles: MANUAL.emptyMiles,
        loadedMiles: MANUAL.loadedMiles,
        tripStops: trip.tripStops.map(({ id: _id, ...s }) => s),
      },
    });
    expect(twin.statusCode, twin.body).toBe(201);
    const twinId = (twin.json() as { data: TripDetail }).data.id;
    const [saved] = await ctx.db.select().from(trips).where(eq(trips.id, twinId));
    expect({ e: saved!.emptyM, l: saved!.loadedM, p: saved!.payableM, s: saved!.startOdometerM, o: saved!.endOdometerM }).toEqual({
      e: old!.emptyM,
      l: old!.loadedM,
      p: old!.payableM,
      s: old!.startOdometerM,
      o: old!.endOdometerM,
    });
    const twinTrip = await get<TripDetail>(`/trips/${twinId}`);
    for (const k of ['emptyMiles', 'loadedMiles', 'payableMileage', 'startOdometer', 'endOdometer'] as const) expect(twinTrip[k]).toBe(trip[k]);
  });

  it('moves the Reports totals with a save after the migration (the period trigger reads the new columns)', async () => {
    const id = await tripId();
    const before = (await monthly((await get<TripDetail>(`/trips/${id}`)).truckId)).find((r) => r.periodGroup === 'Jun 2030')!;
    const version = (await get<TripDetail>(`/trips/${id}`)).version;
    const res = await call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token, payload: { tripId: id, emptyMiles: 200.4, loadedMiles: 432.6, version } });
    expect(res.statusCode, res.body).toBe(200);
    const trip = await get<TripDetail>(`/trips/${id}`);
    expect(trip).toMatchObject({ emptyMiles: 200.4, loadedMiles: 432.6, payableMileage: 633 });
    const after = (await monthly(trip.truckId)).find((r) => r.periodGroup === 'Jun 2030')!;
    expect(after.emptyMiles).toBe(Math.round((before.emptyMiles + 10.3) * 1e6) / 1e6);
    expect(after.totalPayableMileage).toBe(Math.round((before.totalPayableMileage + 10.3) * 1e6) / 1e6);
    // The history says what staff typed, in miles.
    const history = await get<{ content: { columnName: string; oldValue: string | null; newValue: string | null }[] }>(`/trip-action-history?tripId=${id}&size=50`);
    expect(history.content).toEqual(expect.arrayContaining([expect.objectContaining({ columnName: 'EMPTY_MILES', oldValue: '190.1', newValue: '200.4' })]));
  });
});
