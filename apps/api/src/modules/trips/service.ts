import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { payableFrom } from '@milepost/contracts/mile-stats-api';
import { CENTRAL_TZ } from '@milepost/contracts/list-query';
import { formatWireDateTime } from '@milepost/contracts/time';
import {
  TRIP_MESSAGES,
  canChangeTripStatus,
  type DuplicateCheckRow,
  type HistoryEntry,
  type IdentifierType,
  type TripDetail,
  type TripRow,
  type tripInput,
  type tripListQuery,
} from '@milepost/contracts/trips-api';
import type { TripStatus } from '@milepost/contracts/trips-list';
import { resolveLoadStatuses, type LoadStatus } from '@milepost/geo/stops';
import { metresToEnteredMiles, metresToMiles, milesToMetres } from '@milepost/geo/units';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/access';
import { dispatchers, drivers, recoveryReasons, trucks } from '../../db/schema/reference';
import { tripHistory, tripStops, trips } from '../../db/schema/trips';
import { metresToEnteredMilesSql, metresToMilesSql } from '../../db/units';
import { compiledOnce } from '../../db/compiled';
import { AppError } from '../../platform/errors';
import { orderBy, planEstimate, toPage } from '../../platform/paging';
import { diffTrips, type TripSnapshot } from './history';
import type { RoutingService } from '../routing';
import { computeRouteFigures, routeSettingsOf, tripChanged, type RouteColumns, type StopFigures } from '../trip-figures';
import type { RouteGeometry } from '@milepost/contracts/route-geometry';

type TripInput = z.output<typeof tripInput>;
// Columns hold metres (docs/decisions/020-one-unit.md); the wire's mile fields are converted here, at the edge.
const toMiles = (m: number | null) => (m === null ? null : metresToMiles(m));
/** Figures staff typed in miles (empty, loaded, payable, odometers) read back as typed. */
const toEnteredMiles = (m: number | null) => (m === null ? null : metresToEnteredMiles(m));
const toMetres = (mi: number | null) => (mi === null ? null : milesToMetres(mi));
const iso = (d: Date) => d.toISOString();

/** Numbers match without regard to letter case, through the (type, lower(number)) index. */
const sameNumber = (type: IdentifierType, value: string) =>
  and(eq(trips.identifierType, type), eq(sql`lower(${trips.identifierValue})`, value.toLowerCase()))!;

// ---------------------------------------------------------------------------------------------
// List

const driverName = sql<string>`${drivers.firstName} || ' ' || ${drivers.lastName}`;
const dispatcherName = sql<string | null>`nullif(trim(${dispatchers.firstName} || ' ' || coalesce(${dispatchers.lastName}, '')), '')`;

/**
 * A list row reads only the trip: the names it shows are kept on it (see migration 0005).
 * PostgreSQL writes each row as the JSON of `tripRow` — miles converted, dates formatted in
 * Central time — so Node touches no row (docs/trips-query-plans.md, "One statement per page").
 */
const rowJsonColumns = compiledOnce(sql.join(
  (
    [
      ['id', sql`${trips.id}`],
      ['truckId', sql`${trips.truckId}`],
      ['driverId', sql`${trips.driverId}`],
      ['unitNumber', sql`coalesce(${trips.truckUnit}, '')`],
      ['driverName', sql`coalesce(${trips.driverName}, '')`],
      ['assignUserName', sql`${trips.assignedUserName}`],
      ['companyName', sql`${trips.companyName}`],
      ['loadNumber', sql`${trips.loadNumber}`],
      ['trailerNumber', sql`${trips.trailerNumber}`],
      ['identifierType', sql`${trips.identifierType}`],
      ['dispatcherName', sql`${trips.dispatcherName}`],
      ['miles', metresToMilesSql(trips.routeM)],
      ['totalEmpty', metresToMilesSql(trips.routeTotalEmptyM)],
      ['pu', metresToMilesSql(trips.routePuM)],
      ['trl', metresToMilesSql(trips.routeTrlM)],
      ['totalMiles', metresToMilesSql(trips.routeTotalM)],
      ['routeSource', sql`${trips.routeSource}`],
      ['routeEstimateBasis', sql`${trips.routeEstimateBasis}`],
      ['payableMileage', metresToEnteredMilesSql(trips.payableM)],
      ['loadedMiles', metresToEnteredMilesSql(trips.loadedM)],
      ['emptyMiles', metresToEnteredMilesSql(trips.emptyM)],
      ['pickupLocation', sql`${trips.pickupLocation}`],
      ['deliveryLocation', sql`${trips.deliveryLocation}`],
      ['isRecoveryLoad', sql`${trips.isRecoveryLoad}`],
      // Looked up for the page's rows only (a primary-key read; most trips have no reason).
      ['recoveryReasonName', sql`(select ${recoveryReasons.name} from ${recoveryReasons} where ${recoveryReasons.id} = ${trips.recoveryReasonId})`],
      // formatWireDateTime's MM/dd/yyyy HH:mm:ss in Central time, and toISOString's UTC with milliseconds.
      ['pickupDateTime', sql`to_char(${trips.pickupDateTime} at time zone ${sql.raw(`'${CENTRAL_TZ}'`)}, 'MM/DD/YYYY HH24:MI:SS')`],
      ['updated', sql`to_char(${trips.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`],
      ['tripStatus', sql`${trips.tripStatus}`],
    ] satisfies [keyof TripRow, SQL][]
  ).map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
  sql`, `,
));

/** Every sortable column is a trip column with a (column, id) index. */
const sortColumns = {
  id: trips.id,
  unitNumber: trips.truckUnit,
  driverName: trips.driverName,
  assignUserName: trips.assignedUserName,
  companyName: trips.companyName,
  loadNumber: trips.identifierValue,
  dispatcherName: trips.dispatcherName,
  miles: trips.routeM,
  totalEmpty: trips.routeTotalEmptyM,
  pu: trips.routePuM,
  trl: trips.routeTrlM,
  totalMiles: trips.routeTotalM,
  payableMileage: trips.payableM,
  loadedMiles: trips.loadedM,
  emptyMiles: trips.emptyM,
  pickupLocation: trips.pickupLocation,
  deliveryLocation: trips.deliveryLocation,
  pickupDateTime: trips.pickupDateTime,
  updated: trips.updatedAt,
  tripStatus: trips.tripStatus,
};

/** The list's filters and sort, shared by the page and the CSV export, so both show the same trips in the same order. */
export function tripListQueryParts(q: Omit<z.output<typeof tripListQuery>, 'page' | 'size'>): { where: SQL | undefined; order: SQL[] } {
  const filters: (SQL | undefined)[] = [];
  if (q.loadNumber) filters.push(sameNumber('LOAD_NUMBER', q.loadNumber));
  if (q.trailerNumber) filters.push(sameNumber('TRAILER_NUMBER', q.trailerNumber));
  if (q.truckId !== undefined) filters.push(eq(trips.truckId, q.truckId));
  if (q.driverId !== undefined) filters.push(eq(trips.driverId, q.driverId));
  if (q.assignedUserId !== undefined) filters.push(eq(trips.assignedUserId, q.assignedUserId));
  if (q.tripStatus) filters.push(eq(trips.tripStatus, q.tripStatus));
  if (q.fromDate) filters.push(gte(trips.pickupDateTime, q.fromDate));
  if (q.toDate) filters.push(lte(trips.pickupDateTime, q.toDate));
  const where = and(...filters);
  // A sort on a column the filter makes constant (the assigned user's name when filtering by that
  // user, …) orders nothing; dropping it keeps the planner off a walk of the whole sort index.
  const constant = new Set<string>([
    ...(q.assignedUserId !== undefined ? ['assignUserName'] : []),
    ...(q.truckId !== undefined ? ['unitNumber', 'companyName'] : []),
    ...(q.driverId !== undefined ? ['driverName'] : []),
    ...(q.tripStatus ? ['tripStatus'] : []),
    ...(q.loadNumber || q.trailerNumber ? ['loadNumber'] : []),
  ]);
  const sorts = q.sort.filter((s) => !constant.has(s.field));
  const tiebreakOnly = q.sort.length > 0 && sorts.length === 0 ? [q.sort.at(-1)!.direction === 'desc' ? desc(trips.id) : asc(trips.id)] : null;
  // The default, newest first, ties newest first too: a backward walk of (updated_at, id).
  const newest = [desc(trips.updatedAt), desc(trips.id)];
  return { where, order: tiebreakOnly ?? (sorts.length ? orderBy(sorts, sortColumns, trips.id) : newest) };
}

/**
 * One page of the trips list as the JSON text of `paged(tripRow)`, built by PostgreSQL in one
 * statement with its total (docs/trips-query-plans.md). Totals are exact up to
 * TRIP_COUNT_CAP; past it the database's estimate, flagged `totalIsEstimate`. Without a filter
 * the table's own row estimate decides first, so the default view counts nothing.
 */
export async function listTrips(db: Db, q: z.output<typeof tripListQuery>): Promise<string> {
  const { where, order } = tripListQueryParts(q);
  const filter = where ? sql` where ${where}` : sql``;
  const capped = sql`(select count(*)::int from (select 1 from ${trips}${filter} limit ${TRIP_COUNT_CAP + 1}) c)`;
  const estimate = sql`(select reltuples::bigint from pg_class where oid = 'trips'::regclass)`;
  const result = (await db.execute(sql`
    select coalesce((select json_agg(r) from (
        select ${rowJsonColumns} from ${trips}${filter} order by ${sql.join(order, sql`, `)} limit ${q.size} offset ${q.page * q.size}
      ) r), '[]')::text as content,
      ${where ? capped : sql`case when ${estimate} > ${2 * TRIP_COUNT_CAP} then null else ${capped} end`} as counted,
      ${where ? sql`null::bigint` : estimate} as estimate`)) as unknown as { rows: { content: string; counted: number | null; estimate: string | number | null }[] };
  const row = result.rows[0]!;
  let total = row.counted;
  let isEstimate = false;
  if (total === null || total > TRIP_COUNT_CAP) {
    isEstimate = true;
    total = Math.max(TRIP_COUNT_CAP + 1, row.estimate !== null ? Number(row.estimate) : await planEstimate(db, sql`${trips}`, where));
  }
  return `{"content":${row.content},"totalElements":${total},"totalPages":${Math.ceil(total / q.size)},"page":${q.page},"size":${q.size}${isEstimate ? ',"totalIsEstimate":true' : ''}}`;
}

/** Trip totals are exact up to this many; larger ones are the database's estimate. */
export const TRIP_COUNT_CAP = 10_000;

// ---------------------------------------------------------------------------------------------
// One trip

export async function getTrip(db: Db, id: number): Promise<TripDetail> {
  const [t] = await db
    .select({
      trip: trips,
      unitNumber: trucks.unitNumber,
      driverFirst: drivers.firstName,
      driverLast: drivers.lastName,
      dispatcherFirst: dispatchers.firstName,
      dispatcherLast: dispatchers.lastName,
      recoveryReasonName: recoveryReasons.name,
    })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .innerJoin(drivers, eq(drivers.id, trips.driverId))
    .leftJoin(dispatchers, eq(dispatchers.id, trips.dispatcherId))
    .leftJoin(recoveryReasons, eq(recoveryReasons.id, trips.recoveryReasonId))
    .where(eq(trips.id, id));
  if (!t) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  const trip = t.trip;
  const type = trip.identifierType as IdentifierType;
  const number = (type === 'LOAD_NUMBER' ? trip.loadNumber : trip.trailerNumber) ?? '';
  const [stops, [incomplete]] = await Promise.all([
    db.select().from(tripStops).where(eq(tripStops.tripId, id)).orderBy(asc(tripStops.orderIndex)),
    db
      .select({ n: count() })
      .from(trips)
      .where(and(sameNumber(type, number), ne(trips.id, id), inArray(trips.tripStatus, ['UPCOMING', 'IN_TRANSIT']))),
  ]);
  return {
    id: trip.id,
    truckId: trip.truckId,
    driverId: trip.driverId,
    dispatcherId: trip.dispatcherId,
    truck: { id: trip.truckId, unitNumber: t.unitNumber },
    driver: { id: trip.driverId, firstName: t.driverFirst, lastName: t.driverLast },
    dispatcher: trip.dispatcherId ? { id: trip.dispatcherId, firstName: t.dispatcherFirst ?? '', lastName: t.dispatcherLast } : null,
    identifierType: type,
    loadNumber: trip.loadNumber,
    trailerNumber: trip.trailerNumber,
    tripStatus: trip.tripStatus as TripStatus,
    pickupDateTime: formatWireDateTime(trip.pickupDateTime),
    startDateTime: trip.startDateTime ? formatWireDateTime(trip.startDateTime) : null,
    endDateTime: trip.endDateTime ? formatWireDateTime(trip.endDateTime) : null,
    startOdometer: toEnteredMiles(trip.startOdometerM),
    endOdometer: toEnteredMiles(trip.endOdometerM),
    emptyMiles: toEnteredMiles(trip.emptyM),
    loadedMiles: toEnteredMiles(trip.loadedM),
    payableMileage: toEnteredMiles(trip.payableM),
    notes: trip.notes,
    recoveryReasonId: trip.recoveryReasonId,
    recoveryReasonName: t.recoveryReasonName,
    recoveryLoadIndex: trip.recoveryLoadIndex,
    isRecoveryLoad: trip.isRecoveryLoad,
    hasIncompleteTrips: (incomplete?.n ?? 0) > 0,
    tripStops: stops.map(({ tripId: _t, ...s }) => s),
    mileStats: {
      miles: toMiles(trip.routeM),
      totalEmpty: toMiles(trip.routeTotalEmptyM),
      pu: toMiles(trip.routePuM),
      trl: toMiles(trip.routeTrlM),
      totalMiles: toMiles(trip.routeTotalM),
      totalDuration: trip.routeDurationS,
      emptyMiles: toEnteredMiles(trip.emptyM),
      loadedMiles: toEnteredMiles(trip.loadedM),
      payableMileage: toEnteredMiles(trip.payableM),
    },
    routeSource: trip.routeSource as TripDetail['routeSource'],
    routeEstimateBasis: trip.routeEstimateBasis as TripDetail['routeEstimateBasis'],
    version: trip.version,
    updated: iso(trip.updatedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Number check and lookups

/** Trips using this number (any status), sorted by recovery index. */
export async function checkNumber(db: Db, number: string, type: IdentifierType, excludeId?: number): Promise<DuplicateCheckRow[]> {
  const rows = await db
    .select({
      id: trips.id,
      truckId: trips.truckId,
      unitNumber: trucks.unitNumber,
      identifierType: trips.identifierType,
      loadNumber: trips.loadNumber,
      trailerNumber: trips.trailerNumber,
      driverName,
      tripStatus: trips.tripStatus,
      recoveryLoadIndex: trips.recoveryLoadIndex,
    })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .innerJoin(drivers, eq(drivers.id, trips.driverId))
    .where(and(sameNumber(type, number), excludeId ? ne(trips.id, excludeId) : undefined))
    .orderBy(asc(trips.recoveryLoadIndex), asc(trips.id));
  return rows.map((r) => ({ ...r, identifierType: r.identifierType as IdentifierType }));
}


/**
 * Load or trailer numbers containing the keyword anywhere ("7842" finds LD-784210), for the
 * pickers: numbers starting with the keyword first, then those holding it further in, each in
 * number order. Plans (docs/trips-query-plans.md): the starting ones walk the text_pattern_ops
 * index in order and stop after a page; the others come from the pg_trgm index (keywords of 3
 * characters or more; shorter ones are common enough to find by walking the index in order).
 * The picker only needs to know whether another page exists, so nothing is counted: one number
 * past the page is read, and `totalElements` is exact up to the page and "at least one more" beyond.
 */
export async function identifierNumbers(db: Db, q: { keyword?: string | undefined; type: IdentifierType; page: number; size: number }) {
  const value = sql`lower(${trips.identifierValue})`;
  const ofType = eq(trips.identifierType, q.type);
  const distinctPage = (where: SQL | undefined, key: SQL, limit: number, offset: number) =>
    db
      .selectDistinctOn([key], { identifierValue: sql<string>`${trips.identifierValue}` })
      .from(trips)
      .where(where)
      .orderBy(sql`${key} using ~<~`)
      .limit(limit)
      .offset(offset);
  // Distinct numbers in key order up to the cap: with the b-tree key the walk stops at the cap.
  const cappedCount = async (where: SQL | undefined, cap: number) =>
    cap <= 0
      ? 0
      : ((await db.select({ n: sql<number>`count(*)::int` }).from(db.selectDistinct({ v: value }).from(trips).where(where).orderBy(sql`${value} using ~<~`).limit(cap).as('d')))[0]?.n ?? 0);
  // One row past the page tells whether another page exists.
  const answer = (rows: { identifierValue: string }[], more: boolean) => ({
    content: rows,
    totalElements: offset + rows.length + (more ? 1 : 0),
    totalPages: more ? q.page + 2 : q.page + 1,
    page: q.page,
    size: q.size,
  });

  const offset = q.page * q.size;
  if (!q.keyword) {
    const rows = await distinctPage(ofType, value, q.size + 1, offset);
    return answer(rows.slice(0, q.size), rows.length > q.size);
  }
  const escaped = q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const starts = and(ofType, sql`${value} like ${`${escaped}%`}`);
  const inside = and(ofType, sql`${value} like ${`%${escaped}%`}`, sql`${value} not like ${`${escaped}%`}`);
  // Keyed by an expression no b-tree holds, so the planner takes the trigram index rather than
  // walking every number in order to find a few late ones.
  const insideKey = q.keyword.length >= 3 ? sql`(${value} || '')` : value;

  const first = await distinctPage(starts, value, q.size + 1, offset);
  if (first.length > q.size) return answer(first.slice(0, q.size), true);
  // Fewer than a page start with the keyword: the rest of the page holds it further in.
  const startsCount = first.length > 0 ? offset + first.length : await cappedCount(starts, offset);
  const wanted = q.size - first.length;
  const rest = await distinctPage(inside, insideKey, wanted + 1, Math.max(0, offset - startsCount));
  return answer([...first, ...rest.slice(0, wanted)], rest.length > wanted);
}

/** Trucks and drivers that ran this number, most recent first. */
export async function vehicleInfoByNumber(db: Db, number: string, type?: IdentifierType) {
  const match = type
    ? sameNumber(type, number)
    : and(inArray(trips.identifierType, ['LOAD_NUMBER', 'TRAILER_NUMBER']), eq(sql`lower(${trips.identifierValue})`, number.toLowerCase()));
  const rows = await db
    .select({ truckId: trucks.id, unitNumber: trucks.unitNumber, driverId: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .innerJoin(drivers, eq(drivers.id, trips.driverId))
    .where(match)
    .orderBy(desc(trips.pickupDateTime), desc(trips.id))
    .limit(100);
  const trucksSeen = new Map<number, { id: number; unitNumber: string }>();
  const driversSeen = new Map<number, { id: number; firstName: string; lastName: string }>();
  for (const r of rows) {
    if (!trucksSeen.has(r.truckId)) trucksSeen.set(r.truckId, { id: r.truckId, unitNumber: r.unitNumber });
    if (!driversSeen.has(r.driverId)) driversSeen.set(r.driverId, { id: r.driverId, firstName: r.firstName, lastName: r.lastName });
  }
  return { trucks: [...trucksSeen.values()], drivers: [...driversSeen.values()] };
}

// ---------------------------------------------------------------------------------------------
// Writes

interface Refs {
  truck: string;
  driver: string;
  driverAssignedUserId: number | null;
  dispatcher: string | null;
  recoveryReason: string | null;
}

/** Checks that the referenced records exist and gives their names for the history. */
async function resolveRefs(tx: Db, input: Pick<TripInput, 'truckId' | 'driverId' | 'dispatcherId' | 'recoveryReasonId'>): Promise<Refs> {
  const [truck] = await tx.select({ unit: trucks.unitNumber }).from(trucks).where(eq(trucks.id, input.truckId));
  if (!truck) throw new AppError('BAD_REQUEST', TRIP_MESSAGES.truckNotFound, [{ path: 'body.truckId', message: TRIP_MESSAGES.truckNotFound }]);
  const [driver] = await tx.select({ name: driverName, userId: drivers.assignedUserId }).from(drivers).where(eq(drivers.id, input.driverId));
  if (!driver) throw new AppError('BAD_REQUEST', TRIP_MESSAGES.driverNotFound, [{ path: 'body.driverId', message: TRIP_MESSAGES.driverNotFound }]);
  let dispatcher: string | null = null;
  if (input.dispatcherId) {
    const [d] = await tx.select({ name: dispatcherName }).from(dispatchers).where(eq(dispatchers.id, input.dispatcherId));
    if (!d) throw new AppError('BAD_REQUEST', TRIP_MESSAGES.dispatcherNotFound, [{ path: 'body.dispatcherId', message: TRIP_MESSAGES.dispatcherNotFound }]);
    dispatcher = d.name;
  }
  let recoveryReason: string | null = null;
  if (input.recoveryReasonId) {
    const [r] = await tx.select({ name: recoveryReasons.name }).from(recoveryReasons).where(eq(recoveryReasons.id, input.recoveryReasonId));
    if (!r) throw new AppError('BAD_REQUEST', TRIP_MESSAGES.recoveryReasonNotFound, [{ path: 'body.recoveryReasonId', message: TRIP_MESSAGES.recoveryReasonNotFound }]);
    recoveryReason = r.name;
  }
  return { truck: truck.unit, driver: driver.name, driverAssignedUserId: driver.userId, dispatcher, recoveryReason };
}

/**
 * The number rules (docs/product/trips.md–5): other trips with this number (cancelled ones aside) make
 * this a recovery load, allowed only when all of them are completed and a reason is given.
 * Serialised per number with a transaction lock, so two saves cannot both pass.
 */
async function recoveryFor(tx: Db, input: TripInput, excludeId?: number): Promise<{ recoveryLoadIndex: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${input.identifierType}:${input.identifierValue.toLowerCase()}`}))`);
  const matches = (await checkNumber(tx, input.identifierValue, input.identifierType, excludeId)).filter((m) => m.tripStatus !== 'CANCELLED');
  if (!matches.length) return { recoveryLoadIndex: 0 };
  if (matches.some((m) => m.tripStatus !== 'COMPLETED')) throw new AppError('NUMBER_IN_USE', TRIP_MESSAGES.uncompleted);
  if (!input.recoveryReasonId) {
    throw new AppError('BAD_REQUEST', TRIP_MESSAGES.recoveryReasonForRecovery, [{ path: 'body.recoveryReasonId', message: TRIP_MESSAGES.recoveryReasonRequired }]);
  }
  return { recoveryLoadIndex: Math.max(...matches.map((m) => m.recoveryLoadIndex)) + 1 };
}

/**
 * The stops in order, each with the load status its leg is counted with: the one sent (a
 * dispatcher's explicit choice, kept) or the rule's default by freight on board
 * (docs/decisions/015-loaded-by-freight-on-board.md).
 */
function sortedStops(input: TripInput) {
  const stops = [...input.tripStops].sort((a, b) => a.orderIndex - b.orderIndex);
  const statuses = resolveLoadStatuses(stops.map((s) => ({ stopType: s.stopType, loadStatus: s.loadStatus, loadStatusExplicit: s.loadStatus !== null })));
  return stops.map((s, i) => ({ ...s, orderIndex: i, loadStatus: statuses[i]!, loadStatusExplicit: s.loadStatus !== null }));
}

/** Pickup Location: the first PICKUP stop; Delivery Location: the last DELIVERY stop; else the first / last stop. */
export function tripLocations(stops: readonly { stopType: string; address: string }[]): { pickupLocation: string | null; deliveryLocation: string | null } {
  return {
    pickupLocation: (stops.find((s) => s.stopType === 'PICKUP') ?? stops[0])?.address ?? null,
    deliveryLocation: (stops.findLast((s) => s.stopType === 'DELIVERY') ?? stops.at(-1))?.address ?? null,
  };
}

/**
 * The route figures of the trip's stops, from the routing service with the saving user's route
 * settings: asked before any transaction opens. Whatever figures the client sent are replaced.
 */
async function routeOf(db: Db, routing: RoutingService, actorId: number, input: TripInput): Promise<{ stops: StopFigures[]; columns: RouteColumns; geometry: RouteGeometry | null }> {
  const [truck] = await db.select({ companyId: trucks.companyId }).from(trucks).where(eq(trucks.id, input.truckId));
  return computeRouteFigures(routing, await routeSettingsOf(db, actorId), sortedStops(input), truck?.companyId ?? null);
}

/** Columns derived from the input and its computed route: numbers, manual figures, route figures and locations. */
function tripColumns(input: TripInput, route: { stops: StopFigures[]; columns: RouteColumns }) {
  const stops = sortedStops(input).map((s, i) => ({ ...s, ...route.stops[i]! }));
  return {
    stops,
    columns: {
      truckId: input.truckId,
      driverId: input.driverId,
      dispatcherId: input.dispatcherId,
      identifierType: input.identifierType,
      loadNumber: input.identifierType === 'LOAD_NUMBER' ? input.identifierValue : null,
      trailerNumber: input.identifierType === 'TRAILER_NUMBER' ? input.identifierValue : null,
      tripStatus: input.tripStatus,
      pickupDateTime: input.pickupDateTime,
      startDateTime: input.startDateTime,
      endDateTime: input.endDateTime,
      startOdometerM: toMetres(input.startOdometer),
      endOdometerM: toMetres(input.endOdometer),
      emptyM: toMetres(input.emptyMiles),
      loadedM: toMetres(input.loadedMiles),
      payableM: toMetres(payableFrom(input.emptyMiles, input.loadedMiles)),
      notes: input.notes,
      recoveryReasonId: input.recoveryReasonId,
      /** A recovery reason makes it a recovery load (docs/product/trips.md). */
      isRecoveryLoad: input.recoveryReasonId !== null,
      ...route.columns,
      ...tripLocations(stops),
    },
  };
}

function snapshot(input: TripInput, refs: Refs, payableMileage: number | null, stops: TripSnapshot['stops'] = sortedStops(input)): TripSnapshot {
  return {
    tripStatus: input.tripStatus,
    driver: refs.driver,
    truck: refs.truck,
    dispatcher: refs.dispatcher,
    identifierType: input.identifierType,
    number: input.identifierValue,
    pickupDateTime: input.pickupDateTime,
    startDateTime: input.startDateTime,
    endDateTime: input.endDateTime,
    startOdometer: input.startOdometer,
    endOdometer: input.endOdometer,
    loadedMiles: input.loadedMiles,
    emptyMiles: input.emptyMiles,
    payableMileage,
    notes: input.notes,
    recoveryReason: refs.recoveryReason,
    stops,
  };
}

/**
 * When a history row's change was made: the moment of the insert (clock_timestamp), not the
 * transaction's start (now()). Changes to one trip are serialised by its row lock, so two
 * transactions that began in one order but got the lock in the other still list in the order
 * their changes were made.
 */
const changedNow = sql<Date>`clock_timestamp()`;

/** Creates the trip, its stops and its first history row in one transaction (routed before it opens). */
export async function createTrip(db: Db, routing: RoutingService, actorId: number, input: TripInput): Promise<TripDetail> {
  const route = await routeOf(db, routing, actorId, input);
  const id = await db.transaction(async (tx) => {
    const refs = await resolveRefs(tx, input);
    const recovery = await recoveryFor(tx, input);
    const { stops, columns } = tripColumns(input, route);
    const [trip] = await tx
      .insert(trips)
      .values({ ...columns, ...recovery, assignedUserId: refs.driverAssignedUserId, createdBy: actorId, updatedBy: actorId })
      .returning({ id: trips.id });
    await tx.insert(tripStops).values(stops.map((s) => ({ ...s, tripId: trip!.id })));
    await tx.insert(tripHistory).values({ tripId: trip!.id, columnName: 'TRIP_STATUS', oldValue: null, newValue: input.tripStatus, changedBy: actorId, createdAt: changedNow });
    await tripChanged(tx, trip!.id, { actorId, route: route.geometry });
    return trip!.id;
  });
  return getTrip(db, id);
}

/** Loads what the stored trip says, in history words, locking its row. */
async function storedSnapshot(tx: Db, id: number): Promise<{ snap: TripSnapshot; version: number; status: TripStatus; input: TripInput; driverAssignedUserId: number | null }> {
  const [row] = await tx.select().from(trips).where(eq(trips.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  const stops = await tx.select().from(tripStops).where(eq(tripStops.tripId, id)).orderBy(asc(tripStops.orderIndex));
  const input: TripInput = {
    truckId: row.truckId,
    driverId: row.driverId,
    dispatcherId: row.dispatcherId,
    identifierType: row.identifierType as IdentifierType,
    identifierValue: (row.identifierType === 'LOAD_NUMBER' ? row.loadNumber : row.trailerNumber) ?? '',
    tripStatus: row.tripStatus as TripStatus,
    pickupDateTime: row.pickupDateTime,
    startDateTime: row.startDateTime,
    endDateTime: row.endDateTime,
    startOdometer: toEnteredMiles(row.startOdometerM),
    endOdometer: toEnteredMiles(row.endOdometerM),
    emptyMiles: toEnteredMiles(row.emptyM),
    loadedMiles: toEnteredMiles(row.loadedM),
    notes: row.notes,
    recoveryReasonId: row.recoveryReasonId,
    tripStops: stops.map((s) => ({
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
      stopType: s.stopType as TripInput['tripStops'][number]['stopType'],
      // A default is re-derived on the next save; a choice is kept.
      loadStatus: s.loadStatusExplicit ? (s.loadStatus as LoadStatus) : null,
      orderIndex: s.orderIndex,
      distance: s.distance,
      totalDistance: s.totalDistance,
      duration: s.duration,
    })),
  };
  const refs = await resolveRefs(tx, input);
  // The history compares with what was counted: the stored statuses, not re-derived ones.
  return { snap: snapshot(input, refs, toEnteredMiles(row.payableM), stops), version: row.version, status: row.tripStatus as TripStatus, input, driverAssignedUserId: refs.driverAssignedUserId };
}

async function writeHistory(tx: Db, tripId: number, actorId: number, before: TripSnapshot, after: TripSnapshot) {
  const rows = diffTrips(before, after);
  if (rows.length) await tx.insert(tripHistory).values(rows.map((r) => ({ ...r, tripId, changedBy: actorId, createdAt: changedNow })));
  return rows.length;
}

/**
 * Saves a whole trip. The version must be the one the editor loaded: a stale one is refused
 * with 409 and nothing changes. Trip, stops and history rows are written in one transaction.
 */
export async function updateTrip(db: Db, routing: RoutingService, actorId: number, id: number, input: TripInput & { version: number }): Promise<TripDetail> {
  const route = await routeOf(db, routing, actorId, input);
  await db.transaction(async (tx) => {
    const stored = await storedSnapshot(tx, id);
    if (stored.version !== input.version) throw new AppError('STALE_VERSION', TRIP_MESSAGES.stale);
    if (!canChangeTripStatus(stored.status, input.tripStatus)) throw new AppError('TRANSITION_NOT_ALLOWED', TRIP_MESSAGES.transition(stored.status, input.tripStatus));
    const refs = await resolveRefs(tx, input);
    const numberChanged =
      stored.input.identifierType !== input.identifierType || stored.input.identifierValue.toLowerCase() !== input.identifierValue.toLowerCase();
    const recovery = numberChanged ? await recoveryFor(tx, input, id) : null;
    const { stops, columns } = tripColumns(input, route);
    await tx
      .update(trips)
      .set({
        ...columns,
        ...(recovery ?? {}),
        ...(input.driverId !== stored.input.driverId ? { assignedUserId: refs.driverAssignedUserId } : {}),
        updatedBy: actorId,
        updatedAt: sql`now()`,
        version: sql`${trips.version} + 1`,
      })
      .where(eq(trips.id, id));
    await tx.delete(tripStops).where(eq(tripStops.tripId, id));
    await tx.insert(tripStops).values(stops.map((s) => ({ ...s, tripId: id })));
    await writeHistory(tx, id, actorId, stored.snap, snapshot(input, refs, payableFrom(input.emptyMiles, input.loadedMiles)));
    await tripChanged(tx, id, { actorId, route: route.geometry });
  });
  return getTrip(db, id);
}

/** Changes only the status, within the allowed transitions; recorded in the history. */
export async function changeTripStatus(db: Db, actorId: number, id: number, status: TripStatus, version: number): Promise<TripDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: trips.tripStatus, version: trips.version }).from(trips).where(eq(trips.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
    if (row.version !== version) throw new AppError('STALE_VERSION', TRIP_MESSAGES.stale);
    const from = row.status as TripStatus;
    if (from === status) return;
    if (!canChangeTripStatus(from, status)) throw new AppError('TRANSITION_NOT_ALLOWED', TRIP_MESSAGES.transition(from, status));
    await tx
      .update(trips)
      .set({ tripStatus: status, updatedBy: actorId, updatedAt: sql`now()`, version: sql`${trips.version} + 1` })
      .where(eq(trips.id, id));
    await tx.insert(tripHistory).values({ tripId: id, columnName: 'TRIP_STATUS', oldValue: from, newValue: status, changedBy: actorId, createdAt: changedNow });
    await tripChanged(tx, id, { actorId });
  });
  return getTrip(db, id);
}

export async function historyOf(db: Db, q: { tripId: number; page: number; size: number }): Promise<Paged<HistoryEntry>> {
  const where = eq(tripHistory.tripId, q.tripId);
  const rows = db
    .select({
      id: tripHistory.id,
      columnName: tripHistory.columnName,
      oldValue: tripHistory.oldValue,
      newValue: tripHistory.newValue,
      name: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      createdAt: tripHistory.createdAt,
    })
    .from(tripHistory)
    .leftJoin(users, eq(users.id, tripHistory.changedBy))
    .where(where)
    .orderBy(desc(tripHistory.createdAt), desc(tripHistory.id))
    .limit(q.size)
    .offset(q.page * q.size)
    .then((l) => l.map((r) => ({ ...r, createdAt: iso(r.createdAt) })));
  const total = db.select({ n: count() }).from(tripHistory).where(where).then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}
