import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { NOT_FILEABLE_LISTED, stateMilesReport as reportSchema } from '@milepost/contracts/state-miles-api';
import { metresToMiles } from '@milepost/geo/units';
import { tripStateMiles } from '../src/db/schema/trip-statistics';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTripRow, createTruckRow, createUser, signIn } from './factories';

/**
 * The not fileable trips of a State miles period (docs/state-miles.md "Reports"): more of them than
 * the report lists (NOT_FILEABLE_LISTED), so the list stops at its first trips in pickup order while
 * the count and the miles cover them all; cancelled trips, trips outside the period and trips with
 * a counted source are never among them; the worksheet CSV has every one.
 */
let ctx: TestContext;
let token: string;
let companyId: number;
/** The not fileable trips of 2031 Q1, in the order the report lists them (pickup, then trip id). */
const expected: { id: number; number: string; truckId: number; metres: number; companyId: number; at: number; unitNumber: string }[] = [];
const ESTIMATES = NOT_FILEABLE_LISTED + 30;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
  companyId = (await createCompanyRow(ctx.db)).id;
  const other = (await createCompanyRow(ctx.db)).id;
  const mine = await createTruckRow(ctx.db, { companyId });
  const theirs = await createTruckRow(ctx.db, { companyId: other });
  const driver = await createDriverRow(ctx.db);
  const quarterStart = Date.parse('2031-01-01T06:00:00Z'); // midnight Central
  const kinds = [
    // Pickups written out of order (k * 37 % n), two trips sharing each pickup from k = 10 on (ties go by trip id).
    ...Array.from({ length: ESTIMATES }, (_, k) => ({ kind: 'ESTIMATE', at: quarterStart + 3_600_000 * (((k < 10 ? k : 10 + Math.floor(k / 2)) * 37) % ESTIMATES) + 60_000 })),
    { kind: 'GPS', at: quarterStart + 3_600_000 },
    { kind: 'CANCELLED', at: quarterStart + 7_200_000 },
    { kind: 'BEFORE', at: quarterStart - 60_000 },
    { kind: 'AFTER', at: Date.parse('2031-04-01T05:00:00Z') },
  ];
  for (const [k, t] of kinds.entries()) {
    const truck = k % 3 === 0 ? theirs : mine;
    const number = `NF-${1000 + k}`;
    const trip = await createTripRow(ctx.db, {
      truckId: truck.id,
      driverId: driver.id,
      loadNumber: number,
      tripStatus: t.kind === 'CANCELLED' ? 'CANCELLED' : 'COMPLETED',
      pickupDateTime: new Date(t.at),
    });
    const source = t.kind === 'GPS' ? 'GPS' : 'ESTIMATE';
    const parts = [
      ['TX', 10_000 + k * 100],
      ['OK', 20_000 + k],
      ['KS', 5_000],
    ] as const;
    await ctx.db.insert(tripStateMiles).values(
      parts.map(([state, metres]) => ({
        tripId: trip.id,
        source,
        state,
        metres,
        best: true,
        computedFrom: 'test',
        rules: 'test',
        truckId: truck.id,
        pickupDateTime: new Date(t.at),
        cancelled: t.kind === 'CANCELLED',
      })),
    );
    if (t.kind === 'ESTIMATE') {
      expected.push({
        id: trip.id,
        number,
        truckId: truck.id,
        metres: parts.reduce((a, [, m]) => a + m, 0),
        companyId: truck === mine ? companyId : other,
        at: t.at,
        unitNumber: truck.unitNumber,
      });
    }
  }
  expected.sort((a, b) => a.at - b.at || a.id - b.id);
  // The sign-in is then known to the instance: a report's statements are its own.
  await report('');
});
afterAll(() => ctx.close());

async function report(filter: string) {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/state-miles?periodType=QUARTERLY&year=2031&quarter=1${filter}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return reportSchema.parse(res.json<{ data: unknown }>().data);
}

describe('GET /state-miles: more not fileable trips than the report lists', () => {
  it.each([
    ['all trucks', '', () => expected],
    ['one company', () => `&companyId=${companyId}`, () => expected.filter((e) => e.companyId === companyId)],
  ] as const)('%s: the first ones listed in pickup then trip order, every one counted with its miles', async (_name, filter, of) => {
    const want = of();
    const before = ctx.database.statements();
    const got = await report(typeof filter === 'function' ? filter() : filter);
    // The totals, and the listed trips with how many there are: two statements, not a third to count them.
    expect(ctx.database.statements() - before).toBe(2);
    expect(got.notFileable.trips).toBe(want.length);
    expect(got.notFileable.miles).toBeCloseTo(metresToMiles(want.reduce((a, e) => a + e.metres, 0)), 6);
    expect(got.notFileable.items.map((i) => i.tripId)).toEqual(want.slice(0, NOT_FILEABLE_LISTED).map((e) => e.id));
    expect(got.notFileable.items[0]).toMatchObject({ number: want[0]!.number, truckId: want[0]!.truckId });
    expect(got.notFileable.items[0]!.miles).toBeCloseTo(metresToMiles(want[0]!.metres), 6);
    // The GPS trip is the only one counted.
    expect(got.rows.map((r) => r.source)).toEqual(expect.arrayContaining(['GPS']));
  });

  it('fewer than the list holds: all of them listed and counted (one truck)', async () => {
    const truckId = expected[0]!.truckId;
    const got = await report(`&truckId=${truckId}`);
    const want = expected.filter((e) => e.truckId === truckId);
    expect(want.length).toBeLessThan(NOT_FILEABLE_LISTED);
    expect(got.notFileable.trips).toBe(want.length);
    expect(got.notFileable.items.map((i) => i.tripId)).toEqual(want.map((e) => e.id));
  });

  it('the worksheet CSV has a line for every one, by truck unit then pickup', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/state-miles/export.csv?periodType=QUARTERLY&year=2031&quarter=1', token });
    expect(res.statusCode).toBe(200);
    const numbers = res.body
      .split('\n')
      .filter((l) => l.includes('NF-'))
      .map((l) => /NF-\d+/.exec(l)![0]);
    const byUnit = [...expected].sort(
      (a, b) => (a.unitNumber < b.unitNumber ? -1 : a.unitNumber > b.unitNumber ? 1 : 0) || a.truckId - b.truckId || a.at - b.at || (a.number < b.number ? -1 : 1),
    );
    expect(numbers).toEqual(byUnit.map((e) => e.number));
  });
});
