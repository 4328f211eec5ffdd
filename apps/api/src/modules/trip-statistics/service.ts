import { sql, type SQL } from 'drizzle-orm';
import { metresToEnteredMiles, metresToMiles } from '@milepost/geo/units';
import type { PeriodType } from '@milepost/contracts/list-query';
import { formatCentral, formatWireDateTime } from '@milepost/contracts/time';
import { milesDifference, periodOnWire, type ReportGrouping, type ReportResult, type ReportRow } from '@milepost/contracts/trip-statistics-api';
import type { Db } from '../../db/client';
import { tripPeriodStats } from '../../db/schema/trip-statistics';
import { trips } from '../../db/schema/trips';

/**
 * Period sums (docs/product/admin.md "Reports"). Each figure is the sum of the trips list column of the
 * same meaning over the period's trips that are not cancelled; periods are Central-time weeks
 * (Monday), months and years of the pickup time, and days for a custom range.
 *
 * Presets read `trip_period_stats` (per truck, week and month; kept by a trigger on trips), so a
 * yearly report over a million trips sums a few thousand rows. A custom range sums the trips
 * themselves through the (truck, pickup) and (pickup) indexes. Trucks are counted as rows per
 * truck and period (years and days are summed per truck first), without a `count(distinct)`.
 * Planned vs actual reads the trips' copied telematics figure (`trips.telematics_m`), summed
 * the same way. Each period also counts its estimated trips (Route source) and its trips without a
 * Payable Mileage; the report's total of the latter is a window sum over the same rows.
 */

interface RawRow {
  start: string;
  truck_count: number;
  load_count: number;
  route_m: number;
  route_total_empty_m: number;
  route_pu_m: number;
  route_trl_m: number;
  route_total_m: number;
  payable_m: number;
  empty_m: number;
  loaded_m: number;
  telematics_load_count: number;
  telematics_route_total_m: number;
  telematics_m: number;
  estimate_load_count: number;
  no_payable_load_count: number;
  no_payable_total: number;
}

// Sums are in metres, as the columns (docs/decisions/020-one-unit.md); miles at the edge. Sums of
// figures staff typed in miles read back as typed (`metresToEnteredMiles`).
const toMiles = (m: number) => metresToMiles(Number(m));
const toEnteredMiles = (m: number) => metresToEnteredMiles(Number(m));

/** A custom range's ends: its first and last Central days (YYYY-MM-DD) and its bounds on the wire. */
interface RangeClip {
  firstDay: string;
  lastDay: string;
  from: string;
  to: string;
}

function toRow(grouping: ReportGrouping, r: RawRow, clip?: RangeClip): ReportRow {
  const p = periodOnWire(grouping, r.start);
  const covered = Number(r.telematics_load_count);
  const planned = covered ? toMiles(r.telematics_route_total_m) : null;
  const actual = covered ? toMiles(r.telematics_m) : null;
  return {
    periodGroup: p.periodGroup,
    // A custom range's first and last days are cut to the range.
    periodStart: clip && r.start === clip.firstDay ? clip.from : p.periodStart,
    periodEnd: clip && r.start === clip.lastDay ? clip.to : p.periodEnd,
    truckCount: Number(r.truck_count),
    loadCount: Number(r.load_count),
    totalMiles: toMiles(r.route_total_m),
    totalEmptyMiles: toMiles(r.route_total_empty_m),
    totalPuMiles: toMiles(r.route_pu_m),
    totalTrlMiles: toMiles(r.route_trl_m),
    totalLoadedMiles: toMiles(r.route_m),
    totalPayableMileage: toEnteredMiles(r.payable_m),
    emptyMiles: toEnteredMiles(r.empty_m),
    loadedMiles: toEnteredMiles(r.loaded_m),
    telematicsLoadCount: covered,
    plannedMiles: planned,
    actualMiles: actual,
    milesDifference: planned === null || actual === null ? null : milesDifference(actual, planned),
    dataCoverage: covered / Number(r.load_count),
    estimateLoadCount: Number(r.estimate_load_count),
    noPayableLoadCount: Number(r.no_payable_load_count),
  };
}

/** The outer sums over per-truck rows of `inner` (which has start, truck_id and the sums). */
const periodSums = (inner: SQL) => sql`
  select to_char(start, 'YYYY-MM-DD') as start, count(*)::int as truck_count, sum(n)::int as load_count,
    sum(route_m)::float8 as route_m, sum(route_total_empty_m)::float8 as route_total_empty_m, sum(route_pu_m)::float8 as route_pu_m,
    sum(route_trl_m)::float8 as route_trl_m, sum(route_total_m)::float8 as route_total_m,
    sum(payable_m)::float8 as payable_m, sum(empty_m)::float8 as empty_m, sum(loaded_m)::float8 as loaded_m,
    sum(tel_n)::int as telematics_load_count, sum(tel_route_total_m)::float8 as telematics_route_total_m,
    sum(telematics_m)::float8 as telematics_m, sum(estimate_n)::int as estimate_load_count,
    sum(no_payable_n)::int as no_payable_load_count,
    -- The whole report's trips without a payable (its truck and periods): summed here, not on the client.
    (sum(sum(no_payable_n)) over ())::int as no_payable_total
  from (${inner}) per_truck
  where n > 0
  group by start
  order by start desc`;

/** Every row carries the report's total (a window sum); no rows, no trips. */
const noPayableTotal = (rows: RawRow[]) => (rows.length ? Number(rows[0]!.no_payable_total) : 0);

const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: RawRow[] }).rows;

/** Weekly, monthly or yearly sums over every period with trips, newest first. */
export async function reportByPeriod(db: Db, q: { periodType: PeriodType; truckId?: number | undefined }): Promise<ReportResult> {
  const s = tripPeriodStats;
  const kind = q.periodType === 'WEEKLY' ? 'WEEK' : 'MONTH';
  const start = sql`date_trunc('year', ${s.periodStart})::date`;
  const truck = q.truckId !== undefined ? sql` and ${s.truckId} = ${q.truckId}` : sql``;
  // Weeks and months are one row per truck already; years sum a truck's months first.
  const inner =
    q.periodType === 'YEARLY'
      ? sql`
    select ${start} as start, ${s.truckId} as truck_id, sum(${s.loadCount}) as n,
      sum(${s.routeM}) as route_m, sum(${s.routeTotalEmptyM}) as route_total_empty_m, sum(${s.routePuM}) as route_pu_m,
      sum(${s.routeTrlM}) as route_trl_m, sum(${s.routeTotalM}) as route_total_m, sum(${s.payableM}) as payable_m,
      sum(${s.emptyM}) as empty_m, sum(${s.loadedM}) as loaded_m, sum(${s.telematicsLoadCount}) as tel_n,
      sum(${s.telematicsRouteTotalM}) as tel_route_total_m, sum(${s.telematicsM}) as telematics_m,
      sum(${s.estimateLoadCount}) as estimate_n, sum(${s.noPayableLoadCount}) as no_payable_n
    from ${s}
    where ${s.periodKind} = ${kind}${truck}
    group by 1, 2`
      : sql`
    select ${s.periodStart} as start, ${s.loadCount} as n, ${s.routeM} as route_m, ${s.routeTotalEmptyM} as route_total_empty_m,
      ${s.routePuM} as route_pu_m, ${s.routeTrlM} as route_trl_m, ${s.routeTotalM} as route_total_m, ${s.payableM} as payable_m,
      ${s.emptyM} as empty_m, ${s.loadedM} as loaded_m, ${s.telematicsLoadCount} as tel_n,
      ${s.telematicsRouteTotalM} as tel_route_total_m, ${s.telematicsM} as telematics_m,
      ${s.estimateLoadCount} as estimate_n, ${s.noPayableLoadCount} as no_payable_n
    from ${s}
    where ${s.periodKind} = ${kind}${truck}`;
  const rows = await rowsOf(db, periodSums(inner));
  return { grouping: q.periodType, rows: rows.map((r) => toRow(q.periodType, r)), noPayableCount: noPayableTotal(rows) };
}

/** Sums per Central day of a custom range (the first and last day cut to the range), newest first. */
export async function reportByRange(db: Db, q: { fromDate: Date; toDate: Date; truckId?: number | undefined }): Promise<ReportResult> {
  const t = trips;
  const truck = q.truckId !== undefined ? sql` and ${t.truckId} = ${q.truckId}` : sql``;
  const inner = sql`
    select (${t.pickupDateTime} at time zone 'America/Chicago')::date as start, ${t.truckId} as truck_id, count(*) as n,
      coalesce(sum(${t.routeM}), 0) as route_m, coalesce(sum(${t.routeTotalEmptyM}), 0) as route_total_empty_m,
      coalesce(sum(${t.routePuM}), 0) as route_pu_m, coalesce(sum(${t.routeTrlM}), 0) as route_trl_m,
      coalesce(sum(${t.routeTotalM}), 0) as route_total_m, coalesce(sum(${t.payableM}), 0) as payable_m,
      coalesce(sum(${t.emptyM}), 0) as empty_m, coalesce(sum(${t.loadedM}), 0) as loaded_m,
      count(${t.telematicsM}) as tel_n,
      coalesce(sum(case when ${t.telematicsM} is not null then ${t.routeTotalM} end), 0) as tel_route_total_m,
      coalesce(sum(${t.telematicsM}), 0) as telematics_m,
      count(*) filter (where ${t.routeSource} = 'ESTIMATE') as estimate_n,
      count(*) filter (where ${t.payableM} is null) as no_payable_n
    from ${t}
    where ${t.tripStatus} <> 'CANCELLED' and ${t.pickupDateTime} >= ${q.fromDate.toISOString()}
      and ${t.pickupDateTime} <= ${q.toDate.toISOString()}${truck}
    group by 1, 2`;
  const rows = await rowsOf(db, periodSums(inner));
  const clip = {
    firstDay: formatCentral(q.fromDate, 'yyyy-MM-dd'),
    lastDay: formatCentral(q.toDate, 'yyyy-MM-dd'),
    from: formatWireDateTime(q.fromDate),
    to: formatWireDateTime(q.toDate),
  };
  return { grouping: 'DAILY', rows: rows.map((r) => toRow('DAILY', r, clip)), noPayableCount: noPayableTotal(rows) };
}
