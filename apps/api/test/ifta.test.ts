import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IFTA_MESSAGES,
  iftaReturn as returnSchema,
  type FuelImportResult,
  type FuelPurchaseRow,
  type IftaRates,
  type IftaReturn,
  type IftaReturnTrip,
} from '@milepost/contracts/ifta-api';
import type { Paged } from '@milepost/contracts/api';
import type { PermissionName } from '@milepost/contracts/permissions';
import { PERMISSION_NAMES, SEEDED_ROLES } from '@milepost/contracts/permissions';
import { milesToMetres } from '@milepost/geo/units';
import { JURISDICTION_RULES } from '@milepost/geo/jurisdictions';
import { tripStateMiles } from '../src/db/schema/trip-statistics';
import { trips } from '../src/db/schema/trips';
import { isFileable } from '../src/modules/ifta-return/service';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn } from './factories';

let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
}, 120_000);
afterAll(() => ctx?.close());

const as = async (perms: PermissionName[]) => (await signIn(ctx.app, await createUser(ctx.db, { permissions: perms }))).accessToken;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner) =>
  call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
async function ok<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner, status = 200): Promise<T> {
  const res = await api(method, url, payload, token);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<{ data: T }>().data;
}

/** A company with one truck and its driver. */
async function fleet(trucks = 1) {
  const company = await createCompanyRow(ctx.db);
  const list = [];
  for (let i = 0; i < trucks; i++) list.push(await createTruckRow(ctx.db, { companyId: company.id }));
  const driver = await createDriverRow(ctx.db);
  return { company, trucks: list, driver };
}

/** A trip of `truckId` picked up at `pickup` whose best (only) split is `source`, miles per state. */
async function tripWith(truckId: number, driverId: number, pickup: string, source: 'GPS' | 'ROUTE' | 'ESTIMATE', miles: Record<string, number>) {
  const pickupDateTime = new Date(pickup);
  const [trip] = await ctx.db
    .insert(trips)
    .values({ truckId, driverId, identifierType: 'LOAD_NUMBER', loadNumber: `L-${Math.random().toString(36).slice(2, 8)}`, tripStatus: 'COMPLETED', pickupDateTime })
    .returning({ id: trips.id });
  await ctx.db.insert(tripStateMiles).values(
    Object.entries(miles).map(([state, mi]) => ({
      tripId: trip!.id,
      source,
      state,
      metres: milesToMetres(mi),
      best: true,
      computedFrom: 'test',
      rules: JURISDICTION_RULES,
      truckId,
      pickupDateTime,
    })),
  );
  return trip!.id;
}

const purchase = (truckId: number, over: Record<string, unknown> = {}) => ({
  truckId,
  purchasedAt: '07/10/2026 08:30:00',
  jurisdiction: 'IN',
  gallons: 120.5,
  amount: 480.12,
  vendor: 'Pilot #412',
  city: 'Gary',
  ...over,
});

describe('fuel purchases', () => {
  it('are recorded, listed paged by company, truck and dates, changed with their version (stale: 409) and deleted', async () => {
    const { company, trucks } = await fleet(2);
    const [a, b] = [trucks[0]!, trucks[1]!];
    const first = await ok<FuelPurchaseRow>('POST', '/fuel-purchases', purchase(a.id), owner, 201);
    expect(first).toMatchObject({
      companyId: company.id,
      truckId: a.id,
      unitNumber: a.unitNumber,
      purchasedAt: '07/10/2026 08:30:00',
      jurisdiction: 'IN',
      gallons: 120.5,
      amount: 480.12,
      version: 1,
    });
    await ok('POST', '/fuel-purchases', purchase(a.id, { purchasedAt: '08/01/2026 12:00:00', jurisdiction: 'on', gallons: 99.999, amount: null }), owner, 201);
    await ok('POST', '/fuel-purchases', purchase(b.id, { purchasedAt: '09/30/2026 23:59:59' }), owner, 201);

    const all = await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}&size=2`);
    expect(all.totalElements).toBe(3);
    expect(all.totalPages).toBe(2);
    expect(all.content.map((p) => p.purchasedAt)).toEqual(['07/10/2026 08:30:00', '08/01/2026 12:00:00']);
    expect(all.content[1]).toMatchObject({ jurisdiction: 'ON', gallons: 99.999, amount: null });
    const ofB = await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?truckId=${b.id}`);
    expect(ofB.content.map((p) => p.truckId)).toEqual([b.id]);
    const july = await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}&fromDate=07/01/2026 00:00:00&toDate=07/31/2026 23:59:59`);
    expect(july.content.map((p) => p.id)).toEqual([first.id]);

    const changed = await ok<FuelPurchaseRow>('PUT', `/fuel-purchases/${first.id}`, { ...purchase(a.id, { gallons: 130 }), version: 1 });
    expect(changed).toMatchObject({ gallons: 130, version: 2 });
    const stale = await api('PUT', `/fuel-purchases/${first.id}`, { ...purchase(a.id, { gallons: 140 }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: IFTA_MESSAGES.stale });

    // The same truck, time and gallons once more is the same purchase.
    const twice = await api('POST', '/fuel-purchases', purchase(a.id, { gallons: 130 }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_EXISTS', message: IFTA_MESSAGES.duplicate });

    expect((await api('DELETE', `/fuel-purchases/${first.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/fuel-purchases/${first.id}`)).json()).toMatchObject({ code: 'NOT_FOUND', message: IFTA_MESSAGES.notFound });
    expect((await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}`)).totalElements).toBe(2);
  });

  it('refuse bad input with 400 naming the field, and change nothing', async () => {
    const { company, trucks } = await fleet();
    const t = trucks[0]!;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ gallons: 0 }, 'body.gallons', IFTA_MESSAGES.gallons],
      [{ gallons: 500.001 }, 'body.gallons', IFTA_MESSAGES.gallons],
      [{ gallons: 10.1234 }, 'body.gallons', IFTA_MESSAGES.gallons],
      [{ gallons: 'lots' }, 'body.gallons', IFTA_MESSAGES.gallons],
      [{ jurisdiction: 'XX' }, 'body.jurisdiction', IFTA_MESSAGES.jurisdiction],
      [{ purchasedAt: '2026-07-10' }, 'body.purchasedAt', 'Use the format MM/DD/YYYY HH:mm:ss'],
      [{ amount: -1 }, 'body.amount', IFTA_MESSAGES.amount],
    ];
    for (const [over, path, message] of cases) {
      const res = await api('POST', '/fuel-purchases', purchase(t.id, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    expect((await api('POST', '/fuel-purchases', purchase(2147483000))).json()).toMatchObject({ code: 'NOT_FOUND', message: IFTA_MESSAGES.truckNotFound });
    expect((await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}`)).totalElements).toBe(0);
    expect((await api('GET', '/fuel-purchases?fromDate=07/02/2026 00:00:00&toDate=07/01/2026 00:00:00')).json().errors).toContainEqual({
      path: 'querystring.toDate',
      message: IFTA_MESSAGES.rangeOrder,
    });
  });

  it('reading needs CAN_SHOW_REPORTS; writing needs CAN_EDIT_FUEL_PURCHASES, which OWNER holds', async () => {
    const { trucks } = await fleet();
    const reader = await as(['CAN_SHOW_REPORTS']);
    expect((await api('GET', '/fuel-purchases', undefined, reader)).statusCode).toBe(200);
    expect((await api('POST', '/fuel-purchases', purchase(trucks[0]!.id), reader)).statusCode).toBe(403);
    expect((await api('GET', '/fuel-purchases', undefined, await as(['CAN_EDIT_FUEL_PURCHASES']))).statusCode).toBe(403);
    const writer = await as(['CAN_EDIT_FUEL_PURCHASES']);
    expect((await api('POST', '/fuel-purchases', purchase(trucks[0]!.id), writer)).statusCode).toBe(201);
    expect(SEEDED_ROLES.find((r) => r.name === 'OWNER')!.permissions).toContain('CAN_EDIT_FUEL_PURCHASES');
    expect(
      ctx.app.routeTable
        .filter((r) => typeof r.access === 'object' && 'permission' in r.access && r.access.permission === 'CAN_EDIT_FUEL_PURCHASES' && r.method !== 'HEAD')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'DELETE /api/v1/fuel-purchases/:id',
      'GET /api/v1/fuel-purchases/import-mapping',
      'POST /api/v1/fuel-purchases',
      'POST /api/v1/fuel-purchases/import',
      'POST /api/v1/ifta-rates/import',
      'PUT /api/v1/fuel-purchases/:id',
      'PUT /api/v1/ifta-rates',
    ]);
  });
});

describe('fuel card import', () => {
  const mapping = { purchasedAt: 'Transaction Date', unit: 'Unit #', jurisdiction: 'State/Prov', gallons: 'Qty', amount: 'Total $', vendor: 'Merchant', city: 'City' };
  const card = (unit: string, other: string) =>
    [
      'Card,Unit #,Transaction Date,Merchant,City,State/Prov,Product,Qty,Total $',
      `1001,${unit},07/02/2026 06:15:00,Love's #301,Joliet,IL,DSL,120.5,$512.40`,
      `1001,${unit},07/05/2026 18:40:00,"Pilot, #77",Effingham,IL,DSL,88.25,"$1,375.10"`,
      `1001,${other},07/06/2026 10:00:00,TA #12,Gary,IN,DSL,75,300`,
      `1001,${unit},07/07/2026 10:00:00,TA #12,Gary,ZZ,DSL,0,300`,
      `1001,${unit},07/05/2026 18:40:00,"Pilot, #77",Effingham,IL,DSL,88.25,"$1,375.10"`,
    ].join('\r\n');

  it('checks every line (dry run), imports nothing while a line is INVALID unless told to skip them, counts a purchase once and remembers the mapping', async () => {
    const { company, trucks } = await fleet();
    const unit = trucks[0]!.unitNumber;
    const body = { companyId: company.id, csv: card(unit, 'NOPE-9'), mapping };

    const dry = await ok<FuelImportResult>('POST', '/fuel-purchases/import', { ...body, dryRun: true });
    expect(dry.imported).toBe(0);
    expect(dry.rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'OK'],
      [3, 'OK'],
      [4, 'INVALID'],
      [5, 'INVALID'],
      [6, 'DUPLICATE'],
    ]);
    expect(dry.rows[2]!.reason).toContain('No truck with unit number "NOPE-9"');
    expect(dry.rows[3]!.reason).toContain(IFTA_MESSAGES.jurisdiction);
    expect(dry.rows[3]!.reason).toContain(IFTA_MESSAGES.gallons);

    // INVALID lines and no choice to skip them: nothing is imported.
    const refused = await ok<FuelImportResult>('POST', '/fuel-purchases/import', body);
    expect(refused.imported).toBe(0);
    expect((await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}`)).totalElements).toBe(0);
    expect((await ok<{ mapping: unknown }>('GET', `/fuel-purchases/import-mapping?companyId=${company.id}`)).mapping).toBeNull();

    const done = await ok<FuelImportResult>('POST', '/fuel-purchases/import', { ...body, skipInvalid: true });
    expect(done.imported).toBe(2);
    const stored = await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}`);
    expect(stored.content.map((p) => [p.purchasedAt, p.jurisdiction, p.gallons, p.amount, p.vendor, p.city])).toEqual([
      ['07/02/2026 06:15:00', 'IL', 120.5, 512.4, "Love's #301", 'Joliet'],
      ['07/05/2026 18:40:00', 'IL', 88.25, 1375.1, 'Pilot, #77', 'Effingham'],
    ]);
    expect((await ok<{ mapping: unknown }>('GET', `/fuel-purchases/import-mapping?companyId=${company.id}`)).mapping).toEqual(mapping);

    // The same export again: every good line is already there, never counted twice.
    const again = await ok<FuelImportResult>('POST', '/fuel-purchases/import', { ...body, skipInvalid: true });
    expect(again.imported).toBe(0);
    expect(again.rows.filter((r) => r.status === 'DUPLICATE').map((r) => r.row)).toEqual([2, 3, 6]);
    expect((await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}`)).totalElements).toBe(2);
  });

  it('a mapping that names a column the file lacks is a 400 naming the field; a truck of another company is INVALID', async () => {
    const { company } = await fleet();
    const other = await fleet();
    const res = await api('POST', '/fuel-purchases/import', { companyId: company.id, csv: card('X', 'Y'), mapping: { ...mapping, gallons: 'Gallons' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'body.mapping.gallons', message: IFTA_MESSAGES.mappingMissing('Gallons') }]);
    const foreign = await ok<FuelImportResult>('POST', '/fuel-purchases/import', { companyId: company.id, csv: card(other.trucks[0]!.unitNumber, 'Y'), mapping, dryRun: true });
    expect(foreign.rows[0]).toMatchObject({ status: 'INVALID' });
    expect((await api('POST', '/fuel-purchases/import', { companyId: company.id, csv: 'a,b\n"unclosed', mapping })).statusCode).toBe(400);
    const nul = await api('POST', '/fuel-purchases/import', { companyId: company.id, csv: `${card('X', 'Y')}\u0000`, mapping });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toContainEqual({ path: 'body.csv', message: 'csv must not contain a NUL character' });
  });
});

describe('IFTA rates', () => {
  it('a quarter without rates says so (version 0); PUT with the version read replaces them, a stale one is 409', async () => {
    expect(await ok<IftaRates>('GET', '/ifta-rates?quarter=2031Q1')).toEqual({ quarter: '2031Q1', rows: [], version: 0 });
    const put = await ok<IftaRates>('PUT', '/ifta-rates', {
      quarter: '2031Q1',
      version: 0,
      rows: [
        { jurisdiction: 'in', ratePerGallon: 0.55, surchargePerGallon: 0.12 },
        { jurisdiction: 'IL', ratePerGallon: '0.4670' },
      ],
    });
    expect(put).toEqual({
      quarter: '2031Q1',
      version: 1,
      rows: [
        { jurisdiction: 'IL', ratePerGallon: 0.467, surchargePerGallon: 0 },
        { jurisdiction: 'IN', ratePerGallon: 0.55, surchargePerGallon: 0.12 },
      ],
    });
    const stale = await api('PUT', '/ifta-rates', { quarter: '2031Q1', version: 0, rows: [] });
    expect(stale.json()).toMatchObject({ status: 409, code: 'STALE_VERSION', message: IFTA_MESSAGES.ratesStale });
    expect(
      (await ok<IftaRates>('PUT', '/ifta-rates', { quarter: '2031Q1', version: 1, rows: [{ jurisdiction: 'OH', ratePerGallon: 0.47 }] })).rows.map((r) => r.jurisdiction),
    ).toEqual(['OH']);
    const bad = await api('PUT', '/ifta-rates', {
      quarter: '2031Q5',
      version: 2,
      rows: [
        { jurisdiction: 'AK', ratePerGallon: 11 },
        { jurisdiction: 'OH', ratePerGallon: 0.1 },
        { jurisdiction: 'OH', ratePerGallon: 0.1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.quarter', message: IFTA_MESSAGES.quarter },
        { path: 'body.rows.0.jurisdiction', message: IFTA_MESSAGES.rateJurisdiction },
        { path: 'body.rows.0.ratePerGallon', message: IFTA_MESSAGES.rate },
      ]),
    );
  });

  it("imports the diesel U.S. lines of IFTA, Inc.'s rate matrix, surcharges included, Can. lines and other fuels left out", async () => {
    const csv = readFileSync(new URL('./fixtures/ifta-rate-matrix-sample.csv', import.meta.url), 'utf8');
    const rates = await ok<IftaRates>('POST', '/ifta-rates/import', { quarter: '2031Q2', version: 0, csv });
    expect(rates.version).toBe(1);
    expect(rates.rows).toEqual([
      { jurisdiction: 'AB', ratePerGallon: 0.394, surchargePerGallon: 0 },
      { jurisdiction: 'IL', ratePerGallon: 0.739, surchargePerGallon: 0 },
      { jurisdiction: 'IN', ratePerGallon: 0.61, surchargePerGallon: 0 },
      { jurisdiction: 'KY', ratePerGallon: 0.286, surchargePerGallon: 0.1 },
      { jurisdiction: 'ON', ratePerGallon: 0.4334, surchargePerGallon: 0 },
    ]);
    const none = await api('POST', '/ifta-rates/import', { quarter: '2031Q2', version: 1, csv: 'Name,Price\nx,1' });
    expect(none.json()).toMatchObject({ status: 400, message: IFTA_MESSAGES.matrixColumns });
  });
});

describe('the IFTA return', () => {
  it('follows the Articles of Agreement on a worked example: two jurisdictions, one surcharge, a credit; estimates are left out', async () => {
    const { company, trucks, driver } = await fleet();
    const t = trucks[0]!;
    // Fileable: IN 612.4 (GPS), IL 100.0 (GPS) + 298.7 (route). Not fileable: OH 150 (estimate).
    await tripWith(t.id, driver.id, '2026-07-14T15:00:00Z', 'GPS', { IN: 612.4, IL: 100 });
    const routed = await tripWith(t.id, driver.id, '2026-08-03T15:00:00Z', 'ROUTE', { IL: 298.7 });
    const estimated = await tripWith(t.id, driver.id, '2026-09-01T15:00:00Z', 'ESTIMATE', { OH: 150 });
    // Outside the quarter: not counted.
    await tripWith(t.id, driver.id, '2026-10-01T15:00:00Z', 'GPS', { IN: 999 });
    await ok('POST', '/fuel-purchases', purchase(t.id, { jurisdiction: 'IL', gallons: 150.25, purchasedAt: '07/20/2026 10:00:00' }), owner, 201);
    await ok('POST', '/fuel-purchases', purchase(t.id, { jurisdiction: 'IN', gallons: 50.5, purchasedAt: '08/20/2026 10:00:00' }), owner, 201);
    await ok('PUT', '/ifta-rates', {
      quarter: '2026Q3',
      version: 0,
      rows: [
        { jurisdiction: 'IN', ratePerGallon: 0.54, surchargePerGallon: 0.11 },
        { jurisdiction: 'IL', ratePerGallon: 0.467 },
      ],
    });

    const ret = returnSchema.parse(await ok<IftaReturn>('GET', `/ifta-return?companyId=${company.id}&quarter=2026Q3`));
    // By hand: miles 612.4 + 398.7 = 1011.1 → 1011; gallons 150.25 + 50.5 = 200.75 → 201;
    // MPG 1011 / 201 = 5.0298… → 5.03.
    expect(ret).toMatchObject({ companyId: company.id, quarter: '2026Q3', totalMiles: 1011, totalGallons: 201, mpg: 5.03 });
    expect(ret.rows).toEqual([
      // IL: 399 mi / 5.03 = 79.32 → 79 taxable gal; 150 paid; net −71 × 0.4670 = −33.157 → a credit of 33.16.
      {
        jurisdiction: 'IL',
        totalMiles: 399,
        taxableMiles: 399,
        taxableGallons: 79,
        taxPaidGallons: 150,
        netTaxableGallons: -71,
        ratePerGallon: 0.467,
        surchargePerGallon: 0,
        surchargeDue: 0,
        taxDue: -33.16,
        trips: 2,
        purchases: 1,
      },
      // IN: 612 mi / 5.03 = 121.67 → 122 taxable gal; 50.5 → 51 paid; net 71 × 0.54 = 38.34;
      // surcharge on all 122 taxable gallons (no credit for the fuel bought there): 122 × 0.11 = 13.42.
      {
        jurisdiction: 'IN',
        totalMiles: 612,
        taxableMiles: 612,
        taxableGallons: 122,
        taxPaidGallons: 51,
        netTaxableGallons: 71,
        ratePerGallon: 0.54,
        surchargePerGallon: 0.11,
        surchargeDue: 13.42,
        taxDue: 38.34,
        trips: 1,
        purchases: 1,
      },
    ]);
    // 38.34 + 13.42 − 33.16
    expect(ret.totalDue).toBe(18.6);
    expect(ret.notFileable).toEqual({ trips: 1, miles: 150 });
    expect(ret.warnings.map((w) => w.code).sort()).toEqual(['DAYS_WITHOUT_GPS', 'NOT_FILEABLE']);
    expect(ret.warnings.find((w) => w.code === 'DAYS_WITHOUT_GPS')!.message).toMatch(/^1 truck-day/);

    // Every row leads to its trips (with their miles there and source) …
    const il = await ok<Paged<IftaReturnTrip>>('GET', `/ifta-return/trips?companyId=${company.id}&quarter=2026Q3&jurisdiction=IL`);
    expect(il.content.map((x) => [x.source, Math.round(x.miles * 10) / 10, x.fileable])).toEqual([
      ['GPS', 100, true],
      ['ROUTE', 298.7, true],
    ]);
    expect(il.content[1]!.tripId).toBe(routed);
    const oh = await ok<Paged<IftaReturnTrip>>('GET', `/ifta-return/trips?companyId=${company.id}&quarter=2026Q3&jurisdiction=OH`);
    expect(oh.content.map((x) => [x.tripId, x.fileable])).toEqual([[estimated, false]]);
    // … and its purchases.
    const paid = await ok<Paged<FuelPurchaseRow>>('GET', `/fuel-purchases?companyId=${company.id}&jurisdiction=IN&fromDate=07/01/2026 00:00:00&toDate=09/30/2026 23:59:59`);
    expect(paid.content.map((p) => p.gallons)).toEqual([50.5]);

    const csv = await api('GET', `/ifta-return/export.csv?companyId=${company.id}&quarter=2026Q3`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(parse(csv.body)).toEqual([
      [
        'Jurisdiction',
        'Total Miles (mi)',
        'Taxable Miles (mi)',
        'Taxable Gallons (gal)',
        'Tax-Paid Gallons (gal)',
        'Net Taxable Gallons (gal)',
        'Rate ($/gal)',
        'Surcharge ($/gal)',
        'Surcharge Due ($)',
        'Tax Due ($)',
      ],
      ['IL', '399', '399', '79', '150', '-71', '0.467', '0', '0', '-33.16'],
      ['IN', '612', '612', '122', '51', '71', '0.54', '0.11', '13.42', '38.34'],
      ['TOTAL', '1011', '1011', '201', '201', '0', '0', '0', '13.42', '5.18'],
    ]);
  });

  it('names what a filer must look at: trucks with miles and no fuel or fuel and no miles, MPG outside 4–9, fuel where no truck drove, no rates', async () => {
    const { company, trucks, driver } = await fleet(2);
    const [a, b] = [trucks[0]!, trucks[1]!];
    await tripWith(a.id, driver.id, '2026-04-14T15:00:00Z', 'GPS', { TX: 2000, OUT: 20 });
    await ok('POST', '/fuel-purchases', purchase(b.id, { jurisdiction: 'KY', gallons: 100, purchasedAt: '05/01/2026 10:00:00' }), owner, 201);
    const ret = await ok<IftaReturn>('GET', `/ifta-return?companyId=${company.id}&quarter=2026Q2`);
    // 2020 mi / 100 gal = 20.20 MPG.
    expect(ret).toMatchObject({ totalMiles: 2020, totalGallons: 100, mpg: 20.2 });
    const byCode = Object.fromEntries(ret.warnings.map((w) => [w.code, w.items]));
    expect(byCode).toEqual({ NO_RATES: [], MILES_NO_FUEL: [a.unitNumber], FUEL_NO_MILES: [b.unitNumber], MPG_RANGE: [], FUEL_NOT_DRIVEN: ['KY'] });
    // Miles outside IFTA's members count in the total and the MPG, never taxed.
    expect(ret.rows.find((r) => r.jurisdiction === 'OUT')).toMatchObject({ totalMiles: 20, taxableMiles: 0, taxDue: 0 });
    // KY: tax-paid gallons with no miles are a credit of the rate (none set: 0).
    expect(ret.rows.find((r) => r.jurisdiction === 'KY')).toMatchObject({ taxPaidGallons: 100, netTaxableGallons: -100 });
  });

  it("files a Canadian province's miles at its rate; a territory, Mexico and OUT carry their miles and no tax", async () => {
    const { company, trucks, driver } = await fleet();
    const t = trucks[0]!;
    await ok('PUT', '/ifta-rates', {
      quarter: '2032Q1',
      version: 0,
      rows: [
        { jurisdiction: 'MI', ratePerGallon: 0.3 },
        { jurisdiction: 'ON', ratePerGallon: 0.5 },
      ],
    });
    await tripWith(t.id, driver.id, '2032-02-03T15:00:00Z', 'GPS', { MI: 600, ON: 300, YT: 50, MX: 40, OUT: 10 });
    await ok('POST', '/fuel-purchases', purchase(t.id, { jurisdiction: 'ON', gallons: 200, purchasedAt: '02/10/2032 10:00:00' }), owner, 201);
    const ret = await ok<IftaReturn>('GET', `/ifta-return?companyId=${company.id}&quarter=2032Q1`);
    // 1000 mi / 200 gal = 5.00 MPG.
    expect(ret).toMatchObject({ totalMiles: 1000, totalGallons: 200, mpg: 5 });
    const row = (j: string) => ret.rows.find((r) => r.jurisdiction === j);
    // MI: 600 mi → 120 gal × 0.30 = 36.00. ON: 300 mi → 60 gal, 200 bought there: −140 × 0.50 = −70.00 (a credit).
    expect(row('MI')).toMatchObject({ taxableMiles: 600, taxableGallons: 120, netTaxableGallons: 120, ratePerGallon: 0.3, taxDue: 36 });
    expect(row('ON')).toMatchObject({ totalMiles: 300, taxableMiles: 300, taxableGallons: 60, taxPaidGallons: 200, netTaxableGallons: -140, ratePerGallon: 0.5, taxDue: -70 });
    for (const [j, miles] of [
      ['YT', 50],
      ['MX', 40],
      ['OUT', 10],
    ] as const)
      expect(row(j), j).toMatchObject({ totalMiles: miles, taxableMiles: 0, taxableGallons: 0, ratePerGallon: 0, taxDue: 0, surchargeDue: 0 });
    expect(ret.totalDue).toBe(-34);
    expect(ret.warnings.map((w) => w.code)).not.toContain('NO_RATES');
  });

  it('the fileable rule is one function: GPS and route miles count, an estimate never does', () => {
    expect(isFileable({ source: 'GPS' })).toBe(true);
    expect(isFileable({ source: 'ROUTE' })).toBe(true);
    expect(isFileable({ source: 'ESTIMATE' })).toBe(false);
  });

  it('refuses a bad quarter or company with 400 naming the field, an unknown company with 404; needs CAN_SHOW_REPORTS', async () => {
    const res = await api('GET', '/ifta-return?companyId=x&quarter=2026-3');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'querystring.companyId', message: IFTA_MESSAGES.companyId },
        { path: 'querystring.quarter', message: IFTA_MESSAGES.quarter },
      ]),
    );
    expect((await api('GET', '/ifta-return?companyId=2147483000&quarter=2026Q3')).json()).toMatchObject({ code: 'NOT_FOUND', message: IFTA_MESSAGES.companyNotFound });
    expect((await api('GET', '/ifta-return?companyId=1&quarter=2026Q3', undefined, await as(['CAN_EDIT_FUEL_PURCHASES']))).statusCode).toBe(403);
  });
});
