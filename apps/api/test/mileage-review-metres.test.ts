import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApproveResult, ReviewPage } from '@milepost/contracts/mileage-review-api';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { milesToMetres } from '@milepost/geo/units';
import type { Database } from '../src/db/client';
import { tripReview, tripReviewCounts } from '../src/db/schema/mileage-review';
import { trips } from '../src/db/schema/trips';
import { refreshTripReview } from '../src/modules/mileage-review/service';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';

/**
 * Migration 0022 (docs/decisions/020-one-unit.md): trip_review keeps metres. Review rows written
 * before it — the suggestion and the payable figure in miles — read the same through the queue
 * after the migration converted them in place, the approval writes metres, and an approval's
 * author and rule survive a recompute (the payable distance compares equal to the trip's).
 */

const ROUTED_M = 220_000;
const SUGGESTED = { payable: 136.7, loaded: 93.2, empty: 43.5 };
const PAID = 135;

/** A company, a truck, a driver and two completed trips with review rows as the code before 0022 wrote them. */
async function seedOldRows(database: Database) {
  const one = async (text: string, values: unknown[] = []) => ((await database.executeSql(text, values)).rows[0] as { id: number }).id;
  const companyId = await one(`insert into companies (name, email, phone, us_dot) values ('Metre Freight', 'm@x.example', '+1 (312) 555-0100', '7020022') returning id`);
  const truckId = await one(
    `insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location, company_id) values ('U-0022', 'VIN0022', 'VIN0022', 'PL-0022', 'Chicago, IL', $1) returning id`,
    [companyId],
  );
  const driverId = await one(`insert into drivers (first_name, last_name, truck_id) values ('Ada', 'Metres', $1) returning id`, [truckId]);
  const trip = (number: string, payableM: number | null) =>
    one(
      `insert into trips (truck_id, driver_id, identifier_type, load_number, trip_status, pickup_date_time, start_date_time, end_date_time,
         payable_m, route_m, route_total_empty_m, route_total_m, route_source)
       values ($1, $2, 'LOAD_NUMBER', $3, 'COMPLETED', '2030-06-14T17:00:00Z', '2030-06-14T17:00:00Z', '2030-06-15T17:00:00Z', $4, 150000, 70000, $5, 'HERE') returning id`,
      [truckId, driverId, number, payableM, ROUTED_M],
    );
  const ready = await trip('LD-0022-R', null);
  const paid = await trip('LD-0022-A', milesToMetres(PAID));
  const row = `insert into trip_review (trip_id, company_id, truck_id, driver_id, end_date_time, status, flags, routed_meters, route_source, actual_meters,
      actual_source, difference_pct, rule_basis, rule_tolerance_pct, suggested_from, suggested_payable, suggested_loaded, suggested_empty, payable_mileage,
      approved_at, approved_rule)
    values ($1, $2, $3, $4, '2030-06-15T17:00:00Z', $5, '[]', $6, 'HERE', null, null, null, 'ROUTED', 3, 'ROUTED', $7, $8, $9, $10, $11, $12)`;
  await database.executeSql(row, [ready, companyId, truckId, driverId, 'READY', ROUTED_M, SUGGESTED.payable, SUGGESTED.loaded, SUGGESTED.empty, null, null, null]);
  await database.executeSql(row, [
    paid,
    companyId,
    truckId,
    driverId,
    'APPROVED',
    ROUTED_M,
    SUGGESTED.payable,
    SUGGESTED.loaded,
    SUGGESTED.empty,
    PAID,
    '2030-06-16T09:00:00Z',
    'Routed, 3 %',
  ]);
}

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { before: { tag: '0022_review_speed', seed: seedOldRows } });
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
});
afterAll(() => ctx.close());

const idOf = async (number: string) => (await ctx.db.select({ id: trips.id }).from(trips).where(eq(trips.loadNumber, number)))[0]!.id;
const reviewRow = async (tripId: number) => (await ctx.db.select().from(tripReview).where(eq(tripReview.tripId, tripId)))[0]!;
async function page(status: string, companyId: number) {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mileage-review?status=${status}&companyId=${companyId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ReviewPage }>().data;
}

describe('migration 0022: the Mileage Review in metres', () => {
  it('converts the suggestion and the payable figure in place; the queue answers the same miles; the tab counts are kept', async () => {
    const readyId = await idOf('LD-0022-R');
    const paidId = await idOf('LD-0022-A');
    const ready = await reviewRow(readyId);
    expect(ready).toMatchObject({
      routedM: ROUTED_M,
      suggestedPayableM: milesToMetres(SUGGESTED.payable),
      suggestedLoadedM: milesToMetres(SUGGESTED.loaded),
      suggestedEmptyM: milesToMetres(SUGGESTED.empty),
      payableM: null,
    });
    const [trip] = await ctx.db.select({ payableM: trips.payableM }).from(trips).where(eq(trips.id, paidId));
    expect((await reviewRow(paidId)).payableM).toBe(trip!.payableM);

    const readyPage = await page('READY', ready.companyId!);
    expect(readyPage.counts).toEqual({ NEEDS_REVIEW: 0, READY: 1, APPROVED: 1 });
    expect(readyPage.countsCapped).toEqual([]);
    expect(readyPage.content[0]).toMatchObject({
      tripId: readyId,
      routedMiles: ROUTED_M * 0.000621371,
      suggested: { payableMileage: SUGGESTED.payable, loadedMiles: SUGGESTED.loaded, emptyMiles: SUGGESTED.empty },
    });
    expect((await page('APPROVED', ready.companyId!)).content[0]).toMatchObject({ tripId: paidId, payableMileage: PAID });
    const [counted] = await ctx.db.select().from(tripReviewCounts).where(eq(tripReviewCounts.status, 'APPROVED'));
    expect(counted).toMatchObject({ companyId: ready.companyId, trips: 1 });
  });

  it('a recompute keeps who approved and by which rule: the stored distance equals the trip’s', async () => {
    const paidId = await idOf('LD-0022-A');
    const before = await reviewRow(paidId);
    await refreshTripReview(ctx.db, paidId);
    const after = await reviewRow(paidId);
    expect(after).toMatchObject({ status: 'APPROVED', approvedRule: 'Routed, 3 %', payableM: milesToMetres(PAID) });
    expect(after.approvedAt).toEqual(before.approvedAt);
  });

  it('approving by rule writes metres on the trip and its review row, and the counts move with it', async () => {
    const readyId = await idOf('LD-0022-R');
    await refreshTripReview(ctx.db, readyId);
    const row = await reviewRow(readyId);
    const version = (await ctx.db.select({ v: trips.version }).from(trips).where(eq(trips.id, readyId)))[0]!.v;
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/mileage-review/approve', token, payload: { items: [{ tripId: readyId, version }] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ApproveResult }>().data.results.map(({ tripId, status }) => ({ tripId, status }))).toEqual([{ tripId: readyId, status: 'APPROVED' }]);
    const [trip] = await ctx.db.select().from(trips).where(eq(trips.id, readyId));
    expect(trip).toMatchObject({ payableM: row.suggestedPayableM, loadedM: row.suggestedLoadedM, emptyM: row.suggestedEmptyM });
    expect(await reviewRow(readyId)).toMatchObject({ status: 'APPROVED', payableM: trip!.payableM });
    expect((await page('APPROVED', row.companyId!)).counts).toEqual({ NEEDS_REVIEW: 0, READY: 0, APPROVED: 2 });
  });
});
