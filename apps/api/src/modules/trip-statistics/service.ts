import { sql, type SQL } from 'drizzle-orm';
import { METERS_TO_MILES } from '@milepost/geo/units';
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
 * Planned vs actual reads the trips' copied telematics figure (`trips.telematics_miles`), summed
 * the same way.
 */

interface RawRow {
  start: string;
  truck_count: number;
  load_count: number;
  route_miles: number;
  route_total_empty: number;
  route_pu: number;
  route_trl: number;
  route_total_miles: number;
  payable_mileage: number;
  empty_miles: number;
  loaded_miles: number;
  telematics_load_count: number;
  telematics_route_total_miles: number;
  telematics_miles: number;
}

const toMiles = (m: number) => Number(m) * METERS_TO_MILES;

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
  const planned = covered ? toMiles(r.telematics_route_total_miles) : null;
  const actual = covered ? Number(r.telematics_miles) : null;
  return {
    periodGroup: p.periodGroup,
    // A custom range's first and last days are cut to the range.
    periodStart: clip && r.start === clip.firstDay ? clip.from : p.periodStart,
    periodEnd: clip && r.start === clip.lastDay ? clip.to : p.periodEnd,
    truckCount: Number(r.truck_count),
    loadCount: Number(r.load_count),
    totalMiles: toMiles(r.route_total_miles),
    totalEmptyMiles: toMiles(r.route_total_empty),
    totalPuMiles: toMiles(r.route_pu),
    totalTrlMiles: toMiles(r.route_trl),
    totalLoadedMiles: toMiles(r.route_miles),
    totalPayableMileage: Number(r.payable_mileage),
    emptyMiles: Number(r.empty_miles),
    loadedMiles: Number(r.loaded_miles),
    telematicsLoadCount: covered,
    plannedMiles: planned,
    actualMiles: actual,
    milesDifference: planned === null || actual === null ? null : milesDifference(actual, planned),
    dataCoverage: covered / Number(r.load_count),
  };
}

/** The outer sums over per-truck rows of `inner` (which has start, truck_id and the sums). */
const periodSums = (inner: SQL) => sql`
  select to_char(start, 'YYYY-MM-DD') as start, count(*)::int as truck_count, sum(n)::int as load_count,
    sum(route_miles)::float8 as route_miles, sum(route_total_empty)::float8 as route_total_empty, sum(route_pu)::float8 as route_pu,
    sum(route_trl)::float8 as route_trl, sum(route_total_miles)::float8 as route_total_miles,
    sum(payable_mileage)::float8 as payable_mileage, sum(empty_miles)::float8 as empty_miles, sum(loaded_miles)::float8 as loaded_miles,
    sum(tel_n)::int as telematics_load_count, sum(tel_route_total_miles)::float8 as telematics_route_total_miles,
    sum(telematics_miles)::float8 as telematics_miles
  from (${inner}) per_truck
  where n > 0
  group by start
  order by start desc`;

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
      sum(${s.routeMiles}) as route_miles, sum(${s.routeTotalEmpty}) as route_total_empty, sum(${s.routePu}) as route_pu,
      sum(${s.routeTrl}) as route_trl, sum(${s.routeTotalMiles}) as route_total_miles, sum(${s.payableMileage}) as payable_mileage,
      sum(${s.emptyMiles}) as empty_miles, sum(${s.loadedMiles}) as loaded_miles, sum(${s.telematicsLoadCount}) as tel_n,
      sum(${s.telematicsRouteTotalMiles}) as tel_route_total_miles, sum(${s.telematicsMiles}) as telematics_miles
    from ${s}
    where ${s.periodKind} = ${kind}${truck}
    group by 1, 2`
      : sql`
    select ${s.periodStart} as start, ${s.loadCount} as n, ${s.routeMiles} as route_miles, ${s.routeTotalEmpty} as route_total_empty,
      ${s.routePu} as route_pu, ${s.routeTrl} as route_trl, ${s.routeTotalMiles} as route_total_miles, ${s.payableMileage} as payable_mileage,
      ${s.emptyMiles} as empty_miles, ${s.loadedMiles} as loaded_miles, ${s.telematicsLoadCount} as tel_n,
      ${s.telematicsRouteTotalMiles} as tel_route_total_miles, ${s.telematicsMiles} as telematics_miles
    from ${s}
    where ${s.periodKind} = ${kind}${truck}`;
  const rows = await rowsOf(db, periodSums(inner));
  return { grouping: q.periodType, rows: rows.map((r) => toRow(q.periodType, r)) };
}

/** Sums per Central day of a custom range (the first and last day cut to the range), newest first. */
export async function reportByRange(db: Db, q: { fromDate: Date; toDate: Date; truckId?: number | undefined }): Promise<ReportResult> {
  const t = trips;
  const truck = q.truckId !== undefined ? sql` and ${t.truckId} = ${q.truckId}` : sql``;
  const inner = sql`
    select (${t.pickupDateTime} at time zone 'America/Chicago')::date as start, ${t.truckId} as truck_id, count(*) as n,
      coalesce(sum(${t.routeMiles}), 0) as route_miles, coalesce(sum(${t.routeTotalEmpty}), 0) as route_total_empty,
      coalesce(sum(${t.routePu}), 0) as route_pu, coalesce(sum(${t.routeTrl}), 0) as route_trl,
      coalesce(sum(${t.routeTotalMiles}), 0) as route_total_miles, coalesce(sum(${t.payableMileage}), 0) as payable_mileage,
      coalesce(sum(${t.emptyMiles}), 0) as empty_miles, coalesce(sum(${t.loadedMiles}), 0) as loaded_miles,
      count(${t.telematicsMiles}) as tel_n,
      coalesce(sum(case when ${t.telematicsMiles} is not null then ${t.routeTotalMiles} end), 0) as tel_route_total_miles,
      coalesce(sum(${t.telematicsMiles}), 0) as telematics_miles
    from ${t}
    where ${t.tripStatus} <> 'CANCELLED' and ${t.pickupDateTime} >= ${q.fromDate.toISOString()}
      and ${t.pickupDateTime} <= ${q.toDate.toISOString()}${truck}
    group by 1, 2`;
  const rows = await rowsOf(db, periodSums(inner));
  const clip = { firstDay: formatCentral(q.fromDate, 'yyyy-MM-dd'), lastDay: formatCentral(q.toDate, 'yyyy-MM-dd'), from: formatWireDateTime(q.fromDate), to: formatWireDateTime(q.toDate) };
  return { grouping: 'DAILY', rows: rows.map((r) => toRow('DAILY', r, clip)) };
}
