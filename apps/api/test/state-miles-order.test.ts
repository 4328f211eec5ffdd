import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { stateMilesReport as reportSchema } from '@milepost/contracts/state-miles-api';
import { metresToMiles } from '@milepost/geo/units';
import { stateMilesQuarterly } from '../src/db/schema/trip-statistics';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createTruckRow, createUser, signIn } from './factories';

/**
 * GET /state-miles orders its rows in SQL (docs/state-miles.md "Reading"): the worksheet's order —
 * state, truck unit, truck id, source, each compared by code points — and the trucks' totals by
 * unit then id. This test writes a quarter's totals directly, with unit numbers whose code-point
 * order differs from a dictionary's (case, digits, accents), and
 * checks the answer against that order worked out here.
 */
let ctx: TestContext;
let token: string;
let companyId: number;
const QUARTER = '2031-01-01';
const codePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Row {
  truckId: number;
  unitNumber: string;
  state: string;
  source: string;
  metres: number;
  trips: number;
}
const rows: Row[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
  companyId = (await createCompanyRow(ctx.db)).id;
  const other = (await createCompanyRow(ctx.db)).id;
  const units = ['b-7', 'B-8', '10', '9', 'Zed', 'ähm', 'a'];
  const mine = [];
  for (const unitNumber of units) mine.push(await createTruckRow(ctx.db, { unitNumber, companyId }));
  const elsewhere = await createTruckRow(ctx.db, { unitNumber: 'AAA-other', companyId: other });
  const states = ['TX', 'IL', 'OUT', 'IN', 'OK'];
  let n = 0;
  for (const truck of mine) {
    for (const state of states) {
      // Not every truck in every state, and a truck with estimates only ('a').
      n++;
      if ((n * 7) % 3 === 0) continue;
      for (const source of truck.unitNumber === 'a' ? ['ESTIMATE'] : ['ROUTE', 'GPS', 'ESTIMATE']) {
        if (source === 'ESTIMATE' && n % 2) continue;
        rows.push({
          truckId: truck.id,
          unitNumber: truck.unitNumber,
          state,
          source,
          metres: 10_000 + ((n * 7919 + source.length * 104_729) % 900_000) + n / 7,
          trips: 1 + (n % 4),
        });
      }
    }
  }
  const phantom = { truckId: 2_000_000_001, unitNumber: '', state: 'TX', source: 'GPS', metres: 5, trips: 1 };
  const foreign = { truckId: elsewhere.id, unitNumber: elsewhere.unitNumber, state: 'TX', source: 'GPS', metres: 7, trips: 1 };
  await ctx.db
    .insert(stateMilesQuarterly)
    .values([...rows, phantom, foreign].map((r) => ({ quarter: QUARTER, truckId: r.truckId, state: r.state, source: r.source, metres: r.metres, trips: r.trips })));
  // The report of all trucks has the other company's truck too (not the phantom's row: no such truck).
  rows.push(foreign);
});
afterAll(() => ctx.close());

async function report(filter: string) {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/state-miles?periodType=QUARTERLY&year=2031&quarter=1${filter}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return reportSchema.parse(res.json<{ data: unknown }>().data);
}

function expected(of: Row[]) {
  const counted = of.filter((r) => r.source !== 'ESTIMATE');
  const sorted = [...counted].sort((a, b) => codePoints(a.state, b.state) || codePoints(a.unitNumber, b.unitNumber) || a.truckId - b.truckId || codePoints(a.source, b.source));
  const trucks = [...new Map(counted.map((r) => [r.truckId, r.unitNumber]))].sort(([ia, ua], [ib, ub]) => codePoints(ua, ub) || ia - ib);
  const byState = new Map<string, number>();
  for (const r of counted) byState.set(r.state, (byState.get(r.state) ?? 0) + r.metres);
  return {
    rows: sorted.map((r) => `${r.state} ${r.unitNumber} ${r.truckId} ${r.source} ${r.trips}`),
    trucks: trucks.map(([id, unit]) => `${id} ${unit}`),
    states: [...byState].sort(([sa, a], [sb, b]) => b - a || codePoints(sa, sb)).map(([s]) => s),
    estimateMiles: metresToMiles(of.filter((r) => r.source === 'ESTIMATE').reduce((a, r) => a + r.metres, 0)),
  };
}

describe('GET /state-miles ordered by the database', () => {
  it.each([
    ['one company', () => `&companyId=${companyId}`, () => rows.filter((r) => r.unitNumber !== 'AAA-other')],
    ['all trucks', () => '', () => rows],
  ])('%s: rows by state, unit (code points), truck id and source; trucks by unit then id; estimates apart', async (_name, filter, of) => {
    const got = await report(filter());
    const want = expected(of());
    expect(got.rows.map((r) => `${r.state} ${r.unitNumber} ${r.truckId} ${r.source} ${r.trips}`)).toEqual(want.rows);
    expect(got.trucks.map((t) => `${t.truckId} ${t.unitNumber}`)).toEqual(want.trucks);
    expect(got.states.map((s) => s.state)).toEqual(want.states);
    expect(got.notFileable.miles).toBeCloseTo(want.estimateMiles, 1);
    // Code points, not a dictionary: '10' before '9', 'B-8' and 'Zed' before 'b-7', 'b-7' before 'ähm' ('a' has estimates only).
    expect(got.trucks.map((t) => t.unitNumber).filter((u) => u !== 'AAA-other')).toEqual(['10', '9', 'B-8', 'Zed', 'b-7', 'ähm']);
  });

  it('every figure is its rows’ metres added in the worksheet’s order, then converted: the same double to the last bit', async () => {
    const got = await report(`&companyId=${companyId}`);
    const counted = rows
      .filter((r) => r.unitNumber !== 'AAA-other' && r.source !== 'ESTIMATE')
      .sort((a, b) => codePoints(a.state, b.state) || codePoints(a.unitNumber, b.unitNumber) || a.truckId - b.truckId || codePoints(a.source, b.source));
    // Fractional metres: a sum in another order could differ in its last bits.
    expect(counted.some((r) => !Number.isInteger(r.metres))).toBe(true);
    const add = (of: Row[]) => of.reduce((sum, r) => sum + r.metres, 0);
    const gps = (of: Row[]) => add(of.filter((r) => r.source === 'GPS'));
    const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
    expect(got.rows.map((r) => r.miles)).toEqual(counted.map((r) => metresToMiles(r.metres)));
    for (const s of got.states) {
      const of = counted.filter((r) => r.state === s.state);
      expect(s).toEqual({ state: s.state, miles: metresToMiles(add(of)), trips: of.reduce((n, r) => n + r.trips, 0), gpsShare: share(gps(of), add(of)) });
    }
    for (const t of got.trucks) {
      const of = counted.filter((r) => r.truckId === t.truckId);
      expect(t).toEqual({ truckId: t.truckId, unitNumber: t.unitNumber, miles: metresToMiles(add(of)), gpsShare: share(gps(of), add(of)) });
    }
    expect(got.totalMiles).toBe(metresToMiles(add(counted)));
    expect(got.gpsShare).toBe(share(gps(counted), add(counted)));
  });
});
