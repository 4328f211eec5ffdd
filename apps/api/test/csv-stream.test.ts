import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_BATCH_ROWS, csvLines, streamCsv } from '../src/platform/csv';
import { createTestContext, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
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
});
