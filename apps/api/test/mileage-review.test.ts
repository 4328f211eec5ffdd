import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { SourceMileStats, MileStatsLeg, TripMileStats } from '@milepost/contracts/mile-stats-api';
import { figuresOfSource } from '@milepost/contracts/mile-stats-api';
import type { ApproveResult, PayRule, ReadyList, ReviewPage, ReviewRow } from '@milepost/contracts/mileage-review-api';
import { queueRuleText, reviewPage } from '@milepost/contracts/mileage-review-api';
import { flagSentence } from '@milepost/contracts/review-flag-sentences';
import type { HistoryEntry } from '@milepost/contracts/trips-api';
import { wgs84Meters } from '@milepost/geo/distance';
import { metresToEnteredMiles, metresToMiles, milesToMetres } from '@milepost/geo/units';
import { tripReview } from '../src/db/schema/mileage-review';
import { tripMileStats } from '../src/db/schema/telematics';
import { trips } from '../src/db/schema/trips';
import { recomputeRuleReviews, refreshTripReview } from '../src/modules/mileage-review/service';
import { createTrip } from '../src/modules/trips/service';
import { tripMapSummary } from '../src/modules/trips/map-summary';
import type { RoutingService } from '../src/modules/routing/service';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, FAST_RETRY, testJobs, type TestContext } from './harness';
import { PAY_RULE_SWEEP_CRON, PAY_RULE_SWEEP_QUEUE } from '../src/modules/mileage-review/jobs';
import { keepTripFigures } from '../src/modules/trip-figures';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn, createTripSettings, measuredLeg as leg } from './factories';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { straightDrive, type FakeFix } from './fakes/telematics-server';

let ctx: TestContext;
let samsara: FakeSamsara;
let staff: string;
let staffId: number;
let viewerOnly: string;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const MI = metresToMiles(1);

const A = { lat: 41.8781, lng: -87.6298, address: 'Chicago, IL, United States' };
const B = { lat: 41.525, lng: -88.0817, address: 'Joliet, IL, United States' };
const C = { lat: 36.154, lng: -95.9928, address: 'Tulsa, OK, United States' };

/** A fixed route: 70 km empty to the pickup, 150 km loaded (HERE or the estimate). */
const routeOf = (source: 'HERE' | 'ESTIMATE'): RoutingService => {
  const r: RoutingService = {
    hasHere: source === 'HERE',
    withoutHere: () => r,
    route: async () => ({
      source,
      estimateReason: source === 'ESTIMATE' ? 'NO_KEY' : null,
      routes: [
        {
          legs: [
            { distance: 70_000, duration: 3600, polyline: '' },
            { distance: 150_000, duration: 5400, polyline: '' },
          ],
          distance: 220_000,
          duration: 9000,
          notices: [],
          truckRestricted: false,
        },
      ],
    }),
  } as RoutingService;
  return r;
};
const ROUTED_TOTAL = 220_000 * MI; // 136.7 mi
const ROUTED_LOADED = 150_000 * MI;
const ROUTED_EMPTY = 70_000 * MI;

beforeAll(async () => {
  samsara = await startFakeSamsara();
  ctx = await createTestContext({ SAMSARA_BASE_URL: samsara.url });
  await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  const user = await createUser(ctx.db, {
    firstName: 'Rita',
    permissions: [
      'CAN_VIEW_MILEAGE_REPORT_TRIP',
      'CAN_EDIT_MILEAGE_REPORT_TRIP',
      'CAN_EDIT_COMPANY',
      'CAN_SHOW_COMPANIES',
      'CAN_SHOW_TRIPS',
      'CAN_EDIT_TRIP',
      'CAN_SHOW_TRIP_HISTORY',
    ],
  });
  staffId = user.id;
  staff = (await signIn(ctx.app, user)).accessToken;
  viewerOnly = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_SHOW_COMPANIES'] }))).accessToken;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
});

async function company(opts: { integration: boolean }) {
  return createCompanyRow(ctx.db, { samsaraEnabled: opts.integration });
}

async function completedTrip(companyId: number, opts: { source?: 'HERE' | 'ESTIMATE'; driverName?: string; end?: Date; truckOver?: Record<string, unknown> } = {}) {
  const k = uid();
  const truck = await createTruckRow(ctx.db, { companyId, ...(opts.truckOver ?? {}) });
  const driver = await createDriverRow(ctx.db, { truckId: truck.id, ...(opts.driverName ? { firstName: opts.driverName } : {}) });
  const start = new Date(Date.UTC(2026, 9, 5, 13, 0));
  const end = opts.end ?? new Date(start.getTime() + 5 * 3600_000);
  const trip = await createTrip(ctx.db, routeOf(opts.source ?? 'HERE'), staffId, {
    truckId: truck.id,
    driverId: driver.id,
    dispatcherId: null,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-${k}`,
    tripStatus: 'COMPLETED',
    pickupDateTime: start,
    startDateTime: start,
    endDateTime: end,
    startOdometer: null,
    endOdometer: null,
    emptyMiles: null,
    loadedMiles: null,
    notes: null,
    recoveryReasonId: null,
    tripStops: [
      { address: A.address, latitude: A.lat, longitude: A.lng, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, totalDistance: 0, duration: 0 },
      { address: B.address, latitude: B.lat, longitude: B.lng, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 1, distance: 70_000, totalDistance: 70_000, duration: 3600 },
      {
        address: C.address,
        latitude: C.lat,
        longitude: C.lng,
        stopType: 'DELIVERY',
        loadStatus: 'LOADED',
        orderIndex: 2,
        distance: 150_000,
        totalDistance: 220_000,
        duration: 5400,
      },
    ],
  } as Parameters<typeof createTrip>[3]);
  return { trip, truck, driver };
}

/** Telematics figures as the engine keeps them (trip_mile_stats), empty then loaded leg, and the review recomputed as where figures are stored. */
async function storeActual(
  tripId: number,
  empty: number,
  loaded: number,
  legOver: [Partial<MileStatsLeg>, Partial<MileStatsLeg>] = [{}, {}],
  source: 'SAMSARA' | 'GLE' = 'SAMSARA',
  over: Partial<SourceMileStats> = {},
) {
  const stats: SourceMileStats = {
    miles: loaded,
    totalEmpty: empty,
    pu: empty,
    trl: 0,
    totalMiles: empty + loaded,
    totalOdometers: empty + loaded,
    legs: [leg(1, empty, legOver[0]), leg(2, loaded, legOver[1])],
    ...over,
  };
  await ctx.db.insert(tripMileStats).values({
    tripId,
    source,
    loadedM: milesToMetres(stats.miles),
    totalEmptyM: milesToMetres(stats.totalEmpty),
    puM: milesToMetres(stats.pu),
    trlM: 0,
    totalM: milesToMetres(stats.totalMiles),
    totalOdometersM: stats.totalOdometers === null ? null : milesToMetres(stats.totalOdometers),
    inputsKey: 'test',
    detail: stats,
  });
  await refreshTripReview(ctx.db, tripId);
}

async function review(q: string, token = staff): Promise<ReviewPage> {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mileage-review?${q}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return reviewPage.parse(res.json<{ data: unknown }>().data);
}
async function rowOf(tripId: number, companyId: number): Promise<ReviewRow> {
  for (const status of ['NEEDS_REVIEW', 'READY', 'APPROVED']) {
    const page = await review(`status=${status}&companyId=${companyId}&size=100`);
    const row = page.content.find((r) => r.tripId === tripId);
    if (row) return row;
  }
  throw new Error(`trip ${tripId} is in no tab`);
}
/** Saves a rule and, as the pay-rule job would (this file runs no jobs; pay-rule-jobs.test.ts runs them), recomputes the company's open rows. */
async function putRule(companyId: number, body: object, token = staff) {
  const res = await call(ctx.app, { method: 'PUT', url: `/api/v1/companies/${companyId}/pay-rule`, token, payload: body });
  if (res.statusCode === 200) await recomputeRuleReviews(ctx.db, companyId);
  return res;
}
async function approve(items: { tripId: number; version: number }[], token = staff) {
  const res = await call(ctx.app, { method: 'POST', url: '/api/v1/mileage-review/approve', token, payload: { items } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ApproveResult }>().data.results.map(({ tripId, status }) => ({ tripId, status }));
}
const versionOf = async (tripId: number) => (await ctx.db.select({ v: trips.version }).from(trips).where(eq(trips.id, tripId)))[0]!.v;

describe('pay rule', () => {
  it('is the default (Routed, 3 %) until saved; a save needs CAN_EDIT_COMPANY and the version read; a stale one is 409', async () => {
    const c = await company({ integration: true });
    const res = await call(ctx.app, { method: 'GET', url: `/api/v1/companies/${c.id}/pay-rule`, token: viewerOnly });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: PayRule }>().data).toEqual({
      companyId: c.id,
      payBasis: 'ROUTED',
      tolerancePct: 3,
      version: 0,
      hasIntegration: true,
      sentence: 'Pay routed miles when GPS agrees within 3 %',
    });
    expect((await putRule(c.id, { payBasis: 'ACTUAL', tolerancePct: 5, version: 0 }, viewerOnly)).statusCode).toBe(403);
    const saved = await putRule(c.id, { payBasis: 'LOWER', tolerancePct: 2.5, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: PayRule }>().data).toMatchObject({
      payBasis: 'LOWER',
      tolerancePct: 2.5,
      version: 1,
      sentence: 'Pay the lower of routed and GPS miles when GPS agrees within 2.5 %',
    });
    const stale = await putRule(c.id, { payBasis: 'HIGHER', tolerancePct: 2, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string }>().code).toBe('STALE_VERSION');
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/companies/${c.id}/pay-rule`, token: staff })).json<{ data: PayRule }>().data.payBasis).toBe('LOWER');
  });

  it('refuses a tolerance outside 0–25, an unknown basis and an unknown company, changing nothing', async () => {
    const c = await company({ integration: true });
    for (const body of [
      { payBasis: 'ROUTED', tolerancePct: 26, version: 0 },
      { payBasis: 'ROUTED', tolerancePct: -1, version: 0 },
      { payBasis: 'MILES', tolerancePct: 3, version: 0 },
      { payBasis: 'ROUTED', tolerancePct: 3 },
    ]) {
      const res = await putRule(c.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await putRule(2_000_000_000, { payBasis: 'ROUTED', tolerancePct: 3, version: 0 })).statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/companies/${c.id}/pay-rule`, token: staff })).json<{ data: PayRule }>().data.version).toBe(0);
  });

  it('a company with no integration pays routed miles whatever its basis', async () => {
    const c = await company({ integration: false });
    expect((await putRule(c.id, { payBasis: 'ACTUAL', tolerancePct: 3, version: 0 })).json<{ data: PayRule }>().data.sentence).toBe(
      'Pay routed miles (this company runs no GPS integration)',
    );
    const { trip } = await completedTrip(c.id);
    const row = await rowOf(trip.id, c.id);
    expect(row).toMatchObject({
      status: 'READY',
      flags: [],
      suggested: { basis: 'ROUTED', from: 'ROUTED', loadedMiles: Math.round(ROUTED_LOADED * 10) / 10, emptyMiles: Math.round(ROUTED_EMPTY * 10) / 10 },
    });
    expect(row.routedMiles).toBeCloseTo(ROUTED_TOTAL, 6);
    expect(row.actualMiles).toBeNull();
  });

  it("the Companies form's one Save: PUT /companies/{id} with its pay rule saves both in one transaction; a stale rule or a stale company saves neither", async () => {
    const c = await company({ integration: true });
    const read = async () =>
      (await call(ctx.app, { method: 'GET', url: `/api/v1/companies/${c.id}`, token: staff })).json<{ data: Record<string, unknown> & { version: number } }>().data;
    const ruleOf = async () => (await call(ctx.app, { method: 'GET', url: `/api/v1/companies/${c.id}/pay-rule`, token: staff })).json<{ data: PayRule }>().data;
    const put = (body: object) => call(ctx.app, { method: 'PUT', url: `/api/v1/companies/${c.id}`, token: staff, payload: body });
    const form = ({ name, email, phone, usDot, samsaraEnabled, gleEnabled, version }: Record<string, unknown>) => ({
      name,
      email,
      phone,
      usDot,
      samsaraEnabled,
      gleEnabled,
      version,
    });
    const before = await read();

    // A stale rule: 409, and the company's new name is not kept either.
    await putRule(c.id, { payBasis: 'HIGHER', tolerancePct: 4, version: 0 });
    const staleRule = await put({ ...form(before), name: `${String(before.name)} (renamed)`, payRule: { payBasis: 'LOWER', tolerancePct: 2, version: 0 } });
    expect(staleRule.statusCode, staleRule.body).toBe(409);
    expect(staleRule.json<{ code: string }>().code).toBe('STALE_VERSION');
    expect((await read()).name).toBe(before.name);
    expect(await ruleOf()).toMatchObject({ payBasis: 'HIGHER', tolerancePct: 4, version: 1 });

    // A stale company: 409, and the rule is not kept either.
    const staleCompany = await put({ ...form(before), version: before.version + 5, payRule: { payBasis: 'LOWER', tolerancePct: 2, version: 1 } });
    expect(staleCompany.statusCode, staleCompany.body).toBe(409);
    expect(await ruleOf()).toMatchObject({ payBasis: 'HIGHER', version: 1 });

    // Both current: both saved, by one request.
    const saved = await put({ ...form(before), name: `${String(before.name)} (renamed)`, payRule: { payBasis: 'LOWER', tolerancePct: 2, version: 1 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: { name: string; version: number } }>().data).toMatchObject({ name: `${String(before.name)} (renamed)`, version: before.version + 1 });
    expect(await ruleOf()).toMatchObject({ payBasis: 'LOWER', tolerancePct: 2, version: 2 });
    // A bad rule is a 400 that changes nothing.
    const bad = await put({ ...form(await read()), name: 'Never saved', payRule: { payBasis: 'LOWER', tolerancePct: 30, version: 2 } });
    expect(bad.statusCode).toBe(400);
    expect((await read()).name).toBe(`${String(before.name)} (renamed)`);
  });
});

describe('pay rule versions (docs/mileage-review.md "Pay rule")', () => {
  /** Three trips 2 % over routed: READY under 3 %, NEEDS_REVIEW under 1 %. */
  async function companyWithOpenTrips() {
    const c = await company({ integration: true });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { trip } = await completedTrip(c.id);
      await storeActual(trip.id, ROUTED_EMPTY * 1.02, ROUTED_LOADED * 1.02);
      ids.push(trip.id);
    }
    return { c, ids };
  }
  const rowVersions = async (ids: number[]) => (await ctx.db.select({ v: tripReview.ruleVersion }).from(tripReview).where(inArray(tripReview.tripId, ids))).map((x) => x.v).sort();
  const rawPut = (companyId: number, body: object) => call(ctx.app, { method: 'PUT', url: `/api/v1/companies/${companyId}/pay-rule`, token: staff, payload: body });

  it('a save answers with the new version and recomputes nothing in the request; a row behind the rule is STALE_RULE, never approved by it', async () => {
    const { c, ids } = await companyWithOpenTrips();
    expect(await rowVersions(ids)).toEqual([0, 0, 0]);
    const first = await rawPut(c.id, { payBasis: 'ROUTED', tolerancePct: 3, version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: PayRule }>().data.version).toBe(1);
    // The request left the rows as they were: still under the default rule (version 0), the queue says it is recomputing.
    expect(await rowVersions(ids)).toEqual([0, 0, 0]);
    let page = await review(`status=READY&companyId=${c.id}`);
    expect(page.recomputing).toBe(true);
    expect(page.counts.READY).toBe(3);
    // Approval of a row computed under the older rule: STALE_RULE, the trip untouched.
    const before = await versionOf(ids[0]!);
    expect(await approve([{ tripId: ids[0]!, version: before }])).toEqual([{ tripId: ids[0]!, status: 'STALE_RULE' }]);
    expect(await versionOf(ids[0]!)).toBe(before);
    expect((await ctx.db.select({ p: trips.payableM }).from(trips).where(eq(trips.id, ids[0]!)))[0]!.p).toBeNull();

    // The job's work: every open row under version 1, the flag gone; approval by rule works again.
    expect(await recomputeRuleReviews(ctx.db, c.id)).toBe(3);
    expect(await rowVersions(ids)).toEqual([1, 1, 1]);
    page = await review(`status=READY&companyId=${c.id}`);
    expect(page.recomputing).toBe(false);
    expect(await approve([{ tripId: ids[0]!, version: before }])).toEqual([{ tripId: ids[0]!, status: 'APPROVED' }]);

    // A tighter rule: the rows behind it are not approved by the old one (READY under 3 %, NEEDS_REVIEW under 1 %).
    expect((await rawPut(c.id, { payBasis: 'ROUTED', tolerancePct: 1, version: 1 })).statusCode).toBe(200);
    const v1 = await versionOf(ids[1]!);
    expect(await approve([{ tripId: ids[1]!, version: v1 }])).toEqual([{ tripId: ids[1]!, status: 'STALE_RULE' }]);
    expect(await recomputeRuleReviews(ctx.db, c.id)).toBe(2);
    expect((await rowOf(ids[1]!, c.id)).status).toBe('NEEDS_REVIEW');
    // The approved row keeps the rule it was approved by.
    const approved = (await ctx.db.select().from(tripReview).where(eq(tripReview.tripId, ids[0]!)))[0]!;
    expect(approved).toMatchObject({ status: 'APPROVED', approvedRule: 'Routed, 3 %', ruleVersion: 1 });
  });

  it('rows left behind (a recompute killed or never queued) converge by themselves when the jobs start: the sweep queues the recompute', async () => {
    const { c, ids } = await companyWithOpenTrips();
    // Saved through the API of a context without jobs: nothing queued, as if the process died right after the commit.
    expect((await rawPut(c.id, { payBasis: 'ROUTED', tolerancePct: 1, version: 0 })).statusCode).toBe(200);
    expect((await review(`status=READY&companyId=${c.id}`)).recomputing).toBe(true);
    const jobs = await testJobs(ctx.database, ctx.config, ctx.secretKey);
    try {
      await expect.poll(async () => rowVersions(ids), { timeout: 30_000, interval: 250 }).toEqual([1, 1, 1]);
      const page = await review(`status=NEEDS_REVIEW&companyId=${c.id}`);
      expect(page.recomputing).toBe(false);
      expect(page.counts).toMatchObject({ NEEDS_REVIEW: 3, READY: 0 });
      const schedules = (await ctx.db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as { rows: { name: string; cron: string }[] };
      expect(schedules.rows).toContainEqual({ name: PAY_RULE_SWEEP_QUEUE, cron: PAY_RULE_SWEEP_CRON });
      const active = async () =>
        ((await ctx.db.execute(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      await expect.poll(active, { timeout: 20_000, interval: 250 }).toBe(0);
    } finally {
      await jobs.stop(2_000);
    }
  });
});

/** The flags as a person reads them (code and miles sentence), without their figures. */
const said = (flags: { code: string; sentence: string }[]) => flags.map(({ code, sentence }) => ({ code, sentence }));

describe('flags and statuses', () => {
  it('READY within tolerance; OVER_TOLERANCE past it with a sentence; the rule change moves the trip', async () => {
    const c = await company({ integration: true });
    const { trip } = await completedTrip(c.id);
    // 2 % over routed: within 3 %.
    await storeActual(trip.id, ROUTED_EMPTY * 1.02, ROUTED_LOADED * 1.02);
    let row = await rowOf(trip.id, c.id);
    expect(row.status).toBe('READY');
    expect(row.differencePct).toBeCloseTo(2, 6);
    expect(row.actualSource).toBe('SAMSARA');
    expect(row.routeSource).toBe('HERE');
    // Tighter rule: 1 %.
    expect((await putRule(c.id, { payBasis: 'ROUTED', tolerancePct: 1, version: 0 })).statusCode).toBe(200);
    row = await rowOf(trip.id, c.id);
    expect(row.status).toBe('NEEDS_REVIEW');
    expect(said(row.flags)).toEqual([{ code: 'OVER_TOLERANCE', sentence: 'GPS 139.4 mi is 2 % over routed 136.7 mi (tolerance 1 %)' }]);
    // The flag's figures (metres) write the same sentence in miles and in km, without reading its text.
    expect(flagSentence('OVER_TOLERANCE', row.flags[0]!.params!, 'MILES')).toBe(row.flags[0]!.sentence);
    expect(flagSentence('OVER_TOLERANCE', row.flags[0]!.params!, 'KM')).toBe('GPS 224.4 km is 2 % over routed 220.0 km (tolerance 1 %)');
  });

  it('NO_TELEMATICS: the company runs an integration but the trip has no track', async () => {
    const c = await company({ integration: true });
    const { trip } = await completedTrip(c.id);
    const row = await rowOf(trip.id, c.id);
    expect(row.status).toBe('NEEDS_REVIEW');
    expect(row.flags.map((f) => f.code)).toEqual(['NO_TELEMATICS']);
    expect(row.flags[0]!.sentence).toBe('No GPS track for this trip although the company runs Samsara');
  });

  it('ESTIMATE_ONLY: routing is an estimate and there is no telematics', async () => {
    const c = await company({ integration: false });
    const { trip } = await completedTrip(c.id, { source: 'ESTIMATE' });
    const row = await rowOf(trip.id, c.id);
    expect(row.status).toBe('NEEDS_REVIEW');
    expect(row.routeSource).toBe('ESTIMATE');
    expect(said(row.flags)).toEqual([{ code: 'ESTIMATE_ONLY', sentence: 'Routed miles are an estimate and there is no GPS track' }]);
  });

  it('GPS_GAP, ODOMETER_GPS_DISAGREE and STOP_NOT_REACHED name the leg by its places', async () => {
    const c = await company({ integration: true });
    const gap = await completedTrip(c.id);
    await storeActual(gap.trip.id, ROUTED_EMPTY, ROUTED_LOADED, [{}, { gap: true, miles: 38 }]);
    // The total agrees; only the leg has a hole.
    const gapFlags = (await rowOf(gap.trip.id, c.id)).flags;
    expect(said(gapFlags)).toEqual([{ code: 'GPS_GAP', sentence: 'GPS gap on the 38.0 mi leg between Joliet, IL and Tulsa, OK' }]);
    expect(flagSentence('GPS_GAP', gapFlags[0]!.params!, 'KM')).toBe('GPS gap on the 61.2 km leg between Joliet, IL and Tulsa, OK');

    const odo = await completedTrip(c.id);
    await storeActual(odo.trip.id, ROUTED_EMPTY, ROUTED_LOADED, [{ differs: true, method: 'ODOMETER', miles: 43.5, otherMiles: 40.1 }, {}]);
    expect(said((await rowOf(odo.trip.id, c.id)).flags)).toEqual([
      { code: 'ODOMETER_GPS_DISAGREE', sentence: 'Odometer 43.5 mi and GPS 40.1 mi disagree between Chicago, IL and Joliet, IL' },
    ]);

    const missed = await completedTrip(c.id);
    await storeActual(missed.trip.id, ROUTED_EMPTY, ROUTED_LOADED, [{}, { reachedAt: null, miles: null }]);
    const row = await rowOf(missed.trip.id, c.id);
    expect(row.status).toBe('NEEDS_REVIEW');
    expect(row.flags.map((f) => f.code)).toEqual(['PARTIAL_GPS', 'STOP_NOT_REACHED']);
    expect(said([row.flags[1]!])[0]).toEqual({ code: 'STOP_NOT_REACHED', sentence: "The truck's GPS track never reached Tulsa, OK (stop 3)" });
  });

  it('suggests by basis: ROUTED, ACTUAL, LOWER and HIGHER (the engine’s loaded and empty figures, to one decimal)', async () => {
    const c = await company({ integration: true });
    const { trip } = await completedTrip(c.id);
    // GPS 1 % under routed.
    await storeActual(trip.id, 69_000 * MI, 148_800 * MI);
    const cases = [
      ['ROUTED', 'ROUTED', ROUTED_EMPTY, ROUTED_LOADED],
      ['ACTUAL', 'ACTUAL', 69_000 * MI, 148_800 * MI],
      ['LOWER', 'ACTUAL', 69_000 * MI, 148_800 * MI],
      ['HIGHER', 'ROUTED', ROUTED_EMPTY, ROUTED_LOADED],
    ] as const;
    let version = 0;
    for (const [basis, from, empty, loaded] of cases) {
      const res = await putRule(c.id, { payBasis: basis, tolerancePct: 3, version });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json<{ data: PayRule }>().data.version;
      const row = await rowOf(trip.id, c.id);
      // The basis's total rounded once; loaded to 0.1 and empty the rest.
      const payable = Math.round((empty + loaded) * 10) / 10;
      const l = Math.round(loaded * 10) / 10;
      expect(row.suggested, basis).toEqual({ basis, from, emptyMiles: Math.round((payable - l) * 10) / 10, loadedMiles: l, payableMileage: payable });
      expect(row.status).toBe('READY');
    }
  });

  it('PARTIAL_GPS: a basis that needs a GPS figure that did not measure every leg suggests nothing and is never approved by rule', async () => {
    const c = await company({ integration: true });
    const { trip } = await completedTrip(c.id);
    // The engine kept 1 of 2 legs: the empty 70 km leg, 31.8 % of the routed 220 km.
    const coverage = { legs: 2, legsMeasured: 1, pct: (70 / 220) * 100 };
    await storeActual(trip.id, ROUTED_EMPTY, 0, [{}, { reachedAt: null, miles: null, otherMiles: null }], 'SAMSARA', { coverage });
    let version = 0;
    for (const basis of ['ACTUAL', 'LOWER', 'HIGHER'] as const) {
      const res = await putRule(c.id, { payBasis: basis, tolerancePct: 3, version });
      version = res.json<{ data: PayRule }>().data.version;
      const row = await rowOf(trip.id, c.id);
      expect(row.status, basis).toBe('NEEDS_REVIEW');
      expect(row.suggested, basis).toEqual({ basis, from: null, payableMileage: null, loadedMiles: null, emptyMiles: null });
      expect(row.actualCoverage).toEqual(coverage);
      // A partial figure is not compared with the route: its difference would be the legs it missed.
      expect(row.differencePct).toBeNull();
      expect(row.flags.map((f) => f.code)).not.toContain('OVER_TOLERANCE');
      expect(said(row.flags)).toContainEqual({ code: 'PARTIAL_GPS', sentence: 'GPS measured 1 of 2 legs: 43.5 of 136.7 mi' });
    }
    // Routed pay still suggests the routed miles, flagged for a person (the GPS cannot confirm them).
    await putRule(c.id, { payBasis: 'ROUTED', tolerancePct: 3, version });
    const routed = await rowOf(trip.id, c.id);
    expect(routed.status).toBe('NEEDS_REVIEW');
    expect(routed.suggested.from).toBe('ROUTED');
    expect(routed.flags.map((f) => f.code)).toEqual(['PARTIAL_GPS', 'STOP_NOT_REACHED']);
    expect(await approve([{ tripId: trip.id, version: await versionOf(trip.id) }])).toEqual([{ tripId: trip.id, status: 'NOT_READY' }]);
    expect((await ctx.db.select({ p: trips.payableM }).from(trips).where(eq(trips.id, trip.id)))[0]!.p).toBeNull();
  });

  it('the suggestion is exactly the figure its basis picked, rounded once (30.08 mi → 30.1, not 10.0 + 20.0)', async () => {
    const c = await company({ integration: true });
    const { trip } = await completedTrip(c.id);
    await putRule(c.id, { payBasis: 'ACTUAL', tolerancePct: 25, version: 0 });
    await storeActual(trip.id, 10.04, 20.04);
    const row = await rowOf(trip.id, c.id);
    expect(row.suggested).toEqual({ basis: 'ACTUAL', from: 'ACTUAL', payableMileage: 30.1, loadedMiles: 20, emptyMiles: 10.1 });
    expect(row.actualCoverage).toEqual({ legs: 2, legsMeasured: 2, pct: 100 });
  });

  it('STOP_PASSED_NEAR: a stop the track passed outside its radius is named with the distance', async () => {
    const c = await company({ integration: true });
    const { trip } = await completedTrip(c.id);
    await storeActual(trip.id, ROUTED_EMPTY, ROUTED_LOADED, [{}, {}], 'SAMSARA', { nearPasses: [{ index: 2, miles: 1.23, radiusMiles: 0.3 }] });
    const row = await rowOf(trip.id, c.id);
    expect(row.status).toBe('NEEDS_REVIEW');
    expect(said(row.flags)).toEqual([{ code: 'STOP_PASSED_NEAR', sentence: 'The GPS track passed 1.2 mi from Tulsa, OK (stop 3); radius 0.3 mi' }]);
  });

  it('GLE is the actual source when Samsara measured nothing', async () => {
    const c = await createCompanyRow(ctx.db, { gleEnabled: true });
    const { trip } = await completedTrip(c.id);
    await storeActual(trip.id, ROUTED_EMPTY, ROUTED_LOADED, [{}, {}], 'GLE');
    expect(await rowOf(trip.id, c.id)).toMatchObject({ status: 'READY', actualSource: 'GLE' });
  });

  it('a trip leaves the queue when it is no longer completed, and a manual save in the Mileage Report moves it to Approved', async () => {
    const c = await company({ integration: false });
    const { trip } = await completedTrip(c.id);
    expect((await rowOf(trip.id, c.id)).status).toBe('READY');
    const save = await call(ctx.app, {
      method: 'PUT',
      url: '/api/v1/mile-stats/payable-mileage',
      token: staff,
      payload: { tripId: trip.id, emptyMiles: 40, loadedMiles: 95, version: await versionOf(trip.id) },
    });
    expect(save.statusCode, save.body).toBe(200);
    const row = await rowOf(trip.id, c.id);
    expect(row).toMatchObject({ status: 'APPROVED', payableMileage: 135 });
    const [kept] = await ctx.db.select().from(tripReview).where(eq(tripReview.tripId, trip.id));
    expect(kept).toMatchObject({ approvedBy: staffId, approvedRule: null });

    const back = await call(ctx.app, {
      method: 'PATCH',
      url: `/api/v1/trips/change-trip-status/${trip.id}?tripStatus=IN_TRANSIT`,
      token: staff,
      payload: { version: await versionOf(trip.id) },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await ctx.db.select().from(tripReview).where(eq(tripReview.tripId, trip.id))).toEqual([]);
  });
});

describe('the queue', () => {
  it('pages and counts each status in the filter, sorts in SQL and refuses a bad status', async () => {
    const c = await company({ integration: true });
    const trucks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { trip, truck } = await completedTrip(c.id, { end: new Date(Date.UTC(2026, 9, 10 + i, 15)) });
      trucks.push(truck.id);
      if (i < 3) await storeActual(trip.id, ROUTED_EMPTY * (1 + i / 100), ROUTED_LOADED * (1 + i / 100));
    }
    const page = await review(`status=READY&companyId=${c.id}&size=2&sort=differencePct,desc`);
    expect(page.counts).toEqual({ NEEDS_REVIEW: 2, READY: 3, APPROVED: 0 });
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, page: 0, size: 2 });
    expect(page.content.map((r) => Math.round(r.differencePct!))).toEqual([2, 1]);
    const second = await review(`status=READY&companyId=${c.id}&size=2&page=1&sort=differencePct,desc`);
    expect(second.content.map((r) => Math.round(r.differencePct!) || 0)).toEqual([0]);
    // Latest first by default; the period filters by end date (Central).
    const needs = await review(`status=NEEDS_REVIEW&companyId=${c.id}`);
    expect(needs.content.map((r) => r.endDateTime)).toEqual(['10/14/2026 10:00:00', '10/13/2026 10:00:00']);
    const period = await review(`status=NEEDS_REVIEW&companyId=${c.id}&fromDate=${encodeURIComponent('10/14/2026 00:00:00')}`);
    expect(period.counts.NEEDS_REVIEW).toBe(1);
    const ofTruck = await review(`status=READY&truckId=${trucks[0]}`);
    expect(ofTruck.totalElements).toBe(1);
    // The row names its truck and driver (the row menu's View Route opens the Trips map on them).
    expect(ofTruck.content[0]!.truckId).toBe(trucks[0]);
    expect(ofTruck.content[0]!.driverId).toBeGreaterThan(0);
    for (const q of ['status=DONE', 'sort=driverName,asc', 'companyId=abc', 'fromDate=2026-10-01']) {
      const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mileage-review?${q}`, token: staff });
      expect(res.statusCode, q).toBe(400);
    }
    const noPerm = await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] }));
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/mileage-review', token: noPerm.accessToken })).statusCode).toBe(403);
  });

  it("from the stored tracks: when the job keeps a trip's GPS figures, its review row follows", async () => {
    const k = uid();
    const box = createSecretBox(ctx.secretKey);
    const c = await createCompanyRow(ctx.db, { samsaraEnabled: true, samsaraTokenEncrypted: box.seal('samsara-test-token') });
    const P = { lat: 41.5934, lng: -87.3464 }; // Gary, IN
    const start = new Date(Date.UTC(2026, 9, 5, 13, 0));
    const fixes: FakeFix[] = [...straightDrive(A, B, start, 60), ...straightDrive(B, P, new Date(start.getTime() + 61 * 60_000), 60, 500_000_000 + wgs84Meters(A, B))];
    samsara.vehicles.push({ id: `sv-${k}`, name: `S ${k}`, vin: `svin-${k}` });
    samsara.history.set(`sv-${k}`, fixes);
    const { trip } = await completedTrip(c.id, { truckOver: { vehicleId: `sv-${k}` }, end: new Date(start.getTime() + 130 * 60_000) });
    expect((await rowOf(trip.id, c.id)).flags.map((f) => f.code)).toContain('NO_TELEMATICS');
    // The jobs' work for the trip: its track fetched from Samsara and its figures kept.
    const kept = await keepTripFigures({ db: ctx.db, secretBox: box, config: ctx.config, retry: FAST_RETRY }, trip.id);
    expect(kept?.changed).toEqual(['SAMSARA']);
    const row = await rowOf(trip.id, c.id);
    expect(row.actualSource).toBe('SAMSARA');
    expect(row.actualMiles).toBeGreaterThan(0);
    expect(row.flags.map((f) => f.code)).not.toContain('NO_TELEMATICS');
  });
});

describe('coverage kept with the figure', () => {
  it('a track that never reaches the delivery: 1 of 2 legs, 31.8 % of the routed miles, on the mile stats, the map panels and report and the review row', async () => {
    const k = uid();
    const box = createSecretBox(ctx.secretKey);
    const c = await createCompanyRow(ctx.db, { samsaraEnabled: true, samsaraTokenEncrypted: box.seal('samsara-test-token') });
    const P = { lat: 41.5934, lng: -87.3464 }; // Gary, IN: the truck never goes to Tulsa
    const start = new Date(Date.UTC(2026, 9, 5, 13, 0));
    const fixes: FakeFix[] = [...straightDrive(A, B, start, 60), ...straightDrive(B, P, new Date(start.getTime() + 61 * 60_000), 60, 500_000_000 + wgs84Meters(A, B))];
    samsara.vehicles.push({ id: `sv-${k}`, name: `S ${k}`, vin: `svin-${k}` });
    samsara.history.set(`sv-${k}`, fixes);
    const { trip } = await completedTrip(c.id, { truckOver: { vehicleId: `sv-${k}` }, end: new Date(start.getTime() + 130 * 60_000) });
    await putRule(c.id, { payBasis: 'ACTUAL', tolerancePct: 3, version: 0 });
    await keepTripFigures({ db: ctx.db, secretBox: box, config: ctx.config, retry: FAST_RETRY }, trip.id);
    const coverage = { legs: 2, legsMeasured: 1, pct: expect.closeTo((70 / 220) * 100, 6) };

    const kept = (await ctx.db.select({ detail: tripMileStats.detail }).from(tripMileStats).where(eq(tripMileStats.tripId, trip.id)))[0]!.detail as SourceMileStats;
    expect(kept.coverage).toEqual(coverage);
    const stats = await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${trip.id}`, token: staff });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json<{ data: { samsaraStats: SourceMileStats } }>().data.samsaraStats.coverage).toEqual(coverage);
    const mapper = (await signIn(ctx.app, await createUser(ctx.db, { permissions: ['CAN_VIEW_TRIP_MAP'] }))).accessToken;
    const report = await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${trip.id}/map-report`, token: mapper });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<{ data: { sources: { type: string; coverage?: unknown }[] } }>().data.sources.find((x) => x.type === 'samsara')?.coverage).toEqual(coverage);
    const summary = await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${trip.id}/map-summary`, token: mapper });
    expect(summary.json<{ data: { sources: { type: string; coverage?: unknown }[] } }>().data.sources.find((x) => x.type === 'samsara')?.coverage).toEqual(coverage);

    const row = await rowOf(trip.id, c.id);
    expect(row.actualCoverage).toEqual(coverage);
    expect(row.suggested.payableMileage).toBeNull();
    expect(row.flags.find((f) => f.code === 'PARTIAL_GPS')?.sentence).toMatch(/^GPS measured 1 of 2 legs: [\d.]+ of 136\.7 mi$/);
  });
});

describe('approve by rule', () => {
  it('answers per item: APPROVED, STALE_VERSION, NOT_READY, NOT_FOUND; history names the rule and the user', async () => {
    const c = await company({ integration: true });
    const ready = await completedTrip(c.id);
    await storeActual(ready.trip.id, ROUTED_EMPTY, ROUTED_LOADED);
    const stale = await completedTrip(c.id);
    await storeActual(stale.trip.id, ROUTED_EMPTY, ROUTED_LOADED);
    const flagged = await completedTrip(c.id); // no track: NEEDS_REVIEW
    const results = await approve([
      { tripId: ready.trip.id, version: await versionOf(ready.trip.id) },
      { tripId: stale.trip.id, version: (await versionOf(stale.trip.id)) + 7 },
      { tripId: flagged.trip.id, version: await versionOf(flagged.trip.id) },
      { tripId: 2_000_000_000, version: 1 },
    ]);
    expect(results).toEqual([
      { tripId: ready.trip.id, status: 'APPROVED' },
      { tripId: stale.trip.id, status: 'STALE_VERSION' },
      { tripId: flagged.trip.id, status: 'NOT_READY' },
      { tripId: 2_000_000_000, status: 'NOT_FOUND' },
    ]);
    const [t] = await ctx.db.select().from(trips).where(eq(trips.id, ready.trip.id));
    const e = Math.round(ROUTED_EMPTY * 10) / 10;
    const l = Math.round(ROUTED_LOADED * 10) / 10;
    // Kept in metres (docs/decisions/020-one-unit.md), exactly as the typed miles convert.
    expect(t).toMatchObject({ emptyM: milesToMetres(e), loadedM: milesToMetres(l), payableM: milesToMetres(Math.round((e + l) * 10) / 10) });
    expect((await rowOf(ready.trip.id, c.id)).status).toBe('APPROVED');
    expect((await rowOf(flagged.trip.id, c.id)).payableMileage).toBeNull();
    const hist = await call(ctx.app, { method: 'GET', url: `/api/v1/trip-action-history?tripId=${ready.trip.id}&size=20`, token: staff });
    expect(hist.statusCode, hist.body).toBe(200);
    const payable = hist.json<{ data: { content: HistoryEntry[] } }>().data.content.find((h) => h.columnName === 'PAYABLE_MILEAGE');
    expect(payable).toMatchObject({ oldValue: null, newValue: `${metresToEnteredMiles(t!.payableM!)} (approved by rule: Routed, 3 %)`, name: 'Rita User' });
    // Approving again: no longer READY.
    expect(await approve([{ tripId: ready.trip.id, version: await versionOf(ready.trip.id) }])).toEqual([{ tripId: ready.trip.id, status: 'NOT_READY' }]);
  });

  it('names each trip not approved: its number, who changed it and when', async () => {
    const c = await company({ integration: true });
    const ready = await completedTrip(c.id);
    await storeActual(ready.trip.id, ROUTED_EMPTY, ROUTED_LOADED);
    const version = await versionOf(ready.trip.id);
    // A dispatcher changed the trip after the clerk read it.
    const at = new Date(Date.UTC(2026, 10, 27, 20, 15));
    await ctx.db
      .update(trips)
      .set({ version: version + 1, updatedBy: staffId, updatedAt: at })
      .where(eq(trips.id, ready.trip.id));
    const flagged = await completedTrip(c.id);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/mileage-review/approve',
      token: staff,
      payload: {
        items: [
          { tripId: ready.trip.id, version },
          { tripId: flagged.trip.id, version: await versionOf(flagged.trip.id) },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ApproveResult }>().data.results).toEqual([
      { tripId: ready.trip.id, status: 'STALE_VERSION', number: ready.trip.loadNumber, changedBy: 'Rita User', changedAt: at.toISOString() },
      { tripId: flagged.trip.id, status: 'NOT_READY', number: flagged.trip.loadNumber, changedBy: 'Rita User', changedAt: expect.any(String) },
    ]);
  });

  it("the queue of one company says that company's rule in words; the whole queue names none", async () => {
    const c = await createCompanyRow(ctx.db, { samsaraEnabled: true, name: `Prairie Freight Lines ${uid()}` });
    await completedTrip(c.id);
    expect((await review(`companyId=${c.id}`)).rule).toEqual({ companyId: c.id, companyName: c.name, sentence: 'Pay routed miles when GPS agrees within 3 %' });
    expect(queueRuleText(c.name, 'Pay routed miles when GPS agrees within 3 %')).toBe(`${c.name}: pay routed miles when GPS agrees within 3 %`);
    expect((await putRule(c.id, { payBasis: 'LOWER', tolerancePct: 2, version: 0 })).statusCode).toBe(200);
    expect((await review(`companyId=${c.id}`)).rule?.sentence).toBe('Pay the lower of routed and GPS miles when GPS agrees within 2 %');
    expect((await review('')).rule).toBeNull();
  });

  it('the Mileage Report reads the review row; "Use these miles" saves one source\'s figures and names the source in Trip History', async () => {
    const c = await company({ integration: true });
    const { trip } = await completedTrip(c.id);
    // GPS 10 % over routed: NEEDS_REVIEW (OVER_TOLERANCE).
    await storeActual(trip.id, ROUTED_EMPTY * 1.1, ROUTED_LOADED * 1.1);
    const stats = await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${trip.id}`, token: staff });
    expect(stats.statusCode, stats.body).toBe(200);
    const data = stats.json<{ data: TripMileStats }>().data;
    expect(data.review).toEqual({ status: 'NEEDS_REVIEW', payBasis: 'ROUTED', tolerancePct: 3 });
    // The map panels read the same rule, to mark a figure beyond its tolerance.
    expect((await tripMapSummary(ctx.db, trip.id)).payRule).toEqual({ payBasis: 'ROUTED', tolerancePct: 3 });
    const figures = figuresOfSource({ miles: ROUTED_LOADED * 1.1, totalMiles: (ROUTED_EMPTY + ROUTED_LOADED) * 1.1 });
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/v1/mile-stats/payable-mileage',
      token: staff,
      payload: { tripId: trip.id, ...figures, version: await versionOf(trip.id), source: 'SAMSARA' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const hist = await call(ctx.app, { method: 'GET', url: `/api/v1/trip-action-history?tripId=${trip.id}&size=20`, token: staff });
    const payable = hist.json<{ data: { content: HistoryEntry[] } }>().data.content.find((h) => h.columnName === 'PAYABLE_MILEAGE');
    expect(payable).toMatchObject({ newValue: `${figures.payableMileage} (taken from Samsara)`, name: 'Rita User' });
    expect((await rowOf(trip.id, c.id)).status).toBe('APPROVED');
    const after = (await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${trip.id}`, token: staff })).json<{ data: TripMileStats }>().data;
    expect(after.review?.status).toBe('APPROVED');
    const bad = await call(ctx.app, {
      method: 'PUT',
      url: '/api/v1/mile-stats/payable-mileage',
      token: staff,
      payload: { tripId: trip.id, ...figures, version: await versionOf(trip.id), source: 'ODOMETER' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('Refresh telematics says why it cannot fetch: the provider off for the company, or on without a token', async () => {
    const off = await company({ integration: false });
    const a = await completedTrip(off.id);
    const res = await call(ctx.app, { method: 'POST', url: `/api/v1/mile-stats/${a.trip.id}/refresh`, token: staff });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INTEGRATION_DISABLED',
      message: `Nothing to fetch: Samsara and GLE are off for ${off.name} (or in the TRIP settings). Switch one on in Companies.`,
    });
    const noToken = await company({ integration: true });
    const b = await completedTrip(noToken.id);
    const res2 = await call(ctx.app, { method: 'POST', url: `/api/v1/mile-stats/${b.trip.id}/refresh`, token: staff });
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toMatchObject({
      code: 'INTEGRATION_DISABLED',
      message: `Cannot fetch: Samsara is on for ${noToken.name} but has no API token. Add it in Companies → Update API Tokens.`,
    });
  });

  it('two approvals of the same trip at once: one wins, the other is stale', async () => {
    const c = await company({ integration: false });
    const { trip } = await completedTrip(c.id);
    const version = await versionOf(trip.id);
    const [a, b] = await Promise.all([approve([{ tripId: trip.id, version }]), approve([{ tripId: trip.id, version }])]);
    expect([a[0]!.status, b[0]!.status].sort()).toEqual(['APPROVED', 'STALE_VERSION']);
    expect(await versionOf(trip.id)).toBe(version + 1);
  });

  it('needs CAN_EDIT_MILEAGE_REPORT_TRIP and 1–500 distinct items', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/mileage-review/approve', token: viewerOnly, payload: { items: [{ tripId: 1, version: 1 }] } });
    expect(res.statusCode).toBe(403);
    for (const items of [
      [],
      Array.from({ length: 501 }, (_, i) => ({ tripId: i + 1, version: 1 })),
      [
        { tripId: 1, version: 1 },
        { tripId: 1, version: 2 },
      ],
      [{ tripId: 'x', version: 1 }],
    ]) {
      const bad = await call(ctx.app, { method: 'POST', url: '/api/v1/mileage-review/approve', token: staff, payload: { items } });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('lists every READY trip of a filter with the total miles', async () => {
    const c = await company({ integration: false });
    const one = await completedTrip(c.id);
    const two = await completedTrip(c.id);
    const res = await call(ctx.app, { method: 'GET', url: `/api/v1/mileage-review/ready?companyId=${c.id}`, token: staff });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ data: ReadyList }>().data;
    expect(list.items.map((i) => i.tripId).sort()).toEqual([one.trip.id, two.trip.id].sort());
    expect(list.totalMiles).toBeCloseTo(2 * (Math.round(ROUTED_EMPTY * 10) / 10 + Math.round(ROUTED_LOADED * 10) / 10), 6);
    expect(list.truncated).toBe(false);
  });
});

describe('settlement export', () => {
  it('approved trips per trip and per driver, formula-safe, by end date and company', async () => {
    const c = await company({ integration: false });
    const x = await completedTrip(c.id, { driverName: '=HYPERLINK("x")' });
    const y = await completedTrip(c.id, { driverName: 'Zed' });
    await completedTrip(c.id); // READY, not exported
    await approve([{ tripId: x.trip.id, version: await versionOf(x.trip.id) }]);
    await call(ctx.app, {
      method: 'PUT',
      url: '/api/v1/mile-stats/payable-mileage',
      token: staff,
      payload: { tripId: y.trip.id, emptyMiles: 10, loadedMiles: 20, version: await versionOf(y.trip.id) },
    });
    const res = await call(ctx.app, {
      method: 'GET',
      url: `/api/v1/mileage-review/export.csv?companyId=${c.id}&fromDate=${encodeURIComponent('10/01/2026 00:00:00')}`,
      token: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Driver,Unit,Company,Load/Trailer,End Date Time (CT),Payable Mileage (mi),Loaded Miles (mi),Empty Miles (mi),Basis,Approved By,Approved (CT)');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\) Driver/);
    expect(lines[1]).toMatch(/,10\/05\/2026 13:00:00,136.7,93.2,43.5,"By rule: Routed, 3 %",Rita User,\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(lines[2]).toContain(',30,20,10,By hand,Rita User,');
    const byDriver = await call(ctx.app, { method: 'GET', url: `/api/v1/mileage-review/export.csv?companyId=${c.id}&groupBy=driver`, token: staff });
    const d = byDriver.body.trim().split('\r\n');
    expect(d[0]).toBe('Driver,Company,Trips,Payable Mileage (mi),Loaded Miles (mi),Empty Miles (mi)');
    expect(d).toHaveLength(3);
    expect(d[2]).toMatch(/^Zed Driver\w+,[^,]+,1,30,20,10$/);
    const none = await call(ctx.app, {
      method: 'GET',
      url: `/api/v1/mileage-review/export.csv?companyId=${c.id}&toDate=${encodeURIComponent('01/01/2026 00:00:00')}`,
      token: staff,
    });
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/mileage-review/export.csv?groupBy=truck', token: staff })).statusCode).toBe(400);
  });
});
