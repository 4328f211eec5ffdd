import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { IntegrationStatus } from '@milepost/contracts/integrations-api';
import { milesToMetres } from '@milepost/geo/units';
import { drivers } from '../src/db/schema/reference';
import { tripMileStats, vehiclePositions } from '../src/db/schema/telematics';
import { createBoss } from '../src/jobs/platform';
import { GLE_POLL_QUEUE, startGlePolling } from '../src/modules/telematics/gle-poll';
import { keepTripFigures } from '../src/modules/trip-figures';
import { prunePositions } from '../src/modules/telematics/positions';
import type { TelematicsDeps } from '../src/modules/telematics/registry';
import { pollCompany, scopedDriverId } from '../src/modules/telematics/sync';
import { createTrip } from '../src/modules/trips/service';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, FAST_RETRY, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTripSettings, createTruckRow, createUser, driversLinked, signIn, trucksLinked } from './factories';
import { startFakeGle, type FakeGle } from './fakes/gle';
import type { FakeFix } from './fakes/telematics-server';
import { fixedHereRoute } from './telematics-fixtures';

/**
 * GLE polling (docs/integrations/gle.md "Polling"): a round reads every page of GreenLight's
 * `/vehicles/current`, matches vehicles and drivers, and appends each vehicle's new position;
 * the sampled positions are the trip's GLE track.
 */
let ctx: TestContext;
let gle: FakeGle;
let owner: string;
let actorId: number;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const MIN = 60_000;

beforeAll(async () => {
  gle = await startFakeGle();
  ctx = await createTestContext({ GLE_BASE_URL: gle.url });
  await createTripSettings(ctx.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: false, gleEnabled: true });
  const user = await createUser(ctx.db, { permissions: ['CAN_SYNC_INTEGRATIONS', 'CAN_SHOW_COMPANIES'] });
  actorId = user.id;
  owner = (await signIn(ctx.app, user)).accessToken;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await gle?.close();
});

beforeEach(() => {
  gle.vehicles.length = 0;
  gle.clearFaults();
  gle.clock = () => Date.now();
  gle.zoneHours = 0;
  gle.maxPageSize = 100;
});

const deps = (now?: () => number): TelematicsDeps => ({ db: ctx.db, secretBox: createSecretBox(ctx.secretKey), config: ctx.config, retry: FAST_RETRY, ...(now ? { now } : {}) });

async function gleCompany(token = 'gle-test-token') {
  return createCompanyRow(ctx.db, { gleEnabled: true, gleTokenEncrypted: createSecretBox(ctx.secretKey).seal(token) });
}

async function status(companyId: number) {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${companyId}`, token: owner });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: IntegrationStatus }>().data.GLE;
}

const positionsOf = (truckId: number) =>
  ctx.db
    .select({ at: vehiclePositions.at, reportedAt: vehiclePositions.reportedAt, lat: vehiclePositions.lat })
    .from(vehiclePositions)
    .where(eq(vehiclePositions.truckId, truckId))
    .orderBy(vehiclePositions.at);

/** `n` vehicles of the fake, each at one fix a minute old, ids unique to this test. */
function vehicles(n: number, k: string, at = Date.now() - MIN) {
  const base = 100_000 + seq * 1000;
  for (let i = 0; i < n; i++) {
    gle.vehicles.push({
      id: base + i,
      vin: `vin-${k}-${i}`,
      unitNumber: `G${k}-${i}`,
      driver: { id: base + i, name: `Lee Park${k}${i}` },
      fixes: [{ time: at, lat: 40 + i / 100, lng: -76, speedMph: 50, odometerMeters: null }],
    });
  }
  return gle.vehicles.slice(-n);
}

describe('a GLE poll round', () => {
  it('follows pageable.next to the last page, matches vehicles on the GLE VIN (any case), makes new trucks from unit_number and drivers from driver.id, and appends each position', async () => {
    const k = uid();
    const company = await gleCompany();
    const known = await createTruckRow(ctx.db, { companyId: company.id, vinNumber: `VIN-${k}-0`.toUpperCase() });
    const list = vehicles(25, k);
    gle.maxPageSize = 10; // GLE may hold fewer than asked: three pages
    const since = Date.now();
    const result = await pollCompany(deps(), company.id, 'GLE');
    expect(result).toMatchObject({ vehicles: 25, drivers: 25, positions: 25 });
    const asked = gle.requests.filter((r) => r.at >= since && r.path === '/vehicles/current').map((r) => `${r.query.get('page')}/${r.query.get('size')}`);
    expect(asked).toEqual(['0/100', '1/100', '2/100']);
    expect((await trucksLinked(ctx.db, 'GLE', String(list[0]!.id))).map((t) => t.id)).toEqual([known.id]);
    const [created] = await trucksLinked(ctx.db, 'GLE', String(list[1]!.id));
    expect(created).toMatchObject({ unitNumber: `G${k}-1`, vinNumber: `vin-${k}-1`, companyId: company.id });
    const [lee] = await driversLinked(ctx.db, 'GLE', scopedDriverId(company.id, String(list[1]!.id)));
    expect(lee).toMatchObject({ firstName: 'Lee', lastName: `Park${k}1`, truckId: created!.id });
    const second = Math.floor(list[0]!.fixes![0]!.time / 1000) * 1000; // GLE's times are whole seconds
    expect(await positionsOf(known.id)).toEqual([{ at: new Date(second), reportedAt: new Date(second), lat: 40 }]);
    expect(await status(company.id)).toMatchObject({ state: 'SUCCEEDED', vehicles: 25, drivers: 25, error: null, notice: null });
  });

  it('stores a position once: the same time again adds nothing, a new time is appended, and an unchanged driver is not written again', async () => {
    const k = uid();
    const company = await gleCompany();
    const [v] = vehicles(1, k, Date.now() - 3 * MIN);
    await pollCompany(deps(), company.id, 'GLE');
    const [truck] = await trucksLinked(ctx.db, 'GLE', String(v!.id));
    const [driver] = await driversLinked(ctx.db, 'GLE', scopedDriverId(company.id, String(v!.id)));
    expect(await pollCompany(deps(), company.id, 'GLE')).toMatchObject({ positions: 0 });
    v!.fixes!.push({ time: Date.now() - MIN, lat: 41, lng: -76, speedMph: 50, odometerMeters: null });
    expect(await pollCompany(deps(), company.id, 'GLE')).toMatchObject({ positions: 1 });
    expect((await positionsOf(truck!.id)).map((p) => p.lat)).toEqual([40, 41]);
    const [after] = await ctx.db.select({ updatedAt: drivers.updatedAt }).from(drivers).where(eq(drivers.id, driver!.id));
    expect(after!.updatedAt).toEqual(driver!.updatedAt);
  });

  it('ends the round on a page GLE sends again, and says so', async () => {
    const company = await gleCompany();
    vehicles(2, uid());
    const pageOne = { result: { code: 'ok', description: 'ok' }, content: [], pageable: { total: 40, prev: 0, next: 0, current: 1 } };
    gle.fail(/^\/vehicles\/current$/, { kind: 'body', body: pageOne }, 1, (q) => q.get('page') === '1');
    gle.maxPageSize = 1;
    await pollCompany(deps(), company.id, 'GLE');
    expect(await status(company.id)).toMatchObject({ state: 'SUCCEEDED', notice: 'GLE sent page 0 of the vehicles again; the round stopped there.' });
  });

  it('ends the round at the page cap, and says so', async () => {
    const company = await gleCompany();
    const since = Date.now();
    // A GLE whose pages never end: each says another follows.
    for (let p = 0; p < 205; p++) {
      gle.fail(
        /^\/vehicles\/current$/,
        { kind: 'body', body: { result: { code: 'ok', description: 'ok' }, content: [], pageable: { total: 99999, prev: null, next: p + 1, current: p } } },
        1,
        (q) => q.get('page') === String(p),
      );
    }
    await pollCompany(deps(), company.id, 'GLE');
    expect(gle.requests.filter((r) => r.at >= since && r.path === '/vehicles/current')).toHaveLength(200);
    expect((await status(company.id)).notice).toBe('The round stopped after 200 pages of GLE vehicles (the most read in one round).');
  });

  it('reads times sent without an offset as UTC, moves a wall clock a whole number of hours off, says so once, and never keeps a fix from the future', async () => {
    const company = await gleCompany();
    const k = uid();
    const now = Date.now();
    gle.zoneHours = -4; // a US Eastern summer wall clock, sent as "2026-…T08:53:52"
    const list = vehicles(3, k, now - 2 * MIN);
    list[2]!.skewMs = (4 * 60 + 37) * MIN; // a device clock 4 h 37 min ahead: 35 minutes in the future as sent, no whole number of hours off
    await pollCompany(deps(), company.id, 'GLE');
    const [t0] = await trucksLinked(ctx.db, 'GLE', String(list[0]!.id));
    const [stored] = await positionsOf(t0!.id);
    expect(Math.abs(stored!.at.getTime() - (now - 2 * MIN))).toBeLessThan(1000);
    expect(stored!.reportedAt.getTime() - stored!.at.getTime()).toBe(-4 * 3_600_000);
    const [t2] = await trucksLinked(ctx.db, 'GLE', String(list[2]!.id));
    expect(await positionsOf(t2!.id)).toEqual([]);
    const s = await status(company.id);
    expect(s.notice).toBe(
      '1 record skipped: 1 GPS fix in the future. GLE sent times without an offset 4 hours behind the moment they were received; Milepost read them as local times and moved them 4 hours later.',
    );
    expect(s.skipped).toBe(1);
  });

  it.each([
    ['refused (401 invalid_token)', (t: string) => t, "GLE refused the company's token (401 invalid_token)."],
    ['forbidden (403)', (t: string) => (gle.forbid(t), t), "GLE refused the company's token (403 forbidden)."],
  ])('shows a %s token in the sync status, with GLE’s published code', async (_, token, error) => {
    const company = await gleCompany(token(`gle-other-${uid()}`));
    expect(await pollCompany(deps(), company.id, 'GLE')).toBeNull();
    expect(await status(company.id)).toMatchObject({ state: 'FAILED', error });
  });

  it('does nothing for a company without GLE on (its poll chain ends)', async () => {
    const company = await createCompanyRow(ctx.db, { gleEnabled: true });
    expect(await pollCompany(deps(), company.id, 'GLE')).toBe('off');
    expect(await status(company.id)).toMatchObject({ state: 'NEVER' });
  });
});

describe('GLE polling as jobs', () => {
  it('polls every company with GLE on every GLE_POLL_SECONDS, one poll at a time per company', async () => {
    const [v] = vehicles(1, uid());
    const token = 'gle-poll-chain';
    gle.acceptToken(token);
    const second = await gleCompany(token);
    const boss = createBoss(ctx.database);
    await boss.start();
    let polls: Awaited<ReturnType<typeof startGlePolling>> | undefined;
    try {
      polls = await startGlePolling(boss, {
        telematics: { ...deps(), config: { ...ctx.config, GLE_POLL_SECONDS: 2 } },
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        pollingSeconds: 0.5,
      });
      const mine = () => gle.requests.filter((r) => r.authorization === 'Bearer gle-test-token' || r.authorization === `Bearer ${token}`);
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && mine().filter((r) => r.authorization === `Bearer ${token}`).length < 4) await new Promise((r) => setTimeout(r, 200));
      const times = mine()
        .filter((r) => r.authorization === `Bearer ${token}`)
        .map((r) => r.at);
      expect(times.length).toBeGreaterThanOrEqual(4);
      // Each poll comes about GLE_POLL_SECONDS after the one before (never two at once).
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1500);
      expect(gle.maxInFlight(token)).toBe(1);
      expect(await trucksLinked(ctx.db, 'GLE', String(v!.id))).toHaveLength(1);
      while (Date.now() < deadline && (await status(second.id)).state !== 'SUCCEEDED') await new Promise((r) => setTimeout(r, 100));
      expect(await status(second.id)).toMatchObject({ state: 'SUCCEEDED', error: null });
    } finally {
      await polls?.stop(5_000);
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    }
  }, 90_000);
  it("keeps a company's cadence: a poll that waited for a slot queues the next one an interval after it was due, not after it started", async () => {
    vehicles(1, uid());
    const token = `gle-cadence-${uid()}`;
    gle.acceptToken(token);
    const company = await gleCompany(token);
    const boss = createBoss(ctx.database);
    await boss.start();
    let polls: Awaited<ReturnType<typeof startGlePolling>> | undefined;
    try {
      polls = await startGlePolling(boss, {
        telematics: { ...deps(), config: { ...ctx.config, GLE_POLL_SECONDS: 60 } },
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        pollingSeconds: 0.5,
        schedule: false,
      });
      // Due 20 s ago: it waited behind other companies' polls.
      const due = Date.now() - 20_000;
      const sent = await boss.send(GLE_POLL_QUEUE, { companyId: company.id, due }, { singletonKey: String(company.id) });
      const deadline = Date.now() + 30_000;
      let next: { due: number; startAfter: number } | undefined;
      while (!next && Date.now() < deadline) {
        const res = (await ctx.db.execute(
          sql`select (data->>'due')::bigint as due, start_after from pgboss.job where name = ${GLE_POLL_QUEUE} and state = 'created' and (data->>'companyId')::int = ${company.id} and id::text <> ${sent}`,
        )) as unknown as { rows: { due: string | number | null; start_after: string | Date }[] };
        const row = res.rows[0];
        if (row) next = { due: Number(row.due), startAfter: new Date(row.start_after).getTime() };
        else await new Promise((r) => setTimeout(r, 100));
      }
      expect(gle.requests.filter((r) => r.authorization === `Bearer ${token}`)).toHaveLength(1);
      expect(next?.due).toBe(due + 60_000);
      // Forty seconds from now, not sixty: the cadence holds.
      expect(Math.abs(next!.startAfter - (due + 60_000))).toBeLessThan(1_000);
    } finally {
      await polls?.stop(5_000);
      await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    }
  }, 60_000);
});

describe('positions retention', () => {
  it('drops positions outside every trip after POSITIONS_RETENTION_DAYS; those inside a trip window or newer stay', async () => {
    const company = await gleCompany();
    const truck = await createTruckRow(ctx.db, { companyId: company.id, gleVehicleId: `gr-${uid()}` });
    const day = 86_400_000;
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * day);
    const rows = [40, 35, 31, 29, 2].map((d) => ({ truckId: truck.id, provider: 'GLE', reportedAt: at(d), at: at(d), lat: d, lng: -76 }));
    await ctx.db.insert(vehiclePositions).values(rows);
    // A completed trip from 36 to 34 days ago keeps the position of 35 days ago.
    await tripOn(truck.id, at(36), at(34));
    expect(await prunePositions(ctx.db, 30)).toBe(2);
    expect((await positionsOf(truck.id)).map((p) => p.lat)).toEqual([35, 29, 2]);
  });
});

const fixedRoute = fixedHereRoute([1_000, 60]);

async function tripOn(truckId: number, start: Date, end: Date, from = { lat: 40, lng: -76 }, to = { lat: 40.01, lng: -76 }) {
  const driver = await createDriverRow(ctx.db, { truckId });
  return createTrip(ctx.db, fixedRoute, actorId, {
    truckId,
    driverId: driver.id,
    dispatcherId: null,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-${uid()}`,
    tripStatus: 'COMPLETED',
    pickupDateTime: start,
    startDateTime: start,
    endDateTime: end,
    startOdometer: null,
    endOdometer: null,
    emptyMiles: 0,
    loadedMiles: 1,
    notes: null,
    recoveryReasonId: null,
    tripStops: [
      { address: 'From', latitude: from.lat, longitude: from.lng, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, totalDistance: 0, duration: 0 },
      { address: 'To', latitude: to.lat, longitude: to.lng, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1, distance: 1_000, totalDistance: 1_000, duration: 60 },
    ],
  } as Parameters<typeof createTrip>[3]);
}

/**
 * A known drive of exactly 1,000 miles: 10 m steps on the sphere, alternating straights and
 * curves of 5 km radius (a highway's sweeping bends), at 48–64 mph; one fix a second.
 */
function knownDrive(start: { lat: number; lng: number }, startMs: number): { fixes: FakeFix[]; meters: number } {
  const R = 6_371_008.8;
  const total = milesToMetres(1000);
  const step = 10;
  const fixes: FakeFix[] = [];
  let lat = (start.lat * Math.PI) / 180;
  let lng = (start.lng * Math.PI) / 180;
  let heading = Math.PI / 2;
  let t = startMs;
  let s = 0;
  for (let i = 0; s < total; i++) {
    // 8 km straight, then a 5 km-radius curve turning ±60° (about 5.2 km), the sign alternating.
    const cycle = s % 26_000;
    const turning = cycle >= 8_000 && cycle < 13_236 ? 1 : cycle >= 21_000 && cycle < 26_000 ? -1 : 0;
    heading += (turning * step) / 5_000;
    const d = step / R;
    const lat2 = Math.asin(Math.sin(lat) * Math.cos(d) + Math.cos(lat) * Math.sin(d) * Math.cos(heading));
    const lng2 = lng + Math.atan2(Math.sin(heading) * Math.sin(d) * Math.cos(lat), Math.cos(d) - Math.sin(lat) * Math.sin(lat2));
    lat = lat2;
    lng = lng2;
    s += step;
    const mph = 56 + 8 * Math.sin(s / 40_000);
    t += (step / milesToMetres(mph)) * 3_600_000;
    if (fixes.length === 0 || t - fixes[fixes.length - 1]!.time >= 1000)
      fixes.push({ time: Math.round(t), lat: (lat * 180) / Math.PI, lng: (lng * 180) / Math.PI, speedMph: mph, odometerMeters: null });
  }
  return { fixes, meters: s };
}

describe('how accurate a sampled track is', () => {
  it('a known 1,000-mile drive polled every 60 s through the fake gives a GLE figure within 1 % of its exact length', async () => {
    const company = await gleCompany();
    const id = 900_000 + seq++;
    const startMs = Date.UTC(2026, 5, 1, 12, 0, 0);
    const first = { lat: 39.0, lng: -100.0 };
    const { fixes, meters } = knownDrive(first, startMs);
    const last = fixes[fixes.length - 1]!;
    gle.vehicles.push({ id, vin: `acc-${id}`, unitNumber: `ACC ${id}`, driver: null, fixes: [{ ...fixes[0]!, time: startMs - MIN }, ...fixes] });
    gle.zoneHours = -5; // and a wall clock without its offset, for good measure
    let clock = startMs;
    gle.clock = () => clock;
    const d = deps(() => clock + 700); // answers arrive a little after GLE read the clock
    for (; clock <= last.time + 60_000; clock += 60_000) expect(await pollCompany(d, company.id, 'GLE')).not.toBe('busy');
    const [truck] = await trucksLinked(ctx.db, 'GLE', String(id));
    const stored = await positionsOf(truck!.id);
    expect(stored.length).toBeGreaterThan(1000);
    const trip = await tripOn(truck!.id, new Date(startMs - 2 * MIN), new Date(last.time + 2 * MIN), first, { lat: last.lat, lng: last.lng });
    await keepTripFigures(d, trip.id, { now: new Date(last.time + 10 * MIN) });
    const [kept] = await ctx.db
      .select()
      .from(tripMileStats)
      .where(and(eq(tripMileStats.tripId, trip.id), eq(tripMileStats.source, 'GLE')));
    const error = (kept!.totalM! - meters) / meters;
    // What docs/integrations/gle.md states: the chords of 60 s samples cut the bends a little short.
    expect(Math.abs(error)).toBeLessThan(0.01);
    console.info(
      `GLE sampled every 60 s: ${(kept!.totalM! / 1609.344).toFixed(1)} mi for an exact ${(meters / 1609.344).toFixed(1)} mi (${(error * 100).toFixed(2)} %), ${stored.length} positions`,
    );
  }, 240_000);
});
