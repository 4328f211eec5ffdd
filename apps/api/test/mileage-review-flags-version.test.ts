import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceMileStats } from '@milepost/contracts/mile-stats-api';
import { reviewPage, type ReviewRow } from '@milepost/contracts/mileage-review-api';
import type { DistanceUnit } from '@milepost/geo/units';
import { flagSentence } from '@milepost/contracts/review-flag-sentences';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';
import type { Database } from '../src/db/client';
import { companyPayRules, tripReview } from '../src/db/schema/mileage-review';
import { tripMileStats } from '../src/db/schema/telematics';
import { trips } from '../src/db/schema/trips';
import { REVIEW_FLAGS_VERSION } from '../src/modules/mileage-review';
import { call, createTestContext, testJobs, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTripRow, createTripSettings, createTruckRow, createUser, signIn, measuredLeg as leg } from './factories';

/**
 * Migration 0035 and the flags backfill (docs/mileage-review.md "Rows of an older flags version"):
 * review rows written before flags carried their params keep only a miles sentence. The migration
 * marks them (`flags_version` 0), no read writes, and the background backfill (the job
 * mile-stats-backfill) computes them again, so their flags carry params and a KM user reads them in km.
 */

const MI = metresToMiles(1);
/** The route: 70 km empty, 150 km loaded (220 km, 136.7 mi); the GPS drove 5 % more (231 km, 143.5 mi). */
const ROUTE = { emptyM: 70_000, loadedM: 150_000, totalM: 220_000 };
const OVER = 1.05;
const OLD_SENTENCE = 'GPS 143.5 mi is 5 % over routed 136.7 mi (tolerance 3 %)';
const OLD_FLAGS = JSON.stringify([{ code: 'OVER_TOLERANCE', sentence: OLD_SENTENCE }]);

let ids: { open: number; approved: number; clean: number; openCompany: number; approvedCompany: number };

/** As the code before 0035 left them: two flagged rows whose flags have no params (one open, one approved) and one without flags. */
async function seedOldRows(database: Database) {
  const db = database.db;
  await createTripSettings(db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: false });
  const openCompany = await createCompanyRow(db, { samsaraEnabled: true });
  const approvedCompany = await createCompanyRow(db, { samsaraEnabled: true });
  // The approved trip's company changed its rule since (10 %): the approved row keeps the rule it was approved by.
  await db.insert(companyPayRules).values({ companyId: approvedCompany.id, payBasis: 'ROUTED', tolerancePct: 10, version: 1 });
  const trip = async (companyId: number, number: string, payableM: number | null, actual: boolean) => {
    const truck = await createTruckRow(db, { companyId });
    const driver = await createDriverRow(db, { truckId: truck.id });
    const t = await createTripRow(db, {
      truckId: truck.id,
      driverId: driver.id,
      loadNumber: number,
      pickupDateTime: new Date('2026-10-05T13:00:00Z'),
      startDateTime: new Date('2026-10-05T13:00:00Z'),
      endDateTime: new Date('2026-10-05T18:00:00Z'),
      payableM,
      routeM: ROUTE.loadedM,
      routeTotalEmptyM: ROUTE.emptyM,
      routeTotalM: ROUTE.totalM,
      routeSource: 'HERE',
    });
    const over = actual ? OVER : 1;
    const stats: SourceMileStats = {
      miles: ROUTE.loadedM * over * MI,
      totalEmpty: ROUTE.emptyM * over * MI,
      pu: ROUTE.emptyM * over * MI,
      trl: 0,
      totalMiles: ROUTE.totalM * over * MI,
      totalOdometers: ROUTE.totalM * over * MI,
      legs: [leg(1, ROUTE.emptyM * over * MI), leg(2, ROUTE.loadedM * over * MI)],
    };
    await db.insert(tripMileStats).values({
      tripId: t.id,
      source: 'SAMSARA',
      loadedM: ROUTE.loadedM * over,
      totalEmptyM: ROUTE.emptyM * over,
      puM: ROUTE.emptyM * over,
      trlM: 0,
      totalM: ROUTE.totalM * over,
      totalOdometersM: ROUTE.totalM * over,
      inputsKey: 'test',
      detail: stats,
    });
    const flags = actual ? OLD_FLAGS : '[]';
    const status = payableM !== null ? 'APPROVED' : actual ? 'NEEDS_REVIEW' : 'READY';
    await database.executeSql(
      `insert into trip_review (trip_id, company_id, truck_id, driver_id, end_date_time, status, flags, routed_m, route_source, actual_m, actual_source,
         difference_pct, rule_basis, rule_tolerance_pct, rule_version, suggested_from, suggested_payable_m, payable_m, approved_at, approved_rule, computed_at)
       values ($1, $2, $3, $4, '2026-10-05T18:00:00Z', $5, $6::jsonb, $7, 'HERE', $8, 'SAMSARA', $9, 'ROUTED', 3, 0, 'ROUTED', $7, $10, $11, $12, '2026-10-06T09:00:00Z')`,
      [
        t.id,
        companyId,
        truck.id,
        driver.id,
        status,
        flags,
        ROUTE.totalM,
        ROUTE.totalM * over,
        (over - 1) * 100,
        payableM,
        payableM === null ? null : '2026-10-06T09:00:00Z',
        payableM === null ? null : 'Routed, 3 %',
      ],
    );
    return t.id;
  };
  ids = {
    open: await trip(openCompany.id, 'LD-0035-OPEN', null, true),
    approved: await trip(approvedCompany.id, 'LD-0035-PAID', milesToMetres(136.7), true),
    clean: await trip(openCompany.id, 'LD-0035-CLEAN', null, false),
    openCompany: openCompany.id,
    approvedCompany: approvedCompany.id,
  };
}

let ctx: TestContext;
let clerk: string;
let clerkUnit: DistanceUnit;
beforeAll(async () => {
  ctx = await createTestContext({}, { before: { tag: '0035_review_flag_params', seed: seedOldRows } });
  const user = await createUser(ctx.db, { permissions: ['CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_SHOW_COMPANIES'] });
  clerk = (await signIn(ctx.app, user)).accessToken;
  // The clerk reads distances in km (the user's route settings, as the web reads them).
  const created = await call(ctx.app, {
    method: 'POST',
    url: '/api/v1/user-route-setting',
    token: clerk,
    payload: { userId: user.id, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'KM' },
  });
  expect(created.statusCode, created.body).toBe(201);
  clerkUnit = (await call(ctx.app, { method: 'GET', url: `/api/v1/user-route-setting/${user.id}`, token: clerk })).json<{ data: { distanceUnit: DistanceUnit } }>().data
    .distanceUnit;
}, 120_000);
afterAll(() => ctx?.close());

const rows = async () =>
  Object.fromEntries(
    (
      await ctx.db
        .select()
        .from(tripReview)
        .where(inArray(tripReview.tripId, [ids.open, ids.approved, ids.clean]))
    ).map((r) => [r.tripId === ids.open ? 'open' : r.tripId === ids.approved ? 'approved' : 'clean', r]),
  ) as Record<'open' | 'approved' | 'clean', typeof tripReview.$inferSelect>;

async function rowOf(tripId: number, companyId: number, status: string): Promise<ReviewRow> {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mileage-review?status=${status}&companyId=${companyId}&size=100`, token: clerk });
  expect(res.statusCode, res.body).toBe(200);
  const row = reviewPage.parse(res.json<{ data: unknown }>().data).content.find((r) => r.tripId === tripId);
  expect(row, `trip ${tripId} in ${status}`).toBeDefined();
  return row!;
}
/** A flag as the review screen writes it for the user (flagSentenceIn, review-flag-chips.tsx): from its params in the user's unit, else its stored sentence. */
const shown = (f: ReviewRow['flags'][number], unit: DistanceUnit) => (f.params ? flagSentence(f.code, f.params, unit) : f.sentence);

describe('migration 0035: review rows of an older flags version', () => {
  it('marks the rows whose flags have no params, and the queue reads them as stored without writing', async () => {
    let r = await rows();
    expect([r.open.flagsVersion, r.approved.flagsVersion, r.clean.flagsVersion]).toEqual([0, 0, REVIEW_FLAGS_VERSION]);
    // Until recomputed, the screen can only show the stored miles sentence.
    const open = await rowOf(ids.open, ids.openCompany, 'NEEDS_REVIEW');
    expect(open.flags).toEqual([{ code: 'OVER_TOLERANCE', sentence: OLD_SENTENCE }]);
    expect(shown(open.flags[0]!, clerkUnit)).toBe(OLD_SENTENCE);
    // No GET writes: the rows are as they were.
    r = await rows();
    expect([r.open.flagsVersion, r.approved.flagsVersion]).toEqual([0, 0]);
    expect(r.open.computedAt.toISOString()).toBe('2026-10-06T09:00:00.000Z');
  });

  it('the background backfill recomputes them: their flags carry params, a KM user reads km; an approved row keeps its approval and rule', async () => {
    const jobs = await testJobs(ctx.database, ctx.config, ctx.secretKey);
    try {
      await expect.poll(async () => Object.values(await rows()).map((x) => x.flagsVersion), { timeout: 30_000, interval: 250 }).toEqual([1, 1, 1]);
    } finally {
      await jobs.stop(2_000);
    }
    const r = await rows();
    // The row without flags was not rewritten.
    expect(r.clean.computedAt.toISOString()).toBe('2026-10-06T09:00:00.000Z');

    const open = await rowOf(ids.open, ids.openCompany, 'NEEDS_REVIEW');
    expect(open.flags.map((f) => f.code)).toEqual(['OVER_TOLERANCE']);
    expect(open.flags[0]!.params).toMatchObject({ provider: 'GPS', differencePct: expect.closeTo(5, 6), tolerancePct: 3 });
    expect(open.flags[0]!.sentence).toBe(OLD_SENTENCE);
    expect(clerkUnit).toBe('KM');
    expect(shown(open.flags[0]!, clerkUnit)).toBe('GPS 231.0 km is 5 % over routed 220.0 km (tolerance 3 %)');
    expect(shown(open.flags[0]!, 'MILES')).toBe(OLD_SENTENCE);

    // Approved by rule under 3 %: recomputed under that rule (not the company's 10 % since), approval kept.
    const approved = await rowOf(ids.approved, ids.approvedCompany, 'APPROVED');
    expect(approved.flags.map((f) => f.code)).toEqual(['OVER_TOLERANCE']);
    expect(shown(approved.flags[0]!, clerkUnit)).toBe('GPS 231.0 km is 5 % over routed 220.0 km (tolerance 3 %)');
    expect(r.approved).toMatchObject({ status: 'APPROVED', ruleTolerancePct: 3, ruleVersion: 0, approvedRule: 'Routed, 3 %' });
    expect(r.approved.approvedAt?.toISOString()).toBe('2026-10-06T09:00:00.000Z');
    expect(r.approved.payableM).toBeCloseTo(milesToMetres(136.7), 6);
    const [trip] = await ctx.db.select({ payableM: trips.payableM }).from(trips).where(eq(trips.id, ids.approved));
    expect(trip!.payableM).toBeCloseTo(milesToMetres(136.7), 6);
  });
});
