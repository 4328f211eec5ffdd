import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JURISDICTION_RULES } from '@milepost/geo/jurisdictions';
import type { Database } from '../src/db/client';
import { stateMilesQuarterly, tripStateMiles } from '../src/db/schema/trip-statistics';
import { backfillStateMiles } from '../src/modules/state-miles/service';
import { loadStoredTrack } from '../src/modules/telematics/tracks';
import { createTestContext, type TestContext } from './harness';
import { createDriverRow, createTruckRow } from './factories';

/**
 * Migration 0027 (docs/state-miles.md, "When the rules change"): every split stored before it was
 * computed with the rules before the water rule, and is labelled 'shore-25km'. The backfill then
 * computes the ESTIMATE split of a trip across Lake Michigan again (WI and MI, nothing OUT) and
 * leaves a ROUTE split as it was.
 */
let ctx: TestContext;
const ids: Record<string, number> = {};
const LEG_M = 160_000;

async function seedOldRows(database: Database) {
  const one = async (text: string, values: unknown[] = []) => ((await database.executeSql(text, values)).rows[0] as { id: number }).id;
  const truck = await createTruckRow(database.db);
  const driver = await createDriverRow(database.db, { truckId: truck.id });
  ids.truck = truck.id;
  const trip = (source: string) =>
    one(
      `insert into trips (truck_id, driver_id, identifier_type, load_number, trip_status, pickup_date_time, route_source, route_total_m)
       values ($1, $2, 'LOAD_NUMBER', $3, 'COMPLETED', '2026-02-10T15:00:00Z', $4, $5) returning id`,
      [truck.id, driver.id, `OLD-${source}`, source, LEG_M],
    );
  ids.estimate = await trip('ESTIMATE');
  ids.route = await trip('HERE');
  for (const id of [ids.estimate, ids.route]) {
    await database.executeSql(
      `insert into trip_stops (trip_id, order_index, address, latitude, longitude, stop_type, load_status, distance, total_distance)
       values ($1, 0, 'Milwaukee, WI', 43.0389, -87.9065, 'PICKUP', 'LOADED', 0, 0), ($1, 1, 'Grand Rapids, MI', 42.9634, -85.6681, 'DELIVERY', 'LOADED', $2, $2)`,
      [id, LEG_M],
    );
  }
  // What the rules before the water rule stored: part of the lake crossing OUT.
  const split = (id: number, source: string) =>
    database.executeSql(
      `insert into trip_state_miles (trip_id, source, state, metres, best, computed_from, truck_id, pickup_date_time)
       values ($1, $2, 'WI', 60000, true, 'old', $3, '2026-02-10T15:00:00Z'), ($1, $2, 'OUT', 40000, true, 'old', $3, '2026-02-10T15:00:00Z'),
              ($1, $2, 'MI', 60000, true, 'old', $3, '2026-02-10T15:00:00Z')`,
      [id, source, truck.id],
    );
  await split(ids.estimate, 'ESTIMATE');
  await split(ids.route, 'ROUTE');
}

beforeAll(async () => {
  ctx = await createTestContext({}, { before: { tag: '0027_state_miles_rules', seed: seedOldRows } });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const rowsOf = (tripId: number) => ctx.db.select().from(tripStateMiles).where(eq(tripStateMiles.tripId, tripId)).orderBy(tripStateMiles.state);

describe('migration 0027: the rules of stored state miles', () => {
  it('labels every split stored before it with the old rules', async () => {
    const rows = [...(await rowsOf(ids.estimate!)), ...(await rowsOf(ids.route!))];
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.rules === 'shore-25km')).toBe(true);
  });

  it('lets the backfill compute the ESTIMATE across the lake again (WI and MI, no OUT) and leaves the ROUTE split as it was', async () => {
    const routeBefore = await rowsOf(ids.route!);
    const run = await backfillStateMiles(ctx.db, loadStoredTrack);
    expect(run).toMatchObject({ computed: 0, recomputed: 1, more: false });
    const estimate = await rowsOf(ids.estimate!);
    expect(estimate.map((r) => r.state)).toEqual(['MI', 'WI']);
    expect(estimate.every((r) => r.rules === JURISDICTION_RULES && r.computedFrom === 'old')).toBe(true);
    expect(estimate.reduce((a, r) => a + r.metres, 0)).toBeCloseTo(LEG_M, 3);
    expect(await rowsOf(ids.route!)).toEqual(routeBefore);
    // The quarter's totals follow the rows: the ESTIMATE trip has no OUT left.
    const q1 = await ctx.db.select().from(stateMilesQuarterly).where(eq(stateMilesQuarterly.truckId, ids.truck!));
    const estimateOut = q1.find((r) => r.source === 'ESTIMATE' && r.state === 'OUT');
    expect(estimateOut?.trips ?? 0).toBe(0);
    expect(q1.filter((r) => r.source === 'ESTIMATE' && r.trips > 0).reduce((a, r) => a + r.metres, 0)).toBeCloseTo(LEG_M, 3);
    expect((await backfillStateMiles(ctx.db, loadStoredTrack)).recomputed).toBe(0);
  });
});
