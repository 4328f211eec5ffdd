import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import type { SourceMileStats, TripMileStats } from '@milepost/contracts/mile-stats-api';
import { wgs84Meters } from '@milepost/geo/distance';
import { metresToMiles } from '@milepost/geo/units';
import { tripHistory, tripStops, trips } from '../src/db/schema/trips';
import { saveTrack } from '../src/modules/telematics/tracks';
import { trackFrom } from '../src/modules/telematics/track-codec';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn, createTripSettings } from './factories';
import { FAKE_HERE_KEY, startHereFake, type HereFake } from './fakes/here';
import { straightDrive } from './fakes/telematics-server';

/**
 * Loaded and empty by freight on board (docs/decisions/015-loaded-by-freight-on-board.md):
 * a stop sent without a load status gets the rule's default, one sent with it keeps it; every
 * source (HERE, the estimate, telematics) counts the legs with the stored statuses, and the list,
 * the Mileage Report and the CSV export agree.
 */

let fake: HereFake;
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  fake = await startHereFake();
  ctx = await createTestContext({ ...fake.env(), HERE_TIMEOUT_MS: '2500' });
  await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: false });
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => fake.set({ mode: 'ok', apiKey: FAKE_HERE_KEY }));

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

type Place = readonly [string, number, number];
const HARRISBURG: Place = ['Harrisburg, PA', 40.2732, -76.8867];
const NEWARK: Place = ['Newark, NJ', 40.7357, -74.1724];
const PITTSBURGH: Place = ['Pittsburgh, PA', 40.4406, -79.9959];
const CLEVELAND: Place = ['Cleveland, OH', 41.4993, -81.6944];
const HOUSTON: Place = ['Houston, TX', 29.7604, -95.3698];
const AUSTIN: Place = ['Austin, TX', 30.2672, -97.7431];
const FORT_WORTH: Place = ['Fort Worth, TX', 32.7555, -97.3308];
const DALLAS: Place = ['Dallas, TX', 32.7767, -96.797];
const OKLAHOMA_CITY: Place = ['Oklahoma City, OK', 35.4676, -97.5164];

let seq = 0;
/** Stops as the web sends them, without load statuses unless given; nudged per trip so no two share a cached route. */
function stopsOf(route: [Place, string, string?][]) {
  seq++;
  return route.map(([[address, lat, lng], stopType, loadStatus], orderIndex) => ({
    address: `${address}, United States`,
    latitude: lat + seq * 0.0003,
    longitude: lng,
    stopType,
    ...(loadStatus ? { loadStatus } : {}),
    orderIndex,
  }));
}

/** A completed trip on a Samsara truck, its track stored as a sync stores it: the truck drives stop to stop, an hour a leg. */
async function createTrip(route: [Place, string, string?][]) {
  const company = await createCompanyRow(ctx.db, { samsaraEnabled: true });
  const vehicleId = `sv-${seq}-${Math.random().toString(36).slice(2, 6)}`;
  const truck = await createTruckRow(ctx.db, { companyId: company.id, vehicleId });
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  const tripStopsSent = stopsOf(route);
  // 08:00 to 08:00 the next day, Central (UTC−5 in October).
  const start = new Date(Date.UTC(2026, 9, 5, 13, 0));
  const end = new Date(Date.UTC(2026, 9, 6, 13, 0));
  const res = await api('POST', '/trips', {
    truckId: truck.id,
    driverId: driver.id,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    tripStatus: 'COMPLETED',
    pickupDateTime: '10/05/2026 08:00:00',
    startDateTime: '10/05/2026 08:00:00',
    endDateTime: '10/06/2026 08:00:00',
    tripStops: tripStopsSent,
  });
  expect(res.statusCode, res.body).toBe(201);
  const trip = res.json().data;
  // At 50 mph along the straight line, a minute between fixes, ten minutes at each stop.
  let odometer = 500_000_000;
  let at = start.getTime() + 60_000;
  const fixes = tripStopsSent.slice(1).flatMap((s, k) => {
    const from = tripStopsSent[k]!;
    const minutes = Math.ceil((metresToMiles(wgs84Meters({ lat: from.latitude, lng: from.longitude }, { lat: s.latitude, lng: s.longitude })) / 50) * 60);
    const leg = straightDrive({ lat: from.latitude, lng: from.longitude }, { lat: s.latitude, lng: s.longitude }, new Date(at), minutes, odometer);
    odometer = leg.at(-1)!.odometerMeters!;
    at = leg.at(-1)!.time + 10 * 60_000;
    return leg;
  });
  expect(at).toBeLessThan(end.getTime());
  await saveTrack(
    ctx.db,
    trip.id,
    'SAMSARA',
    vehicleId,
    start,
    end,
    trackFrom(
      fixes.map((f) => ({ time: f.time, lat: f.lat, lng: f.lng, speedMph: f.speedMph })),
      fixes.map((f) => ({ time: f.time, meters: f.odometerMeters! })),
      'OBD',
    ),
  );
  return trip as {
    id: number;
    version: number;
    truckId: number;
    routeSource: string;
    tripStops: { loadStatus: string; loadStatusExplicit: boolean; stopType: string; address: string }[];
  };
}

const statuses = (stats: SourceMileStats) => stats.legs.map((l) => (l.loadStatus === 'LOADED' ? 'L' : 'E')).join(' ');
/** Miles, Total Empty, PU and TRL summed from a source's own legs by the statuses they were counted with. */
function expectFiguresFollowLegs(stats: SourceMileStats) {
  const sum = (pick: (l: SourceMileStats['legs'][number]) => boolean) => stats.legs.filter(pick).reduce((a, l) => a + (l.miles ?? 0), 0);
  expect(stats.miles).toBeCloseTo(
    sum((l) => l.loadStatus === 'LOADED'),
    6,
  );
  expect(stats.totalEmpty).toBeCloseTo(
    sum((l) => l.loadStatus === 'EMPTY'),
    6,
  );
  expect(stats.pu).toBeCloseTo(
    sum((l) => l.loadStatus === 'EMPTY' && l.stopType === 'PICKUP'),
    6,
  );
  expect(stats.trl).toBeCloseTo(
    sum((l) => l.loadStatus === 'EMPTY' && l.stopType === 'TRAILER'),
    6,
  );
  expect(stats.legs.every((l) => l.miles !== null && l.miles > 10)).toBe(true);
}

async function mileStats(id: number): Promise<TripMileStats> {
  const res = await api('GET', `/mile-stats/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function listRow(trip: { id: number; truckId: number }) {
  const rows = (await api('GET', `/trips?truckId=${trip.truckId}`)).json().data.content as Record<string, unknown>[];
  return rows.find((r) => r.id === trip.id)!;
}

const ROUTES: { name: string; route: [Place, string][]; legs: string; pickup: string; delivery: string }[] = [
  {
    name: 'a second pickup (LD-786695)',
    route: [
      [HARRISBURG, 'START'],
      [NEWARK, 'PICKUP'],
      [PITTSBURGH, 'PICKUP'],
      [CLEVELAND, 'DELIVERY'],
    ],
    legs: 'E L L',
    pickup: 'Newark',
    delivery: 'Cleveland',
  },
  {
    name: 'a trailer stop after the pickup (LD-784700)',
    route: [
      [HOUSTON, 'START'],
      [AUSTIN, 'PICKUP'],
      [FORT_WORTH, 'TRAILER'],
      [DALLAS, 'DELIVERY'],
    ],
    legs: 'E L L',
    pickup: 'Austin',
    delivery: 'Dallas',
  },
  {
    name: 'a round trip home',
    route: [
      [DALLAS, 'START'],
      [FORT_WORTH, 'PICKUP'],
      [OKLAHOMA_CITY, 'DELIVERY'],
      [DALLAS, 'HOME'],
    ],
    legs: 'E L E',
    pickup: 'Fort Worth',
    delivery: 'Oklahoma City',
  },
];

describe.each([
  ['HERE', 'ok'],
  ['ESTIMATE', 'server-error'],
] as const)('the split by freight on board, routed by %s, and by Samsara', (source, mode) => {
  it.each(ROUTES)('$name: $legs on every source, the list and the CSV', async ({ route, legs, pickup, delivery }) => {
    fake.set({ mode, apiKey: FAKE_HERE_KEY });
    const trip = await createTrip(route);
    expect(trip.routeSource).toBe(source);
    // The server filled the defaults and says they are defaults.
    expect(trip.tripStops.map((s) => s.loadStatusExplicit)).toEqual(route.map(() => false));
    expect(
      trip.tripStops
        .slice(1)
        .map((s) => s.loadStatus[0])
        .join(' '),
    ).toBe(legs);

    const stats = await mileStats(trip.id);
    for (const s of [stats.hereStats!, stats.samsaraStats!]) {
      expect(statuses(s)).toBe(legs);
      expectFiguresFollowLegs(s);
    }
    expect(stats.hereStats!.legs.every((l) => l.method === source)).toBe(true);
    // The Mileage Report's routing row names its source: "Estimate" when no HERE route was used.
    expect(stats.routeSource).toBe(source);
    if (legs === 'E L L') {
      expect(stats.hereStats!.trl).toBe(0);
      expect(stats.hereStats!.totalEmpty).toBeCloseTo(stats.hereStats!.legs[0]!.miles!, 6);
    }

    // The list (and its CSV) read the same figures, and the real pickup and delivery places.
    const row = await listRow(trip);
    for (const f of ['miles', 'totalEmpty', 'pu', 'trl', 'totalMiles'] as const) expect(row[f]).toBeCloseTo(stats.hereStats![f]!, 6);
    expect(String(row.pickupLocation)).toMatch(new RegExp(`^${pickup},`));
    expect(String(row.deliveryLocation)).toMatch(new RegExp(`^${delivery},`));
    const csv = parse((await api('GET', `/trips/export.csv?truckId=${trip.truckId}`)).body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    const line = csv.find((l) => l['Load/Trailer'] === row.loadNumber)!;
    expect(line['Delivery Location']).toBe(row.deliveryLocation);
    expect(line['Pickup Location']).toBe(row.pickupLocation);
    for (const [header, f] of [
      ['Miles (mi)', 'miles'],
      ['Total Empty (mi)', 'totalEmpty'],
      ['PU (mi)', 'pu'],
      ['TRL (mi)', 'trl'],
      ['TOTAL MILES (mi)', 'totalMiles'],
    ] as const) {
      expect(Number(line[header])).toBeCloseTo(stats.hereStats![f]!, 1);
    }
    expect(line['Route source']).toBe(source === 'HERE' ? 'HERE' : 'Estimate');
  });
});

describe('a dispatcher’s explicit choice', () => {
  it('is kept; the other stops are re-derived when stops change, and the history records only what changed', async () => {
    // The dispatcher says the truck ran empty to the second pickup (the first one was only paperwork).
    const trip = await createTrip([
      [HARRISBURG, 'START'],
      [NEWARK, 'PICKUP'],
      [PITTSBURGH, 'PICKUP', 'EMPTY'],
      [CLEVELAND, 'DELIVERY'],
    ]);
    expect(trip.tripStops.map((s) => [s.loadStatus, s.loadStatusExplicit])).toEqual([
      ['EMPTY', false],
      ['EMPTY', false],
      ['EMPTY', true],
      ['LOADED', false],
    ]);
    const stats = await mileStats(trip.id);
    expect(statuses(stats.hereStats!)).toBe('E E L');
    expect(statuses(stats.samsaraStats!)).toBe('E E L');
    expect(stats.hereStats!.pu).toBeCloseTo(stats.hereStats!.legs[0]!.miles! + stats.hereStats!.legs[1]!.miles!, 6);

    // The editor sends back the choice and leaves the defaults out; a final HOME stop is added.
    const detail = (await api('GET', `/trips/${trip.id}`)).json().data;
    const sent = detail.tripStops.map((s: Record<string, unknown>) => ({
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
      stopType: s.stopType,
      orderIndex: s.orderIndex,
      ...(s.loadStatusExplicit ? { loadStatus: s.loadStatus } : {}),
    }));
    sent.push({ address: 'Harrisburg, PA, United States', latitude: HARRISBURG[1], longitude: HARRISBURG[2], stopType: 'HOME', orderIndex: 4, loadStatus: null });
    const { id, version, truckId, driverId, identifierType, loadNumber, tripStatus, pickupDateTime, startDateTime, endDateTime } = detail;
    const res = await api('PUT', `/trips/${id}`, {
      truckId,
      driverId,
      identifierType,
      identifierValue: loadNumber,
      tripStatus,
      pickupDateTime,
      startDateTime,
      endDateTime,
      version,
      tripStops: sent,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tripStops.map((s: { loadStatus: string; loadStatusExplicit: boolean }) => [s.loadStatus, s.loadStatusExplicit])).toEqual([
      ['EMPTY', false],
      ['EMPTY', false],
      ['EMPTY', true],
      ['LOADED', false],
      ['EMPTY', false],
    ]);
    const history = await ctx.db.select().from(tripHistory).where(eq(tripHistory.tripId, id));
    expect(history.map((h) => h.columnName).sort()).toEqual(['ADDED_STOP_5', 'TRIP_STATUS'].sort());
    expect(statuses((await mileStats(id)).hereStats!)).toBe('E E L E');
  });

  it('a stop sent with the rule’s own value is still a choice: moving the stops does not change it', async () => {
    const trip = await createTrip([
      [DALLAS, 'START'],
      [FORT_WORTH, 'PICKUP', 'EMPTY'],
      [OKLAHOMA_CITY, 'DELIVERY', 'LOADED'],
    ]);
    expect(trip.tripStops.map((s) => s.loadStatusExplicit)).toEqual([false, true, true]);
    const row = await ctx.db.select().from(tripStops).where(eq(tripStops.tripId, trip.id)).orderBy(asc(tripStops.orderIndex));
    expect(row.map((s) => s.loadStatusExplicit)).toEqual([false, true, true]);
  });

  it('refuses a load status that is not EMPTY or LOADED', async () => {
    const truck = await createTruckRow(ctx.db);
    const driver = await createDriverRow(ctx.db, { truckId: truck.id });
    const res = await api('POST', '/trips', {
      truckId: truck.id,
      driverId: driver.id,
      identifierType: 'LOAD_NUMBER',
      identifierValue: 'LD-BAD',
      tripStatus: 'UPCOMING',
      pickupDateTime: '10/05/2026 08:00:00',
      tripStops: stopsOf([[DALLAS, 'START', 'FULL']]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('body.tripStops.0.loadStatus');
  });
});

describe('POST /trips/recompute-routes', () => {
  it('brings trips saved under the old reading in line, keeping explicit choices', async () => {
    const a = await createTrip([
      [HARRISBURG, 'START'],
      [NEWARK, 'PICKUP'],
      [PITTSBURGH, 'PICKUP'],
      [CLEVELAND, 'DELIVERY'],
    ]);
    const b = await createTrip([
      [HOUSTON, 'START'],
      [AUSTIN, 'PICKUP'],
      [FORT_WORTH, 'TRAILER', 'EMPTY'],
      [DALLAS, 'DELIVERY'],
    ]);
    // What a save before decision 015 stored: each stop's status from the type table, and figures to match.
    for (const t of [a, b]) {
      const rows = await ctx.db.select().from(tripStops).where(eq(tripStops.tripId, t.id)).orderBy(asc(tripStops.orderIndex));
      for (const s of rows)
        if (!s.loadStatusExplicit)
          await ctx.db
            .update(tripStops)
            .set({ loadStatus: s.stopType === 'DELIVERY' ? 'LOADED' : 'EMPTY' })
            .where(eq(tripStops.id, s.id));
      const loaded = rows.filter((s) => s.stopType === 'DELIVERY').reduce((x, s) => x + s.distance!, 0);
      await ctx.db.update(trips).set({ routeM: loaded }).where(eq(trips.id, t.id));
    }
    const res = await api('POST', '/trips/recompute-routes', { tripIds: [a.id, b.id], onlyMissing: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recomputed).toBe(2);
    const [sa, sb] = [await mileStats(a.id), await mileStats(b.id)];
    expect(statuses(sa.hereStats!)).toBe('E L L');
    expect(statuses(sb.hereStats!)).toBe('E E L');
    expect(statuses(sa.samsaraStats!)).toBe('E L L');
    const row = await listRow(a);
    expect(row.miles).toBeCloseTo(sa.hereStats!.legs[1]!.miles! + sa.hereStats!.legs[2]!.miles!, 6);
    // Newark → Pittsburgh (about 280 miles in a straight line) is loaded now.
    expect(row.miles as number).toBeGreaterThan(280);
  });
});
