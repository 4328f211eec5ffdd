import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { reviewListQuery } from '@milepost/contracts/mileage-review-api';
import { tripListQuery } from '@milepost/contracts/trips-api';
import { NOT_FILEABLE_LISTED, quarterRange, stateMilesQuery } from '@milepost/contracts/state-miles-api';
import { stateMilesReportJson } from '../modules/state-miles/service';
import { listReview } from '../modules/mileage-review/service';
import { listTrips } from '../modules/trips/queries';
import { tripReview } from './schema/mileage-review';
import { compiledOnce, compiledPerShape } from './compiled';

const dialect = new PgDialect({ casing: 'snake_case' });
const r = tripReview;

/** A database that notes each statement, built (`db.execute`) or written out (`executeCompiled`), and answers `answer()`. */
function fakeDb(captured: { sql: string; params: unknown[] }[], answer: () => unknown, prepared: string[] = []) {
  const run = async (q: { sql: string; params: unknown[] }) => {
    captured.push({ sql: q.sql, params: q.params });
    return answer();
  };
  return {
    execute: (q: SQL) => run(dialect.sqlToQuery(q)),
    select: () => ({ from: () => ({ where: async () => [] }) }),
    // As drizzle's: a prepared query fills its placeholders from the values it is run with.
    _: {
      session: {
        prepareQuery: (q: { sql: string; params: unknown[] }) => (
          prepared.push(q.sql),
          {
            execute: (values: Record<string, unknown>) => run({ sql: q.sql, params: fillPlaceholders(q.params, values) }),
          }
        ),
      },
    },
  } as never;
}

describe('compiledOnce', () => {
  it('writes a fragment without values out as text, and refuses one with values', () => {
    expect(dialect.sqlToQuery(compiledOnce(sql`${r.tripId} + 1`)).sql).toBe('"trip_review"."trip_id" + 1');
    expect(() => compiledOnce(sql`${r.tripId} = ${5}`)).toThrow(/holds 1 values/);
  });
});

describe('compiledPerShape', () => {
  // The same statement built per request with its values, for comparison.
  const direct = (shape: { truck: boolean; desc: boolean }, v: { status: string; truckId?: number; limit: number }) =>
    sql`select ${r.tripId} from ${r} where ${r.status} = ${v.status}${shape.truck ? sql` and ${r.truckId} = ${v.truckId}` : sql``}
      order by ${r.tripId} ${sql.raw(shape.desc ? 'desc' : 'asc')} limit ${v.limit} offset ${v.limit}`;
  const shaped = compiledPerShape((shape: { truck: boolean; desc: boolean }) =>
    direct(shape, { status: sql.placeholder('status'), truckId: sql.placeholder('truckId'), limit: sql.placeholder('limit') } as never),
  );

  it('gives the text and values that building the statement per request gives, for every shape, again and again', () => {
    for (let i = 0; i < 20; i++) {
      const shape = { truck: i % 2 === 0, desc: i % 3 === 0 };
      const values = { status: ['READY', 'APPROVED'][i % 2]!, truckId: 100 + i, limit: 10 + i };
      const want = dialect.sqlToQuery(direct(shape, values));
      const got = shaped(shape, values);
      expect(got).toEqual({ sql: want.sql, params: want.params, name: expect.stringMatching(/^milepost_[\w-]{24}$/) });
      // A placeholder used twice is filled twice.
      expect(got.params.filter((p) => p === values.limit)).toHaveLength(2);
    }
  });

  it('names each text by itself: the same text the same name on every request, another text another name', () => {
    const names = new Map<string, string>();
    for (let i = 0; i < 12; i++) {
      const got = shaped({ truck: i % 2 === 0, desc: i % 3 === 0 }, { status: 'READY', truckId: i, limit: 5 });
      expect(names.get(got.sql) ?? got.name).toBe(got.name);
      names.set(got.sql, got.name!);
    }
    expect(names.size).toBe(4);
    expect(new Set(names.values()).size).toBe(4);
    // Kept across the bound on shapes: a name is the text's, never a counter's.
    const again = compiledPerShape(
      (shape: { truck: boolean; desc: boolean }) =>
        sql`select ${r.tripId} from ${r} where ${r.status} = ${sql.placeholder('status')}${shape.truck ? sql` and ${r.truckId} = ${sql.placeholder('truckId')}` : sql``}
      order by ${r.tripId} ${sql.raw(shape.desc ? 'desc' : 'asc')} limit ${sql.placeholder('limit')} offset ${sql.placeholder('limit')}`,
    );
    const one = again({ truck: true, desc: false }, { status: 'READY', truckId: 1, limit: 5 });
    expect(names.get(one.sql)).toBe(one.name);
  });

  it('refuses a missing value; keeps a constant of the shape as it is', () => {
    expect(() => shaped({ truck: true, desc: false }, { status: 'READY', limit: 5 })).toThrow(/no value for the placeholder truckId/);
    const withConstant = compiledPerShape((shape: { n: number }) => sql`select ${r.tripId} from ${r} where ${r.truckId} = ${shape.n} and ${r.status} = ${sql.placeholder('s')}`);
    for (const n of [7, 8, 7]) expect(withConstant({ n }, { s: 'READY' }).params).toEqual([n, 'READY']);
  });

  it('the review queue page: the same statement as written per request, for filters, periods and orders', async () => {
    const captured: { sql: string; params: unknown[] }[] = [];
    const prepared: string[] = [];
    const db = fakeDb(captured, () => ({ rows: [{ content: '[]', needs: 0, ready: 0, approved: 0, recomputing: false }] }), prepared);
    const texts = new Set<string>();
    for (const query of [
      { status: 'NEEDS_REVIEW', size: '50' },
      { status: 'READY', size: '20', page: '3' },
      { status: 'APPROVED', companyId: '4' },
      { status: 'NEEDS_REVIEW', truckId: '7', driverId: '9', sort: 'differencePct,desc' },
      { status: 'READY', fromDate: '01/01/2026 00:00:00', toDate: '03/31/2026 23:59:59', sort: 'routedMiles,asc' },
      { status: 'READY', fromDate: '01/01/2026 00:00:00', toDate: '03/31/2026 23:59:59', sort: 'routedMiles,asc', page: '2' },
    ]) {
      captured.length = 0;
      await listReview(db, reviewListQuery.parse(query));
      const { sql: text, params } = captured[0]!;
      texts.add(text);
      const q = reviewListQuery.parse(query);
      // Each value where the filter put it: status, the filters' values (dates as ISO text), limit, offset.
      expect(params).toEqual(
        expect.arrayContaining([
          q.status,
          q.size,
          q.page * q.size,
          ...[q.companyId, q.truckId, q.driverId, q.fromDate?.toISOString(), q.toDate?.toISOString()].filter((x) => x !== undefined),
        ]),
      );
      if (q.truckId !== undefined) expect(text).toContain('"trip_review"."truck_id" = $');
      if (q.fromDate) expect(text).toContain('("trip_review"."routed_m" + 0) asc');
    }
    // The first two differ by status and page only, the last two by page only: one text each.
    expect(texts.size).toBe(4);
    // drizzle's prepared query made once per text (and session), not per request.
    expect(prepared.toSorted()).toEqual([...texts].toSorted());
  });

  it('the trips page: each filter’s value in its place, one text per shape, the count estimated with the same filter', async () => {
    const captured: { sql: string; params: unknown[] }[] = [];
    // More than the cap: the filter's plan estimate is asked for next.
    const db = fakeDb(captured, () =>
      captured.length === 1 ? { rows: [{ content: '[]', counted: 20_000, estimate: null }] } : { rows: [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 12_345 } }] }] },
    );
    const texts = new Set<string>();
    for (const query of [
      { loadNumber: 'LD-12AB', sort: 'loadNumber,desc' },
      { loadNumber: 'ld-99', sort: 'loadNumber,desc', page: '4' },
      { truckId: '5', driverId: '8', assignedUserId: '3', tripStatus: 'COMPLETED', sort: 'miles,desc' },
      { fromDate: '01/01/2026 00:00:00', toDate: '03/31/2026 23:59:59', sort: 'pickupDateTime,asc' },
    ]) {
      captured.length = 0;
      const page = JSON.parse((await listTrips(db, tripListQuery.parse(query))).join('')) as { totalElements: number };
      expect(page.totalElements).toBe(12_345);
      const [statement, estimate] = captured;
      texts.add(statement!.sql);
      const q = tripListQuery.parse(query);
      const given = [q.loadNumber?.toLowerCase(), q.truckId, q.driverId, q.assignedUserId, q.tripStatus, q.fromDate?.toISOString(), q.toDate?.toISOString()].filter(
        (x) => x !== undefined,
      );
      expect(statement!.params).toEqual(expect.arrayContaining([...given, q.size, q.page * q.size]));
      // The estimate reads the same filter with the same values.
      expect(estimate!.params).toEqual(expect.arrayContaining(given));
    }
    expect(texts.size).toBe(3);
  });

  it('state miles: the report and its listed trips, each value in its place, one text per shape', async () => {
    const captured: { sql: string; params: unknown[] }[] = [];
    const prepared: string[] = [];
    const db = fakeDb(captured, () => ({ rows: captured.length % 2 ? [{ rows: '[]', states: '[]', trucks: '[]', total_m: 0, gps_m: 0, estimate_m: 0 }] : [] }), prepared);
    const texts = new Set<string>();
    for (const query of [
      { periodType: 'QUARTERLY', year: '2026', quarter: '3', companyId: '4' },
      { periodType: 'QUARTERLY', year: '2025', quarter: '1', companyId: '9' },
      { periodType: 'QUARTERLY', year: '2026', quarter: '2', truckId: '7' },
      { periodType: 'QUARTERLY', year: '2026', quarter: '2' },
      { fromDate: '01/10/2026 00:00:00', toDate: '03/20/2026 23:59:59', companyId: '4' },
      { fromDate: '02/01/2026 00:00:00', toDate: '02/28/2026 23:59:59', companyId: '5' },
    ]) {
      captured.length = 0;
      const q = stateMilesQuery.parse(query);
      await stateMilesReportJson(db, q);
      const [report, listed] = captured;
      texts.add(report!.sql).add(listed!.sql);
      const { from, to } = q.periodType ? quarterRange(q.year!, q.quarter!) : { from: q.fromDate!, to: q.toDate! };
      const filter = [q.truckId, q.companyId].filter((x) => x !== undefined);
      // The quarter by its first month; a range by its bounds; the truck or company beside them.
      const period = q.periodType ? [`${q.year}-${String((q.quarter! - 1) * 3 + 1).padStart(2, '0')}-01`] : [from.toISOString(), to.toISOString()];
      expect(report!.params).toEqual(expect.arrayContaining([...period, ...filter]));
      expect(listed!.params).toEqual(expect.arrayContaining([from.toISOString(), to.toISOString(), ...filter, NOT_FILEABLE_LISTED]));
      // Nothing of another request's values is left in the text.
      for (const v of [...period, from.toISOString(), to.toISOString()]) expect(report!.sql + listed!.sql).not.toContain(v);
    }
    // The report: quarter × company (the first two), quarter × truck, quarter alone, range × company (the last two);
    // the listed trips read the period's bounds either way: by company, by truck, every truck.
    expect(texts.size).toBe(4 + 3);
    expect(prepared.toSorted()).toEqual([...texts].toSorted());
  });
});
