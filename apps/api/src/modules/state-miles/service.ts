import { and, asc, eq, inArray, isNotNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isValidCoordinate, wgs84Meters } from '@milepost/geo/distance';
import { decodeColumns } from '@milepost/geo/flexpolyline';
import { cleanTrack } from '@milepost/geo/breadcrumbs';
import { JURISDICTION_RULES, metresByJurisdiction } from '@milepost/geo/jurisdictions';
import { coverageComplete, coverageOf, type SourceMileStats } from '@milepost/contracts/mile-stats-api';
import { metresToMiles } from '@milepost/geo/units';
import { formatWireDateTime } from '@milepost/contracts/time';
import {
  NOT_FILEABLE_LISTED,
  quarterRange,
  STATE_MILES_SOURCES,
  type StateMilesQuery,
  type StateMilesReport,
  type StateMilesSource,
  type TripStateMiles,
} from '@milepost/contracts/state-miles-api';
import { TRIP_MESSAGES } from '@milepost/contracts/trips-api';
import type { Db, ExportSessions } from '../../db/client';
import { exportCsv, type CsvColumn } from '../../platform/csv';
import { trucks } from '../../db/schema/reference';
import { tripMileStats, tripTracks } from '../../db/schema/telematics';
import { stateMilesMonthly, stateMilesQuarterly, tripStateMiles } from '../../db/schema/trip-statistics';
import { tripStops, trips } from '../../db/schema/trips';
import { AppError } from '../../platform/errors';
import type { JsonPieces } from '../../platform/json-text';
import { metresToMilesSql } from '../../db/units';
import { compiledPerShape, executeCompiled } from '../../db/compiled';
import type { RouteGeometry } from '@milepost/contracts/route-geometry';
import { PROVIDERS, type ProviderName } from '../telematics';

/*
 * State miles for IFTA (docs/state-miles.md). Splits are computed where the figures they come
 * from are written — a trip's save or route recompute (ROUTE or ESTIMATE) and the telematics
 * figures of its stored track (GPS) — and stored in trip_state_miles; reads only sum
 * stored rows (state_miles_monthly for quarters, kept by a trigger).
 *
 * A route leg's split is its line's share per jurisdiction scaled to the leg's road distance
 * (HERE's, or the estimate's). The GPS split is the cleaned track's own metres over the trip's
 * window, never scaled to the legs the engine measured; it counts only when the track measured
 * every leg (else it is kept `partial` and the trip counts by its route).
 */

type Parts = Map<string, number>;

/** Reads a trip's stored track of one provider (modules/telematics `loadStoredTrack`, passed in: telematics calls this module). */
export type StoredTrackReader = (
  db: Db,
  tripId: number,
  source: ProviderName,
) => Promise<{ track: { time: ArrayLike<number>; lat: ArrayLike<number>; lng: ArrayLike<number> }; fetchedAt: Date } | null>;

function addScaled(into: Parts, parts: Parts, total: number) {
  const sum = [...parts.values()].reduce((a, b) => a + b, 0);
  if (!(sum > 0) || !(total > 0)) return;
  for (const [state, m] of parts) into.set(state, (into.get(state) ?? 0) + (m * total) / sum);
}

/** A HERE polyline that does not decode counts as the straight leg (it never fails a save). */
function decodedOrNull(polyline: string): { lat: ArrayLike<number>; lng: ArrayLike<number> } | null {
  try {
    const c = decodeColumns(polyline);
    return c.lat.length >= 2 ? c : null;
  } catch {
    return null;
  }
}

/** The planned route's split: each leg's line (HERE's polyline, or the straight line for an estimate) scaled to the leg's distance. */
export function plannedSplit(geometry: RouteGeometry): { source: StateMilesSource; parts: Parts } {
  const parts: Parts = new Map();
  for (const leg of geometry.legs) {
    if (!(leg.distance > 0)) continue;
    const line = (leg.polyline && decodedOrNull(leg.polyline)) || { lat: [leg.from.lat, leg.to.lat], lng: [leg.from.lng, leg.to.lng] };
    addScaled(parts, metresByJurisdiction(line.lat, line.lng), leg.distance);
  }
  return { source: geometry.source === 'HERE' ? 'ROUTE' : 'ESTIMATE', parts };
}

/**
 * Marks the rows of the trip's best source (a complete GPS split, else ROUTE, else ESTIMATE): the
 * ones its reports count (ESTIMATE best: listed as not fileable). A partial GPS split is never best.
 */
async function markBest(db: Db, tripId: number) {
  await db.execute(sql`
    with top as (
      select s.source from ${tripStateMiles} s where s.trip_id = ${tripId} and not s.partial
      order by array_position(array['GPS', 'ROUTE', 'ESTIMATE']::text[], s.source) limit 1)
    update ${tripStateMiles} set best = (source = (select source from top))
    where trip_id = ${tripId} and best is distinct from (source = (select source from top))`);
}

/** Replaces the trip's rows of `sources` by `parts` (none: the source is gone) and marks its best source again. */
async function replace(
  db: Db,
  tripId: number,
  sources: readonly StateMilesSource[],
  next: { source: StateMilesSource; parts: Parts; computedFrom: string; partial?: boolean } | null,
) {
  await db.delete(tripStateMiles).where(and(eq(tripStateMiles.tripId, tripId), inArray(tripStateMiles.source, [...sources])));
  const [trip] = await db.select({ truckId: trips.truckId, pickupDateTime: trips.pickupDateTime }).from(trips).where(eq(trips.id, tripId));
  if (!trip) return;
  // The trip's truck, pickup time and status are copied by the table's trigger too (migration 0018): they stay the trip's.
  const rows = next
    ? [...next.parts]
        .filter(([, m]) => m > 0)
        .map(([state, metres]) => ({
          tripId,
          source: next.source,
          state,
          metres,
          computedFrom: next.computedFrom,
          partial: next.partial ?? false,
          rules: JURISDICTION_RULES,
          ...trip,
        }))
    : [];
  if (rows.length) await db.insert(tripStateMiles).values(rows);
  await markBest(db, tripId);
}

/** After a save or a route recompute, in its transaction: the planned split (ROUTE or ESTIMATE) from the route just computed. */
export async function writePlannedStateMiles(tx: Db, tripId: number, geometry: RouteGeometry | null) {
  const [t] = await tx.select({ version: trips.version }).from(trips).where(eq(trips.id, tripId));
  const planned = geometry ? plannedSplit(geometry) : null;
  await replace(
    tx,
    tripId,
    ['ROUTE', 'ESTIMATE'],
    planned && { ...planned, computedFrom: `${planned.source === 'ROUTE' ? 'HERE route' : 'Estimate'} of trip version ${t?.version ?? 0}` },
  );
}

/**
 * The GPS split from the stored track (docs/state-miles.md): the provider whose figure is the
 * trip's actual miles (the first in PROVIDERS order with one), else the provider with a stored track. Called where
 * the track or its figures are written (the telematics mile stats, the sync).
 */
export function recomputeStateMiles(db: Db, tripId: number, loadStoredTrack: StoredTrackReader): Promise<void> {
  // One at a time per trip (the trip's row lock): every provider's figures are kept at once.
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
    if (locked) await recomputeLocked(tx, tripId, loadStoredTrack);
  });
}

async function recomputeLocked(db: Db, tripId: number, loadStoredTrack: StoredTrackReader): Promise<void> {
  const [metas, stats] = await Promise.all([
    db.select({ source: tripTracks.source, pointCount: tripTracks.pointCount }).from(tripTracks).where(eq(tripTracks.tripId, tripId)),
    db
      .select({ source: tripMileStats.source, detail: tripMileStats.detail })
      .from(tripMileStats)
      .where(and(eq(tripMileStats.tripId, tripId), inArray(tripMileStats.source, [...PROVIDERS]), isNotNull(tripMileStats.totalM))),
  ]);
  // The telematics sources in their "actual" order (PROVIDERS: packages/contracts providers.ts).
  const order = PROVIDERS;
  const measured = order.find((p) => stats.some((s) => s.source === p));
  const provider = measured ?? order.find((p) => metas.some((m) => m.source === p && m.pointCount > 1));
  const stored = provider ? await loadStoredTrack(db, tripId, provider) : null;
  if (!provider || !stored || stored.track.lat.length < 2) return replace(db, tripId, ['GPS'], null);
  // The track's own metres over the trip's window, cleaned as the engine cleans it (jumps and jitter add nothing).
  const clean = cleanTrack(stored.track);
  const parts = metresByJurisdiction(clean.lat, clean.lng);
  // Counted only when the track measured every leg (the coverage kept with its figure).
  const detail = stats.find((s) => s.source === provider)?.detail as SourceMileStats | null | undefined;
  const coverage = detail ? coverageOf(detail) : null;
  const partial = !coverage || !coverageComplete(coverage);
  const what = `${provider} track fetched ${stored.fetchedAt.toISOString()}${coverage ? `, ${coverage.legsMeasured} of ${coverage.legs} legs measured` : ', no legs measured'}`;
  await replace(db, tripId, ['GPS'], { source: 'GPS', parts, computedFrom: what, partial });
}

const miles = (m: number) => metresToMiles(Number(m));
const SOURCE_RANK = new Map(STATE_MILES_SOURCES.map((s, i) => [s, i]));

/** A trip's stored splits, one entry per source it has, best first. */
export async function tripStateMilesOf(db: Db, tripId: number): Promise<TripStateMiles> {
  const [[trip], rows] = await Promise.all([
    db.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)),
    db
      .select({
        source: tripStateMiles.source,
        state: tripStateMiles.state,
        metres: tripStateMiles.metres,
        computedFrom: tripStateMiles.computedFrom,
        partial: tripStateMiles.partial,
      })
      .from(tripStateMiles)
      .where(eq(tripStateMiles.tripId, tripId)),
  ]);
  if (!trip) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  const bySource = new Map<StateMilesSource, TripStateMiles['sources'][number]>();
  for (const r of rows) {
    const source = r.source as StateMilesSource;
    let entry = bySource.get(source);
    if (!entry) bySource.set(source, (entry = { source, computedFrom: r.computedFrom, partial: r.partial, states: [] }));
    entry.states.push({ state: r.state, miles: miles(r.metres) });
  }
  const sources = [...bySource.values()].sort((a, b) => SOURCE_RANK.get(a.source)! - SOURCE_RANK.get(b.source)!);
  for (const s of sources) s.states.sort((a, b) => b.miles - a.miles || a.state.localeCompare(b.state));
  return { sources };
}

/** The period's bounds, and whether it is a quarter (whole Central months: the monthly totals answer it). */
export function periodOf(q: StateMilesQuery): { from: Date; to: Date; months: [string, string] | null } {
  if (q.periodType) {
    const { from, to } = quarterRange(q.year!, q.quarter!);
    const first = `${q.year}-${String((q.quarter! - 1) * 3 + 1).padStart(2, '0')}-01`;
    const last = `${q.year}-${String(q.quarter! * 3).padStart(2, '0')}-01`;
    return { from, to, months: [first, last] };
  }
  return { from: q.fromDate!, to: q.toDate!, months: null };
}

/**
 * Per truck, jurisdiction and source: metres and trips over the period (each trip by its best
 * source), unordered and without the truck's unit number. A quarter reads its quarterly totals
 * as they are (migration 0023). A custom range sums the quarterly totals of the Central quarters
 * wholly inside it, the monthly totals of the other whole months and, for the partial months at
 * its edges only, the trips' rows through the covering index of the
 * rows that count (migration 0023), so a range costs about what a quarter does
 * (docs/state-miles.md "Reading"). A month counts as whole when the range runs to its last
 * second, as a quarter's does (`quarterRange`).
 */
/**
 * What the statements below are written from: the period (a quarter's first month, or a custom
 * range only) and the truck or company filter. Each value is the request's own, or a placeholder
 * when the statement is written out once per shape (`compiledPerShape`: which of them are given).
 */
interface Filter {
  /** The quarter's first month (`YYYY-MM-01`), whose quarterly totals answer it; null for a custom range. */
  quarter: unknown;
  /** The period's bounds, as ISO 8601 text. */
  from: unknown;
  to: unknown;
  truckId?: unknown;
  companyId?: unknown;
}

function filterOf(q: StateMilesQuery, p = periodOf(q)): Filter {
  return { quarter: p.months?.[0] ?? null, from: p.from.toISOString(), to: p.to.toISOString(), truckId: q.truckId, companyId: q.companyId };
}

/** A filter's shape: the statement's text depends on this alone. */
interface FilterShape {
  quarter: boolean;
  truck: boolean;
  company: boolean;
}
const shapeOf = (f: Filter): FilterShape => ({ quarter: f.quarter !== null, truck: f.truckId !== undefined, company: f.companyId !== undefined });
const placeholdersOf = (shape: FilterShape): Filter => ({
  quarter: shape.quarter ? sql.placeholder('quarter') : null,
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  truckId: shape.truck ? sql.placeholder('truckId') : undefined,
  companyId: shape.company ? sql.placeholder('companyId') : undefined,
});
const valuesOf = (f: Filter) => f as unknown as Readonly<Record<string, unknown>>;

/** The filter's truck or company, as `and …` conditions on a truck id column. */
function truckFilter(f: Filter, col: AnyColumn): SQL {
  return sql.join(
    [
      f.truckId !== undefined ? sql` and ${col} = ${f.truckId}` : sql``,
      f.companyId !== undefined ? sql` and ${col} in (select ${trucks.id} from ${trucks} where ${trucks.companyId} = ${f.companyId})` : sql``,
    ],
    sql``,
  );
}

function stateMilesTotalsQuery(f: Filter): SQL {
  const m = stateMilesMonthly;
  const s = tripStateMiles;
  const truckOf = (col: AnyColumn) => truckFilter(f, col);
  if (f.quarter !== null) {
    const k = stateMilesQuarterly;
    return sql`
      select ${k.truckId} as truck_id, ${k.state} as state, ${k.source} as source, ${k.metres} as metres, ${k.trips} as trips
      from ${k}
      where ${k.quarter} = ${f.quarter} and ${k.trips} > 0${truckOf(k.truckId)}`;
  }
  const { from, to } = f;
  // ws, we: the first and the end of the whole Central months inside [from, to] (local times; we = ws: none);
  // qs, qe: the same for whole quarters inside [ws, we) (qs = qe = we: none).
  const k = stateMilesQuarterly;
  const monthsBetween = (lo: SQL, hi: SQL) => sql`
      select ${m.truckId} as truck_id, ${m.state} as state, ${m.source} as source, ${m.metres} as metres, ${m.trips} as trips
      from ${m}
      where ${m.month} >= (select ${lo}::date from b) and ${m.month} < (select ${hi}::date from b)${truckOf(m.truckId)}`;
  return sql`
    with b0 as (
      select ws, greatest(ws, we) as we from (select
        date_trunc('month', (${from}::timestamptz at time zone 'America/Chicago') - interval '1 microsecond') + interval '1 month' as ws,
        date_trunc('month', (${to}::timestamptz at time zone 'America/Chicago') + interval '1 second') as we) x),
    b as (
      select ws, we, case when qs < qe then qs else we end as qs, case when qs < qe then qe else we end as qe
      from (select ws, we, date_trunc('quarter', ws - interval '1 day') + interval '3 months' as qs, date_trunc('quarter', we) as qe from b0) y),
    parts as (${monthsBetween(sql`ws`, sql`qs`)}
      union all${monthsBetween(sql`qe`, sql`we`)}
      union all
      select ${k.truckId}, ${k.state}, ${k.source}, ${k.metres}, ${k.trips}
      from ${k}
      where ${k.quarter} >= (select qs::date from b) and ${k.quarter} < (select qe::date from b)${truckOf(k.truckId)}
      union all
      select ${s.truckId}, ${s.state}, ${s.source}, ${s.metres}, 1
      from ${s}
      where ${s.best} and not ${s.cancelled} and ${s.pickupDateTime} >= ${from} and ${s.pickupDateTime} <= ${to}
        and ${s.pickupDateTime} < (select ws at time zone 'America/Chicago' from b)${truckOf(s.truckId)}
      union all
      select ${s.truckId}, ${s.state}, ${s.source}, ${s.metres}, 1
      from ${s}
      where ${s.best} and not ${s.cancelled} and ${s.pickupDateTime} >= ${from} and ${s.pickupDateTime} <= ${to}
        and ${s.pickupDateTime} >= (select we at time zone 'America/Chicago' from b)${truckOf(s.truckId)})
    select truck_id, state, source, sum(metres)::float8 as metres, sum(trips)::int as trips
    from parts
    group by 1, 2, 3
    having sum(trips) > 0`;
}

/**
 * The period's trips whose best (only) split is a straight-line estimate: never counted, listed
 * apart (docs/state-miles.md "Reports"), in pickup order. Read from the index of the estimate
 * rows alone (migration 0036): a trip's rows share its pickup and truck, so the trips come out
 * grouped in the index's order and a list with a limit stops after its first trips. `total` is
 * how many there are in the period, limit or not (counted over the same rows, one statement;
 * null without a limit, where every trip is listed).
 * Each trip's number is looked up by its id: a join let the planner hash every trip of the table
 * for a quarter's ~12 000 (0.7 s for the worksheet of all trucks at a million trips).
 */
function notFileableQuery(f: Filter, limit: number | null): SQL {
  const s = tripStateMiles;
  return sql`
    select s.trip_id, (select ${trips.identifierValue} from ${trips} where ${trips.id} = s.trip_id) as number, s.truck_id, ${trucks.unitNumber} as unit_number,
      s.metres, s.pickup, s.total
    from (
      select ${s.tripId} as trip_id, min(${s.truckId}) as truck_id, sum(${s.metres})::float8 as metres, ${s.pickupDateTime} as pickup,
        ${limit === null ? sql`null::int` : sql`(count(*) over ())::int`} as total
      from ${s}
      where ${s.best} and not ${s.cancelled} and ${s.source} = 'ESTIMATE'
        and ${s.pickupDateTime} >= ${f.from} and ${s.pickupDateTime} <= ${f.to}${truckFilter(f, s.truckId)}
      group by ${s.pickupDateTime}, ${s.tripId}
      order by ${s.pickupDateTime}, ${s.tripId}${limit === null ? sql`` : sql` limit ${limit}`}) s
    join ${trucks} on ${trucks.id} = s.truck_id
    order by s.pickup, s.trip_id`;
}

/**
 * The worksheet's lines, in its order: the counted rows (GPS and ROUTE; never ESTIMATE) by
 * jurisdiction, truck unit, truck id, source, then each not fileable trip on a line of its own
 * with no jurisdiction and its note (the CSV export streams these).
 */
export function stateMilesRowsQuery(q: StateMilesQuery): SQL {
  const f = filterOf(q);
  return sql`
    select truck_id, unit_number, state, source, metres, trips, number from (
      select r.truck_id, ${trucks.unitNumber} as unit_number, r.state, r.source, r.metres, r.trips, null::text as number, 0 as part, null::timestamptz as pickup
      from (${stateMilesTotalsQuery(f)}) r join ${trucks} on ${trucks.id} = r.truck_id
      where r.source <> 'ESTIMATE'
      union all
      select n.truck_id, n.unit_number, '' as state, 'ESTIMATE' as source, n.metres, 1, n.number, 1, n.pickup
      from (${notFileableQuery(f, null)}) n) x
    order by part, state collate "C", unit_number collate "C", truck_id, source collate "C", pickup, number collate "C"`;
}

interface TotalsRow {
  truck_id: number;
  state: string;
  source: string;
  metres: number;
  trips: number;
}

/** The report's figures as PostgreSQL writes them (`stateMilesReportQuery`): JSON text, and the totals in metres. */
interface ReportTexts {
  rows: string;
  states: string;
  trucks: string;
  total_m: number;
  gps_m: number;
  estimate_m: number;
}

/**
 * The report in one statement, written as JSON by PostgreSQL (docs/state-miles.md "Reading"): the
 * truck × state × source rows in the worksheet's order — state, truck unit, truck id, source,
 * compared as code points (`collate "C"`, the CSV's order under the C.UTF-8 collation) — with
 * their truck's unit number; the per-state summary (the most miles first); the per-truck totals in
 * unit order; the totals. Only the trucks the filter names and that still exist (the join). The
 * trucks are ranked by unit number and id first (a window over the trucks, not over the rows).
 * The straight-line estimates' rows are never counted: only their miles are kept (their trips
 * are listed apart). Every sum adds its rows in the worksheet's order, so each figure is the same
 * double however the rows are grouped; miles are converted as `metresToMilesSql` converts them.
 */
function stateMilesReportQuery(f: Filter): SQL {
  const where = f.truckId !== undefined ? sql` where ${trucks.id} = ${f.truckId}` : f.companyId !== undefined ? sql` where ${trucks.companyId} = ${f.companyId}` : sql``;
  const inOrder = sql`state collate "C", truck_rank, source collate "C"`;
  const share = (part: SQL, whole: SQL) => sql`case when ${whole} > 0 then ${part} / ${whole} else 0 end`;
  return sql`
    with r as (
      select r.truck_id, t.unit_number, r.state, r.source, r.metres, r.trips, t.truck_rank
      from (${stateMilesTotalsQuery(f)}) r
      join (select ${trucks.id} as id, ${trucks.unitNumber} as unit_number,
              (row_number() over (order by ${trucks.unitNumber} collate "C", ${trucks.id}))::int as truck_rank
            from ${trucks}${where}) t on t.id = r.truck_id),
    counted as (select * from r where source <> 'ESTIMATE'),
    by_state as (
      select state, sum(metres order by truck_rank, source collate "C") as m, sum(trips)::int as trips,
        coalesce(sum(metres order by truck_rank, source collate "C") filter (where source = 'GPS'), 0) as gps
      from counted group by state),
    by_truck as (
      select truck_id, unit_number, truck_rank, sum(metres order by state collate "C", source collate "C") as m,
        coalesce(sum(metres order by state collate "C", source collate "C") filter (where source = 'GPS'), 0) as gps
      from counted group by truck_id, unit_number, truck_rank),
    totals as (
      select coalesce(sum(metres order by ${inOrder}) filter (where source <> 'ESTIMATE'), 0) as total_m,
        coalesce(sum(metres order by ${inOrder}) filter (where source = 'GPS'), 0) as gps_m,
        coalesce(sum(metres order by ${inOrder}) filter (where source = 'ESTIMATE'), 0) as estimate_m
      from r)
    select
      coalesce((select json_agg(json_build_object('truckId', truck_id, 'unitNumber', unit_number, 'state', state, 'miles', ${metresToMilesSql(sql`metres`)},
          'source', source, 'trips', trips) order by ${inOrder}) from counted), '[]')::text as rows,
      coalesce((select json_agg(json_build_object('state', state, 'miles', ${metresToMilesSql(sql`m`)}, 'trips', trips, 'gpsShare', ${share(sql`gps`, sql`m`)})
          order by m desc, state collate "C") from by_state), '[]')::text as states,
      coalesce((select json_agg(json_build_object('truckId', truck_id, 'unitNumber', unit_number, 'miles', ${metresToMilesSql(sql`m`)}, 'gpsShare', ${share(sql`gps`, sql`m`)})
          order by truck_rank) from by_truck), '[]')::text as trucks,
      totals.total_m, totals.gps_m, totals.estimate_m
    from totals`;
}

/**
 * A period's bound as the wire writes it (Central time), kept by instant: the same quarters are
 * asked for all day, and formatting in a time zone was ~6 % of the report's samples
 * (docs/trips-query-plans.md "State miles, written out once per shape"). Bounded.
 */
const wireTexts = new Map<number, string>();
function wireText(d: Date): string {
  let text = wireTexts.get(d.getTime());
  if (text === undefined) {
    if (wireTexts.size >= 256) wireTexts.clear();
    wireTexts.set(d.getTime(), (text = formatWireDateTime(d)));
  }
  return text;
}

/**
 * The report's two statements, written out once per filter shape and prepared once per connection
 * (db/compiled.ts; docs/trips-query-plans.md "Statements written out once per shape"): drizzle no
 * longer builds them on every request.
 */
const reportStatement = compiledPerShape((shape: FilterShape) => stateMilesReportQuery(placeholdersOf(shape)));
const listedStatement = compiledPerShape((shape: FilterShape) => notFileableQuery(placeholdersOf(shape), NOT_FILEABLE_LISTED));

/**
 * The report as JSON text, in pieces (platform/json-text.ts): PostgreSQL writes the rows, the
 * per-state summary and the per-truck totals (`stateMilesReportQuery`), beside the list of not
 * fileable trips; Node places them and writes the totals. No row is parsed or written in Node, and
 * the response schema's check of every row is left to the tests (state-miles.test.ts parses the
 * answers with that schema; docs/state-miles.md "Reading").
 */
export async function stateMilesReportJson(db: Db, q: StateMilesQuery): Promise<JsonPieces> {
  const p = periodOf(q);
  const f = filterOf(q, p);
  const shape = shapeOf(f);
  const [report, listed] = await Promise.all([
    executeCompiled<ReportTexts>(db, reportStatement(shape, valuesOf(f))),
    // The first not fileable trips of the period, named.
    executeCompiled<{ trip_id: number; number: string | null; truck_id: number; unit_number: string; metres: number; total: number }>(db, listedStatement(shape, valuesOf(f))),
  ]);
  const r = report.rows[0]!;
  const [total, gps] = [Number(r.total_m), Number(r.gps_m)];
  const notFileableTrips = listed.rows.length ? Number(listed.rows[0]!.total) : 0;
  const items = listed.rows.map((x) =>
    JSON.stringify({ tripId: Number(x.trip_id), number: x.number, truckId: Number(x.truck_id), unitNumber: x.unit_number, miles: miles(Number(x.metres)) }),
  );
  return [
    `{"fromDate":${JSON.stringify(wireText(p.from))},"toDate":${JSON.stringify(wireText(p.to))},"rows":`,
    r.rows,
    ',"states":',
    r.states,
    ',"trucks":',
    r.trucks,
    `,"totalMiles":${miles(total)},"gpsShare":${total > 0 ? gps / total : 0},` +
      `"notFileable":{"trips":${notFileableTrips},"miles":${miles(Number(r.estimate_m))},"items":[${items.join(',')}]}}`,
  ];
}

/** The report as an object (tests and callers in the API). */
export async function stateMilesReport(db: Db, q: StateMilesQuery): Promise<StateMilesReport> {
  return JSON.parse((await stateMilesReportJson(db, q)).join('')) as StateMilesReport;
}

/**
 * The planned line the stored stops give without calling HERE: the straight legs between the
 * stops with a position, each scaled to the leg distance stored on its stop — HERE's or the
 * estimate's. For a trip whose figures are an estimate this is the geometry its save computed
 * (`computeRouteFigures` in modules/trip-figures/route.ts: the straight line between the two
 * stops, the leg's estimated distance, which the save stores on the stop).
 */
async function storedStraightLegs(db: Db, tripId: number): Promise<RouteGeometry> {
  const stops = (
    await db
      .select({ latitude: tripStops.latitude, longitude: tripStops.longitude, distance: tripStops.distance })
      .from(tripStops)
      .where(eq(tripStops.tripId, tripId))
      .orderBy(asc(tripStops.orderIndex))
  ).filter((s) => isValidCoordinate(s.latitude, s.longitude));
  const legs = stops.slice(1).map((to, k) => {
    const from = { lat: stops[k]!.latitude, lng: stops[k]!.longitude };
    const end = { lat: to.latitude, lng: to.longitude };
    return { distance: to.distance ?? wgs84Meters(from, end), polyline: null, from, to: end };
  });
  return { source: 'ESTIMATE', legs };
}

/** Where the recompute of older rules' splits goes on: after this (rules, trip) in the order of `trip_state_miles_rules_idx`. */
export interface RulesCursor {
  rules: string;
  tripId: number;
}

export interface StateMilesBackfill {
  /** Trips without any split that got one. */
  computed: number;
  /** Trips whose ESTIMATE or GPS split of older rules was computed again. */
  recomputed: number;
  /** A batch was full: run again (from `after`) until this is false. */
  more: boolean;
  /** The last trip of older rules looked at (pass it to the next run), or the one passed in. */
  after: RulesCursor | null;
}

/**
 * Up to `limit` trips whose ESTIMATE or GPS rows carry other rules than today's, in
 * (rules, trip) order after `after`: the older names sort before or after today's, so each side
 * is one range of `trip_state_miles_rules_idx` (its predicate is written as the index's, so the
 * planner uses it) and a run reads only the rows it returns.
 */
async function tripsOfOlderRules(db: Db, after: RulesCursor | null, limit: number): Promise<RulesCursor[]> {
  const found: RulesCursor[] = [];
  for (const side of [sql`rules < ${JURISDICTION_RULES}`, sql`rules > ${JURISDICTION_RULES}`]) {
    if (found.length >= limit) break;
    const rows = (
      (await db.execute(sql`
        select rules, trip_id from ${tripStateMiles}
        where source <> 'ROUTE' and ${side}${after ? sql` and (rules, trip_id) > (${after.rules}, ${after.tripId})` : sql``}
        group by rules, trip_id
        order by rules, trip_id
        limit ${limit - found.length}`)) as unknown as { rows: { rules: string; trip_id: number }[] }
    ).rows;
    found.push(...rows.map((r) => ({ rules: r.rules, tripId: Number(r.trip_id) })));
  }
  return found;
}

/**
 * Computes again, in one short transaction under the trip's row lock, the trip's ESTIMATE and
 * GPS splits that carry other rules than today's (docs/state-miles.md, "When the rules
 * change"): the ESTIMATE from the stored stops' straight legs (`storedStraightLegs`, what its
 * save computed; what it was computed from stays), the GPS from the stored track as the
 * telematics figures do (`recomputeLocked`). A ROUTE split is never touched: HERE's line was not
 * stored. A save that came first already wrote today's rules, and is left as it is.
 */
async function recomputeOlderRules(db: Db, tripId: number, loadStoredTrack: StoredTrackReader): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: trips.id }).from(trips).where(eq(trips.id, tripId)).for('update');
    if (!locked) return false;
    const stale = await tx
      .selectDistinct({ source: tripStateMiles.source, computedFrom: tripStateMiles.computedFrom })
      .from(tripStateMiles)
      .where(and(eq(tripStateMiles.tripId, tripId), inArray(tripStateMiles.source, ['ESTIMATE', 'GPS']), ne(tripStateMiles.rules, JURISDICTION_RULES)));
    const estimate = stale.find((r) => r.source === 'ESTIMATE');
    if (estimate) {
      const planned = plannedSplit(await storedStraightLegs(tx, tripId));
      await replace(tx, tripId, ['ESTIMATE'], { ...planned, computedFrom: estimate.computedFrom });
    }
    if (stale.some((r) => r.source === 'GPS')) await recomputeLocked(tx, tripId, loadStoredTrack);
    return stale.length > 0;
  });
}

/**
 * The background backfill of state miles (modules/trip-figures/jobs.ts), one batch of each kind a run:
 * - trips saved before state miles existed (migration 0018) have none: their planned split is
 *   computed from their stops' straight legs, scaled to each leg's stored distance (HERE's or
 *   the estimate's) and labelled ESTIMATE — the route's line was not kept — and their GPS
 *   split from their stored track. The next save computes the ROUTE split;
 * - trips whose ESTIMATE or GPS split was computed with older jurisdiction rules
 *   (`JURISDICTION_RULES`) get it computed again (`recomputeOlderRules`).
 * At most `limit` trips of each kind a run; each trip in its own transaction; with `onError`, a
 * trip whose recompute fails is reported and passed over; once `signal` aborts (shutdown) no
 * further trip is started and no continuation is asked for. The monthly and
 * quarterly totals follow the rows (the triggers of migrations 0018 and 0023).
 */
export async function backfillStateMiles(
  db: Db,
  loadStoredTrack: StoredTrackReader,
  opts: { limit?: number; after?: RulesCursor | null; onError?: (tripId: number, err: unknown) => void; signal?: AbortSignal } = {},
): Promise<StateMilesBackfill> {
  const limit = opts.limit ?? 500;
  const rows = (
    (await db.execute(sql`
      select t.id from ${trips} t
      where t.route_source is not null and not exists (select 1 from ${tripStateMiles} s where s.trip_id = t.id)
      order by t.id limit ${limit}`)) as unknown as { rows: { id: number }[] }
  ).rows;
  let computed = 0;
  for (const { id } of rows) {
    if (opts.signal?.aborted) break;
    computed++;
    const legs = await storedStraightLegs(db, id);
    await db.transaction(async (tx) => {
      const planned = plannedSplit(legs);
      await replace(tx, id, ['ROUTE', 'ESTIMATE'], { ...planned, computedFrom: "Straight legs between the stops, scaled to the trip's leg distances (saved before state miles)" });
    });
    await recomputeStateMiles(db, id, loadStoredTrack);
  }
  const older = opts.signal?.aborted ? [] : await tripsOfOlderRules(db, opts.after ?? null, limit);
  let recomputed = 0;
  for (const { tripId } of older) {
    if (opts.signal?.aborted) break;
    try {
      if (await recomputeOlderRules(db, tripId, loadStoredTrack)) recomputed++;
    } catch (err) {
      // Reported and passed over (the cursor moves on): one trip that cannot be computed does not hold up the others.
      if (!opts.onError) throw err;
      opts.onError(tripId, err);
    }
  }
  // Stopped (the server shuts down): the next run starts again where this one began; no continuation.
  if (opts.signal?.aborted) return { computed, recomputed, more: false, after: opts.after ?? null };
  return { computed, recomputed, more: rows.length === limit || older.length === limit, after: older.at(-1) ?? opts.after ?? null };
}

/** The IFTA worksheet as a CSV stream read on an export session (platform/csv.ts `exportCsv`). */
export function exportStateMiles<R>(exports: ExportSessions, q: StateMilesQuery, columns: readonly CsvColumn<R>[], onError: (err: unknown) => void) {
  return exportCsv(exports, stateMilesRowsQuery(q), columns, onError);
}

/** One truck's metres and trips in one jurisdiction from one source over a quarter (each trip by its best source). */
export interface StateMilesTotal {
  truckId: number;
  state: string;
  source: StateMilesSource;
  metres: number;
  trips: number;
}

/** A company's quarter of state miles as stored (the quarterly totals): the IFTA return reads them (docs/ifta.md). */
export async function companyQuarterTotals(db: Db, companyId: number, year: number, quarter: number): Promise<StateMilesTotal[]> {
  const { rows } = (await db.execute(stateMilesTotalsQuery(filterOf({ periodType: 'QUARTERLY', year, quarter, companyId })))) as unknown as { rows: TotalsRow[] };
  return rows.map((r) => ({ truckId: Number(r.truck_id), state: r.state, source: r.source as StateMilesSource, metres: Number(r.metres), trips: Number(r.trips) }));
}

/** What the IFTA return counts of a company's counted trips beyond their stored totals (docs/ifta.md "Warnings"). */
export interface CountedTripsSummary {
  /** Trips whose counted split has one of the `left` sources, and their metres. */
  left: { trips: number; metres: number };
  /** Truck-days (Central day of the pickup) of trips whose counted split has one of the `withoutGps` sources. */
  daysWithoutGps: number;
}

/**
 * The counted trips (not cancelled, their best source) of a company's trucks picked up in [from,
 * to], summed in SQL: the trips left out and their metres, and the truck-days of miles without GPS.
 * The caller says which sources are which (the IFTA return asks its one fileable rule), so no trip
 * row travels to the server: a quarter of 40 000 trips answers in one row each (bench/cases/ifta.ts).
 */
export async function companyCountedTripsSummary(
  db: Db,
  q: { companyId: number; from: Date; to: Date; left: readonly StateMilesSource[]; withoutGps: readonly StateMilesSource[] },
): Promise<CountedTripsSummary> {
  const s = tripStateMiles;
  // One parameter each, as an array literal (the sources are the contract's constants).
  const list = (sources: readonly StateMilesSource[]) => sql`${`{${sources.join(',')}}`}::text[]`;
  const { rows } = (await db.execute(sql`
    with c as materialized (
      select ${s.tripId} as trip_id, ${s.truckId} as truck_id, ${s.source} as source, ${s.pickupDateTime} as pickup, ${s.metres} as metres
      from ${s}
      where ${s.best} and not ${s.cancelled} and ${s.pickupDateTime} >= ${q.from.toISOString()} and ${s.pickupDateTime} <= ${q.to.toISOString()}
        and ${s.source} = any(${list([...q.left, ...q.withoutGps])})
        and ${s.truckId} in (select ${trucks.id} from ${trucks} where ${trucks.companyId} = ${q.companyId}))
    select 'left' as part, count(*)::int as n, coalesce(sum(m), 0)::float8 as metres
    from (select trip_id, sum(metres) as m from c where source = any(${list(q.left)}) group by trip_id) l
    union all
    select 'days', count(*)::int, 0
    from (select 1 from c where source = any(${list(q.withoutGps)}) group by truck_id, (pickup at time zone 'America/Chicago')::date) d`)) as unknown as {
    rows: { part: string; n: number; metres: number }[];
  };
  const left = rows.find((r) => r.part === 'left');
  const days = rows.find((r) => r.part === 'days');
  return { left: { trips: Number(left?.n ?? 0), metres: Number(left?.metres ?? 0) }, daysWithoutGps: Number(days?.n ?? 0) };
}

/** A counted trip's metres in one jurisdiction, with its truck, load number and pickup (the IFTA return's drill-down). */
export interface JurisdictionTrip {
  tripId: number;
  truckId: number;
  unitNumber: string;
  loadNumber: string | null;
  pickupDateTime: Date;
  source: StateMilesSource;
  metres: number;
}

/** The counted trips of a company's trucks in [from, to] that drove in `state`, by pickup, paged in SQL. */
export async function companyTripsInJurisdiction(
  db: Db,
  q: { companyId: number; from: Date; to: Date; state: string; page: number; size: number },
): Promise<{ rows: JurisdictionTrip[]; total: number }> {
  const s = tripStateMiles;
  const where = sql`${s.best} and not ${s.cancelled} and ${s.state} = ${q.state}
      and ${s.pickupDateTime} >= ${q.from.toISOString()} and ${s.pickupDateTime} <= ${q.to.toISOString()}
      and ${s.truckId} in (select ${trucks.id} from ${trucks} where ${trucks.companyId} = ${q.companyId})`;
  const [page, count] = await Promise.all([
    db.execute(sql`
      select ${s.tripId} as trip_id, ${s.truckId} as truck_id, ${trucks.unitNumber} as unit_number, ${trips.loadNumber} as load_number,
        ${s.pickupDateTime} as pickup, ${s.source} as source, ${s.metres} as metres
      from ${s} join ${trucks} on ${trucks.id} = ${s.truckId} join ${trips} on ${trips.id} = ${s.tripId}
      where ${where}
      order by ${s.pickupDateTime}, ${s.tripId}
      limit ${q.size} offset ${q.page * q.size}`) as unknown as Promise<{
      rows: { trip_id: number; truck_id: number; unit_number: string; load_number: string | null; pickup: string | Date; source: string; metres: number }[];
    }>,
    db.execute(sql`select count(*)::int as n from ${s} where ${where}`) as unknown as Promise<{ rows: { n: number }[] }>,
  ]);
  return {
    rows: page.rows.map((r) => ({
      tripId: Number(r.trip_id),
      truckId: Number(r.truck_id),
      unitNumber: r.unit_number,
      loadNumber: r.load_number,
      pickupDateTime: new Date(r.pickup),
      source: r.source as StateMilesSource,
      metres: Number(r.metres),
    })),
    total: Number(count.rows[0]?.n ?? 0),
  };
}
