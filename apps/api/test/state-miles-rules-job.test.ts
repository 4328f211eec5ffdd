import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JURISDICTION_RULES } from '@milepost/geo/jurisdictions';
import type { Database } from '../src/db/client';
import { createTestContext, type TestContext } from './harness';
import { createDriverRow, createTruckRow } from './factories';

/**
 * The background backfill job after migration 0027 (docs/state-miles.md, "When the rules change"):
 * more trips of older rules than one batch holds (500; BATCH here) are all computed again — the job
 * queues its continuation while a batch was full — and the ROUTE splits keep their old rules.
 */
let ctx: TestContext;
const BATCH = 20;
const TRIPS = 2 * BATCH + 1;

async function seedOldRows(database: Database) {
  const truck = await createTruckRow(database.db);
  const driver = await createDriverRow(database.db, { truckId: truck.id });
  // TRIPS estimates across Lake Michigan and one HERE trip, each split with part of the lake OUT, as the rules before the water rule did.
  await database.executeSql(
    `insert into trips (truck_id, driver_id, identifier_type, load_number, trip_status, pickup_date_time, route_source, route_total_m)
     select $1, $2, 'LOAD_NUMBER', 'OLD-' || k, 'COMPLETED', '2026-02-10T15:00:00Z', case when k = 0 then 'HERE' else 'ESTIMATE' end, 160000
     from generate_series(0, $3::int) k`,
    [truck.id, driver.id, TRIPS],
  );
  await database.executeSql(`
    insert into trip_stops (trip_id, order_index, address, latitude, longitude, stop_type, load_status, distance, total_distance)
    select id, 0, 'Milwaukee, WI', 43.0389, -87.9065, 'PICKUP', 'LOADED', 0, 0 from trips
    union all
    select id, 1, 'Grand Rapids, MI', 42.9634, -85.6681, 'DELIVERY', 'LOADED', 160000, 160000 from trips`);
  await database.executeSql(`
    insert into trip_state_miles (trip_id, source, state, metres, best, computed_from, truck_id, pickup_date_time)
    select t.id, case when t.route_source = 'HERE' then 'ROUTE' else 'ESTIMATE' end, s.state, s.metres, true, 'old', t.truck_id, t.pickup_date_time
    from trips t cross join (values ('WI', 60000), ('OUT', 40000), ('MI', 60000)) s(state, metres)`);
}

beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: true, stateMilesBatch: BATCH, before: { tag: '0027_state_miles_rules', seed: seedOldRows } });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const count = async (where: string) =>
  ((await ctx.db.execute(sql.raw(`select count(*)::int as n from trip_state_miles where ${where}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('the backfill job after the jurisdiction rules changed', () => {
  it('computes every ESTIMATE split of older rules again, batch after batch, and leaves the ROUTE split', async () => {
    const current = `rules = '${JURISDICTION_RULES}'`;
    const deadline = Date.now() + 90_000;
    while ((await count(`source = 'ESTIMATE' and not ${current}`)) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    expect(await count(`source = 'ESTIMATE' and not ${current}`)).toBe(0);
    expect(await count(`source = 'ESTIMATE' and ${current} and state in ('WI', 'MI')`)).toBe(2 * TRIPS);
    expect(await count(`source = 'ESTIMATE' and state = 'OUT'`)).toBe(0);
    expect(await count(`source = 'ROUTE' and rules = 'shore-25km'`)).toBe(3);
    // The quarter's totals follow: the estimates' OUT is gone, their miles are all WI and MI.
    const q = (
      (await ctx.db.execute(
        sql`select state, sum(metres)::float8 as metres, sum(trips)::int as trips from state_miles_quarterly where source = 'ESTIMATE' and trips > 0 group by 1 order by 1`,
      )) as unknown as {
        rows: { state: string; metres: number; trips: number }[];
      }
    ).rows;
    expect(q.map((r) => [r.state, r.trips])).toEqual([
      ['MI', TRIPS],
      ['WI', TRIPS],
    ]);
    expect(q.reduce((a, r) => a + r.metres, 0)).toBeCloseTo(160000 * TRIPS, 0);
  }, 120_000);
});
