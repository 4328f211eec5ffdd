import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { permissions } from '../src/db/schema/access';
import { buildApp } from '../src/app';
import { createAppDeps, silentLogger } from '../src/app-deps';
import { call, createTestContext, usePostgres, type TestContext } from './harness';
import { createDriverRow, createTruckRow, createUser, setUserActive, signIn } from './factories';

/**
 * What the hot reads ask of the database, counted through the database client (a figure that does
 * not depend on the machine, unlike their time; docs/trips-query-plans.md, "The API's own cost"),
 * and the sign-in check each instance keeps instead of reading it on every request
 * (docs/decisions/002-sessions-and-tokens.md, "The sign-in check per request").
 */
let ctx: TestContext;
let owner: string;
let tripId: number;
const tripIds: number[] = [];

const stops = [
  { address: 'Chicago, IL, United States', latitude: 41.878113, longitude: -87.629799, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, duration: 0 },
  { address: 'Gary, IN, United States', latitude: 41.593369, longitude: -87.346427, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 1, distance: 40_000, duration: 2400 },
  {
    address: 'Dallas, TX, United States',
    latitude: 32.776665,
    longitude: -96.796989,
    stopType: 'DELIVERY',
    loadStatus: 'LOADED',
    orderIndex: 2,
    distance: 1_500_000,
    duration: 54000,
  },
];

beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
  for (let i = 0; i < 3; i++) {
    const truck = await createTruckRow(ctx.db);
    const driver = await createDriverRow(ctx.db, { truckId: truck.id });
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/trips',
      token: owner,
      payload: {
        truckId: truck.id,
        driverId: driver.id,
        identifierType: 'LOAD_NUMBER',
        identifierValue: `LD-COST-${i}`,
        tripStatus: 'COMPLETED',
        pickupDateTime: '08/20/2026 08:30:00',
        startDateTime: '08/20/2026 08:00:00',
        endDateTime: '08/21/2026 18:00:00',
        tripStops: stops,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    tripId = res.json<{ data: { id: number } }>().data.id;
    tripIds.push(tripId);
  }
});
afterAll(() => ctx.close());

/** Statements one signed-in GET sends, and the rows the database answers them, once its sign-in is known to the instance. */
async function costOf(url: string, token = owner, app = ctx.app): Promise<{ statements: number; rows: number }> {
  const warm = await call(app, { method: 'GET', url: `/api/v1${url}`, token });
  expect(warm.statusCode, warm.body).toBe(200);
  const before = { statements: ctx.database.statements(), rows: ctx.database.rowsReturned() };
  const res = await call(app, { method: 'GET', url: `/api/v1${url}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return { statements: ctx.database.statements() - before.statements, rows: ctx.database.rowsReturned() - before.rows };
}

/** Statements one signed-in GET sends. */
const statementsOf = async (url: string, token = owner, app = ctx.app) => (await costOf(url, token, app)).statements;

describe('statements and rows per request (a regression guard: more means a change to look at)', () => {
  it('GET /trips: the page and its total in one statement answering one row (the page as JSON), no sign-in read', async () => {
    expect(await costOf('/trips?page=0&size=50')).toEqual({ statements: 1, rows: 1 });
    expect(await costOf('/trips?page=0&size=50&tripStatus=COMPLETED&sort=driverName,asc')).toEqual({ statements: 1, rows: 1 });
  });

  it('GET /mileage-review: the page with its counts in one statement answering one row', async () => {
    expect(await costOf('/mileage-review?status=NEEDS_REVIEW&size=50')).toEqual({ statements: 1, rows: 1 });
  });

  it('GET /state-miles: the quarter’s rows, states and trucks written as JSON by PostgreSQL in one row, and the first not-fileable trips: two statements side by side', async () => {
    const cost = await costOf('/state-miles?periodType=QUARTERLY&year=2026&quarter=3');
    expect(cost.statements).toBe(2);
    const { data } = (await call(ctx.app, { method: 'GET', url: '/api/v1/state-miles?periodType=QUARTERLY&year=2026&quarter=3', token: owner })).json<{
      data: { rows: unknown[]; notFileable: { items: unknown[] } };
    }>();
    // One row for the quarter's figures, however many truck × state × source rows it holds, and the listed trips: nothing more.
    const stored = (await ctx.db.execute(sql`select count(*)::int as n from state_miles_quarterly where quarter = '2026-07-01' and trips > 0`)) as unknown as {
      rows: { n: number }[];
    };
    expect(stored.rows[0]!.n).toBeGreaterThan(0);
    expect(data.rows.length).toBeLessThanOrEqual(stored.rows[0]!.n);
    expect(cost.rows).toBe(1 + data.notFileable.items.length);
  });

  it('GET /mile-stats/{tripId}: the trip, its stops, kept figures, tracks and its review row in one statement answering one row', async () => {
    // The review row (what "Use these miles" and the beyond-tolerance marker read) is a column of the same statement.
    expect(await costOf(`/mile-stats/${tripId}`)).toEqual({ statements: 1, rows: 1 });
    // … and it is the trip's own row, or none when the trip has none.
    const reviewOfTrip = async (id: number) =>
      (await call(ctx.app, { method: 'GET', url: `/api/v1/mile-stats/${id}`, token: owner })).json<{ data: { review?: unknown } }>().data.review;
    const stored = async (id: number) =>
      (
        (await ctx.db.execute(sql`select status, rule_basis as "payBasis", rule_tolerance_pct as "tolerancePct" from trip_review where trip_id = ${id}`)) as unknown as {
          rows: { status: string; payBasis: string; tolerancePct: number }[];
        }
      ).rows[0];
    const row = await stored(tripIds[2]!);
    expect(row).toBeDefined();
    expect(await reviewOfTrip(tripIds[2]!)).toEqual({ status: row!.status, payBasis: row!.payBasis, tolerancePct: Number(row!.tolerancePct) });
    await ctx.db.execute(sql`delete from trip_review where trip_id = ${tripIds[0]!}`);
    expect(await reviewOfTrip(tripIds[0]!)).toBeUndefined();
  });
});

describe('prepared once per connection (docs/trips-query-plans.md "Prepared once per connection")', () => {
  it.runIf(usePostgres())(
    'PostgreSQL: the trips page, the review queue and the Mileage Report read are named statements, parsed once per connection and planned per request',
    async () => {
      const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = proto.query;
      const names: (string | undefined)[] = [];
      proto.query = function (this: unknown, ...args: unknown[]) {
        const [config] = args;
        if (config && typeof config === 'object') names.push((config as { name?: string }).name);
        return original.apply(this, args);
      };
      try {
        for (const url of [
          '/trips?page=0&size=50',
          '/trips?page=1&size=50',
          '/mileage-review?status=NEEDS_REVIEW',
          '/mileage-review?status=READY',
          `/mile-stats/${tripIds[0]}`,
          `/mile-stats/${tripIds[1]}`,
        ]) {
          const res = await call(ctx.app, { method: 'GET', url: `/api/v1${url}`, token: owner });
          expect(res.statusCode, res.body).toBe(200);
        }
      } finally {
        proto.query = original;
      }
      const named = names.filter((n) => n?.startsWith('milepost_'));
      // Three statements, each asked twice with other values: three names, each sent twice.
      expect(named).toHaveLength(6);
      expect(new Set(named).size).toBe(3);
      // Each run is planned for its own values (a plan made once could suit one filter and not another).
      const mode = (await ctx.db.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as { rows: { mode: string }[] };
      expect(mode.rows[0]!.mode).toBe('force_custom_plan');
    },
  );
});

describe('the sign-in check kept by each instance', () => {
  it('reads the sign-in once; a logout, a deactivation or a permission withdrawn applies to the very next request', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const first = await signIn(ctx.app, user);
    expect(await statementsOf('/trips?page=0&size=5', first.accessToken)).toBe(1);

    // A permission disabled by hand in the database (no request of this instance wrote it).
    await ctx.db.update(permissions).set({ enabled: false }).where(eq(permissions.name, 'CAN_SHOW_TRIPS'));
    try {
      expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: first.accessToken })).statusCode).toBe(403);
    } finally {
      await ctx.db.update(permissions).set({ enabled: true }).where(eq(permissions.name, 'CAN_SHOW_TRIPS'));
    }
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: first.accessToken })).statusCode).toBe(200);

    // Logged out through the API: the access token, still unexpired, stops working at once.
    expect((await call(ctx.app, { method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: first.refreshToken } })).statusCode).toBe(200);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: first.accessToken })).statusCode).toBe(401);

    const second = await signIn(ctx.app, user);
    expect(await statementsOf('/trips?page=0&size=5', second.accessToken)).toBe(1);
    await setUserActive(ctx.db, user.id, false);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: second.accessToken })).statusCode).toBe(401);
  });

  it('a request that may have written (any method but GET and HEAD, even refused) makes its instance read the sign-in again; a read does not', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const { accessToken } = await signIn(ctx.app, user);
    expect(await statementsOf('/trips?page=0&size=5', accessToken)).toBe(1);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: accessToken })).statusCode).toBe(200);
    expect(await statementsOf('/trips?page=0&size=5', accessToken)).toBe(1);
    expect((await call(ctx.app, { method: 'POST', url: '/api/v1/trips', token: accessToken, payload: {} })).statusCode).toBe(403);
    const before = ctx.database.statements();
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: accessToken })).statusCode).toBe(200);
    // The sign-in read again, then the page.
    expect(ctx.database.statements() - before).toBe(2);
  });

  it('two instances on one database: a sign-in ended through one is refused by the other on its next request', async () => {
    const other = await buildApp({ deps: createAppDeps({ config: ctx.config, database: ctx.database, jwtSecret: ctx.jwtSecret, secretKey: ctx.secretKey, log: silentLogger() }) });
    try {
      await other.ready();
      const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
      const tokens = await signIn(ctx.app, user);
      // The other instance keeps the sign-in: its second request reads only the page.
      expect(await statementsOf('/trips?page=0&size=5', tokens.accessToken, other)).toBe(1);
      expect((await call(ctx.app, { method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: tokens.refreshToken } })).statusCode).toBe(200);
      expect((await call(other, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: tokens.accessToken })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it.runIf(usePostgres())('PostgreSQL: when the listening connection drops, what was kept is forgotten, and a change made meanwhile still applies', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const tokens = await signIn(ctx.app, user);
    expect(await statementsOf('/trips?page=0&size=5', tokens.accessToken)).toBe(1);
    const listener = async () =>
      (
        (await ctx.db.execute(sql`select pid from pg_stat_activity where application_name = 'milepost-listen' and datname = current_database()`)) as unknown as {
          rows: { pid: number }[];
        }
      ).rows.map((r) => r.pid);
    const [before] = await listener();
    expect(before).toBeDefined();
    await ctx.db.execute(sql`select pg_terminate_backend(${before})`);
    // Deactivated while the instance may not be listening: the notification can be lost.
    await setUserActive(ctx.db, user.id, false);
    await expect.poll(async () => (await listener()).filter((pid) => pid !== before).length, { timeout: 30_000, interval: 100 }).toBe(1);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token: tokens.accessToken })).statusCode).toBe(401);
    // Listening again: sign-ins are kept again.
    await setUserActive(ctx.db, user.id, true);
    const again = await signIn(ctx.app, user);
    expect(await statementsOf('/trips?page=0&size=5', again.accessToken)).toBe(1);
  });
});
