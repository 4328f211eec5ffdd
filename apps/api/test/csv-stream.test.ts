import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { tripReview } from '../src/db/schema/mileage-review';
import { dispatchers } from '../src/db/schema/reference';
import { stateMilesQuarterly } from '../src/db/schema/trip-statistics';
import { trips } from '../src/db/schema/trips';
import { CSV_BATCH_ROWS, csvLines, streamCsv } from '../src/platform/csv';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn } from './factories';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
});
afterAll(() => ctx.close());

const ROWS = CSV_BATCH_ROWS * 5 + 7;
const query = sql`select g as n, 'row ' || g as label from generate_series(1, ${ROWS}) g order by g`;
const columns = [
  { header: 'N', value: (r: { n: number; label: string }) => r.n },
  { header: 'Label', value: (r: { n: number; label: string }) => r.label },
];

/** streamCsv (apps/api/src/platform/csv.ts, docs/decisions/011-mileage-reports.md): the trips and report exports run on it. */
describe('CSV streaming from a cursor', () => {
  it('reads every row once, in order, batch after batch (the next one fetched while the last is written)', async () => {
    const errors: unknown[] = [];
    let text = '';
    for await (const chunk of await streamCsv(await ctx.database.exportSession(), query, columns, (e) => errors.push(e))) text += String(chunk);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('N,Label');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    expect(errors).toEqual([]);
  });

  it('a client that goes away mid-export ends the transaction: no error, and the database carries on', async () => {
    const errors: unknown[] = [];
    const stream = await streamCsv(await ctx.database.exportSession(), query, columns, (e) => errors.push(e));
    // Read the first chunk only, then go away without taking the rest (back-pressure holds the cursor open).
    for await (const chunk of stream) {
      expect(String(chunk)).toContain('N,Label');
      break;
    }
    expect(stream.destroyed).toBe(true);
    // The export's transaction rolls back, so the next one (on PGlite the same connection) runs.
    await expect.poll(async () => ((await ctx.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]!.one, { timeout: 5000 }).toBe(1);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(errors).toEqual([]);
  });
});

/** Line breaks, and what may follow one: each formula character (ASCII and full-width), a tab, a tab and a formula. */
const BREAKS = ['\n', '\r', '\r\n'];
const AFTER_BREAK = ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\t', '\t='];
const HOSTILE = BREAKS.flatMap((br) => AFTER_BREAK.map((start) => `L${br}${start}2+2`));
/** A hostile text as its cell must read: the formula after the line break prefixed with '. */
const defused = (v: string) => v.replace(/([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])(2\+2)$/, "'$1$2");
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** No line of any cell (split as a careless reader would, at CR, LF or CRLF) starts a formula, spaces and tabs skipped. */
function expectNoFormulaLine(records: string[][]) {
  for (const record of records) {
    for (const cell of record) {
      for (const line of cell.split(/\r\n|\r|\n/)) expect(line.trimStart(), JSON.stringify(cell)).not.toMatch(FORMULA_START);
    }
  }
}

describe('CSV cells (csvLines)', () => {
  const cols = [{ header: 'Text', value: (r: { t: string | number }) => r.t }];

  it('quotes a cell with a ; and defuses a formula after it (a spreadsheet reading ; as the separator starts a new cell there)', () => {
    expect(csvLines(cols, [{ t: 'Dock 4;=HYPERLINK("http://x.example")' }])).toBe(`"Dock 4;'=HYPERLINK(""http://x.example"")"\r\n`);
    expect(csvLines(cols, [{ t: 'a; +1;@SUM(A1);-2' }])).toBe(`"a; '+1;'@SUM(A1);'-2"\r\n`);
    // A plain ; is quoted and kept.
    expect(csvLines(cols, [{ t: 'Gate 3; north side' }])).toBe('"Gate 3; north side"\r\n');
    // Leading formulas are defused as before; numbers stay numbers.
    expect(csvLines(cols, [{ t: '=1+2' }, { t: -5 }])).toBe(`'=1+2\r\n-5\r\n`);
  });

  it('quotes a cell holding LF, CR or CRLF, and defuses a formula at the start of every line inside it', () => {
    expect(csvLines(cols, [{ t: 'L\n=2+2' }])).toBe(`"L\n'=2+2"\r\n`);
    expect(csvLines(cols, [{ t: 'L\r+2' }])).toBe(`"L\r'+2"\r\n`);
    expect(csvLines(cols, [{ t: 'L\r\n\t@A1' }])).toBe(`"L\r\n\t'@A1"\r\n`);
    expect(csvLines(cols, [{ t: 'Gate 3\nnorth side' }])).toBe('"Gate 3\nnorth side"\r\n');
    const text = csvLines(
      cols,
      HOSTILE.map((t) => ({ t })),
      true,
    );
    const records = parse(text) as string[][];
    expect(records).toHaveLength(1 + HOSTILE.length);
    expect(records.slice(1).map((r) => r[0])).toEqual(HOSTILE.map(defused));
    expectNoFormulaLine(records);
  });
});

describe('every CSV export keeps a stored line break inside its cell and defuses the formula after it', () => {
  // Texts stored before the API refused control characters (or written in the database by hand), in every text column of every export.
  beforeAll(async () => {
    for (const [i, v] of HOSTILE.entries()) {
      const company = await createCompanyRow(ctx.db, { name: v });
      const truck = await createTruckRow(ctx.db, { unitNumber: v, companyId: company.id });
      const driver = await createDriverRow(ctx.db, { firstName: v, lastName: 'Driver', truckId: truck.id });
      const user = await createUser(ctx.db, { firstName: v });
      const [dispatcher] = await ctx.db.insert(dispatchers).values({ firstName: v, lastName: 'Dispatcher' }).returning();
      const at = new Date(Date.UTC(2026, 1, 1 + i, 15));
      const [trip] = await ctx.db
        .insert(trips)
        .values({
          truckId: truck.id,
          driverId: driver.id,
          dispatcherId: dispatcher!.id,
          assignedUserId: user.id,
          identifierType: 'LOAD_NUMBER',
          loadNumber: v,
          tripStatus: 'COMPLETED',
          pickupDateTime: at,
          endDateTime: new Date(at.getTime() + 3_600_000),
          pickupLocation: v,
          deliveryLocation: v,
          routeM: 160_934.4,
          payableM: 160_934.4,
        })
        .returning();
      await ctx.db.insert(tripReview).values({
        tripId: trip!.id,
        companyId: company.id,
        truckId: truck.id,
        driverId: driver.id,
        endDateTime: trip!.endDateTime,
        status: 'APPROVED',
        flagsVersion: 1,
        ruleBasis: 'ROUTED',
        ruleTolerancePct: 3,
        payableM: 160_934.4,
        approvedBy: user.id,
        approvedAt: at,
      });
      await ctx.db.insert(stateMilesQuarterly).values({ truckId: truck.id, quarter: '2026-01-01', state: 'IL', source: 'ROUTE', metres: 160_934.4, trips: 1 });
    }
  });

  /** The export's rows by header: every record as long as the header (a split cell would make one longer or shorter), no line of a cell starting a formula. */
  async function exportRows(url: string): Promise<Record<string, string>[]> {
    const res = await call(ctx.app, { method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    const records = parse(res.body, { relax_column_count: true }) as string[][];
    expect(new Set(records.map((r) => r.length)).size).toBe(1);
    expectNoFormulaLine(records);
    const [header, ...rows] = records;
    return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
  }

  /** Each hostile text exactly once in `column`, as its defused cell (followed by `suffix`: a last name). */
  const expectEachOnce = (rows: Record<string, string>[], column: string, suffix = '') =>
    expect(rows.map((r) => r[column]).sort()).toEqual(HOSTILE.map((v) => `${defused(v)}${suffix}`).sort());

  it('/trips/export.csv: one row per trip, every name, number and address whole in its cell', async () => {
    const rows = await exportRows('/api/v1/trips/export.csv');
    expect(rows).toHaveLength(HOSTILE.length);
    for (const column of ['Unit', 'Company', 'Load/Trailer', 'Pickup Location', 'Delivery Location']) expectEachOnce(rows, column);
    expectEachOnce(rows, 'Driver', ' Driver');
    expectEachOnce(rows, 'Dispatcher', ' Dispatcher');
    expectEachOnce(rows, 'Assigned User', ' User');
  });

  it('/mileage-review/export.csv: one row per approved trip, and per driver', async () => {
    const byTrip = await exportRows('/api/v1/mileage-review/export.csv');
    expect(byTrip).toHaveLength(HOSTILE.length);
    for (const column of ['Unit', 'Company', 'Load/Trailer']) expectEachOnce(byTrip, column);
    expectEachOnce(byTrip, 'Driver', ' Driver');
    expectEachOnce(byTrip, 'Approved By', ' User');
    const byDriver = await exportRows('/api/v1/mileage-review/export.csv?groupBy=driver');
    expect(byDriver).toHaveLength(HOSTILE.length);
    expectEachOnce(byDriver, 'Driver', ' Driver');
    expectEachOnce(byDriver, 'Company');
  });

  it('/state-miles/export.csv: one IFTA row per truck and jurisdiction', async () => {
    const rows = await exportRows('/api/v1/state-miles/export.csv?periodType=QUARTERLY&year=2026&quarter=1');
    expect(rows).toHaveLength(HOSTILE.length);
    expectEachOnce(rows, 'Truck');
    expect(new Set(rows.map((r) => r.Jurisdiction))).toEqual(new Set(['IL']));
  });

  it('/trip-statistics/export.csv (periods and figures, no typed text): one row per period', async () => {
    const rows = await exportRows('/api/v1/trip-statistics/export.csv?periodType=YEARLY');
    expect(rows.map((r) => r.Period)).toEqual(['2026']);
  });
});
