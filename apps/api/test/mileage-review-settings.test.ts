import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { SourceMileStats } from '@milepost/contracts/mile-stats-api';
import type { TripSettings } from '@milepost/contracts/settings-api';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';
import { tripReview } from '../src/db/schema/mileage-review';
import { tripMileStats } from '../src/db/schema/telematics';
import { refreshTripReview } from '../src/modules/mileage-review/service';
import { createTrip } from '../src/modules/trips/service';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn, createTripSettings, measuredLeg as leg } from './factories';
import { fixedHereRoute } from './telematics-fixtures';

/**
 * The trip settings' Samsara and GLE switches decide whose figures are a trip's actual miles
 * (docs/mileage-review.md): a save that flips one queues a job that recomputes the open review
 * rows of the companies running that provider, and leaves the others alone.
 */

let ctx: TestContext;
let admin: string;
let actorId: number;
let settingsId: number;
let seq = 0;

/** A fixed HERE route of 220 km: 70 km empty, 150 km loaded. */
const route = fixedHereRoute([70_000, 3600], [150_000, 5400]);

beforeAll(async () => {
  ctx = await createTestContext({}, { jobs: true });
  settingsId = (
    await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true })
  ).id;
  const user = await createUser(ctx.db, { permissions: ['CAN_EDIT_RADIUS_SETTINGS', 'CAN_VIEW_RADIUS_SETTINGS'] });
  actorId = user.id;
  admin = (await signIn(ctx.app, user)).accessToken;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

async function completedTrip(companyId: number) {
  const truck = await createTruckRow(ctx.db, { companyId });
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  const start = new Date(Date.UTC(2026, 9, 5, 13, 0));
  const stop = (i: number, address: string, distance: number) => ({
    address,
    latitude: 41 + i,
    longitude: -88,
    stopType: (['START', 'PICKUP', 'DELIVERY'] as const)[i]!,
    loadStatus: i === 2 ? 'LOADED' : 'EMPTY',
    orderIndex: i,
    distance,
    totalDistance: distance,
    duration: 0,
  });
  const trip = await createTrip(ctx.db, route, actorId, {
    truckId: truck.id,
    driverId: driver.id,
    dispatcherId: null,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-S${Date.now().toString(36)}${seq++}`,
    tripStatus: 'COMPLETED',
    pickupDateTime: start,
    startDateTime: start,
    endDateTime: new Date(start.getTime() + 5 * 3600_000),
    startOdometer: null,
    endOdometer: null,
    emptyMiles: null,
    loadedMiles: null,
    notes: null,
    recoveryReasonId: null,
    tripStops: [stop(0, 'Chicago, IL, United States', 0), stop(1, 'Joliet, IL, United States', 70_000), stop(2, 'Tulsa, OK, United States', 150_000)],
  } as Parameters<typeof createTrip>[3]);
  return trip.id;
}

/** A provider's kept figures for the trip, the routed total times `factor`, empty then loaded. */
async function keep(tripId: number, source: 'SAMSARA' | 'GLE', factor: number) {
  const empty = metresToMiles(70_000) * factor;
  const loaded = metresToMiles(150_000) * factor;
  const stats = {
    miles: loaded,
    totalEmpty: empty,
    pu: empty,
    trl: 0,
    totalMiles: empty + loaded,
    totalOdometers: empty + loaded,
    legs: [leg(1, empty), leg(2, loaded)],
  } as SourceMileStats;
  await ctx.db.insert(tripMileStats).values({
    tripId,
    source,
    loadedM: milesToMetres(loaded),
    totalEmptyM: milesToMetres(empty),
    puM: milesToMetres(empty),
    trlM: 0,
    totalM: milesToMetres(empty + loaded),
    totalOdometersM: milesToMetres(empty + loaded),
    inputsKey: 'test',
    detail: stats,
  });
  await refreshTripReview(ctx.db, tripId);
}

const rowOf = async (tripId: number) => (await ctx.db.select().from(tripReview).where(eq(tripReview.tripId, tripId)))[0]!;

async function saveSwitches(samsaraEnabled: boolean, gleEnabled: boolean) {
  const res = await call(ctx.app, {
    method: 'PUT',
    url: `/api/v1/global-setting/${settingsId}`,
    token: admin,
    payload: { homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled, gleEnabled, type: 'TRIP' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TripSettings }>().data;
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until no review recompute is waiting or running. */
const settled = () =>
  until('the review recompute jobs', async () => {
    const r = (await ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'mileage-review-refresh' and state in ('created', 'retry', 'active')`,
    )) as unknown as { rows: { n: number }[] };
    return Number(r.rows[0]!.n) === 0;
  });

describe('trip settings switches and the Mileage Review', () => {
  it('switching Samsara off queues a job that moves the actual miles to GLE for the companies running Samsara; others are left alone; back on, back to Samsara', async () => {
    const both = await createCompanyRow(ctx.db, { samsaraEnabled: true, gleEnabled: true });
    const gleOnly = await createCompanyRow(ctx.db, { gleEnabled: true });
    const tripBoth = await completedTrip(both.id);
    await keep(tripBoth, 'SAMSARA', 1.1); // Samsara 10 % over routed: NEEDS_REVIEW
    await keep(tripBoth, 'GLE', 1.01); // GLE within 3 %: READY once GLE is the source
    const tripGle = await completedTrip(gleOnly.id);
    await keep(tripGle, 'GLE', 1.01);
    expect(await rowOf(tripBoth)).toMatchObject({ status: 'NEEDS_REVIEW', actualSource: 'SAMSARA' });
    const untouched = await rowOf(tripGle);
    expect(untouched).toMatchObject({ status: 'READY', actualSource: 'GLE' });

    const saved = await saveSwitches(false, true);
    expect(saved).toMatchObject({ samsaraEnabled: false, gleEnabled: true });
    await until('the review row to follow the switch', async () => (await rowOf(tripBoth)).actualSource === 'GLE');
    const moved = await rowOf(tripBoth);
    expect(moved.status).toBe('READY');
    expect(moved.differencePct).toBeCloseTo(1, 6);
    expect(moved.actualM).toBeCloseTo(220_000 * 1.01, 3);
    expect(moved.flags).toEqual([]);
    await settled();
    // The GLE-only company does not run Samsara: its row was not recomputed.
    expect((await rowOf(tripGle)).computedAt).toEqual(untouched.computedAt);

    await saveSwitches(true, true);
    await until('the review row to follow the switch back', async () => (await rowOf(tripBoth)).actualSource === 'SAMSARA');
    expect(await rowOf(tripBoth)).toMatchObject({ status: 'NEEDS_REVIEW', actualSource: 'SAMSARA' });
    await settled();
    expect((await rowOf(tripGle)).computedAt).toEqual(untouched.computedAt);
  });

  it('a save that flips no switch queues nothing', async () => {
    await saveSwitches(true, true);
    await settled();
    const before = (await ctx.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mileage-review-refresh'`)) as unknown as { rows: { n: number }[] };
    await saveSwitches(true, true);
    const after = (await ctx.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mileage-review-refresh'`)) as unknown as { rows: { n: number }[] };
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
  });
});
