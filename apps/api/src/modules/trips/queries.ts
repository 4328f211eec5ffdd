import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { CENTRAL_TZ } from '@milepost/contracts/list-query';
import { formatWireDateTime } from '@milepost/contracts/time';
import { TRIP_MESSAGES, type HistoryEntry, type IdentifierType, type TripDetail, type TripRow, type tripListQuery } from '@milepost/contracts/trips-api';
import type { TripStatus } from '@milepost/contracts/trips-list';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/access';
import { dispatchers, drivers, recoveryReasons, trucks } from '../../db/schema/reference';
import { tripHistory, tripStops, trips } from '../../db/schema/trips';
import { metresToEnteredMilesSql, metresToMilesSql } from '../../db/units';
import { compiledOnce, compiledPerShape, executeCompiled, givenNames, placeholdersFor } from '../../db/compiled';
import { AppError } from '../../platform/errors';
import type { JsonPieces } from '../../platform/json-text';
import { orderBy, planEstimate, toPage } from '../../platform/paging';
import { toMiles, toEnteredMiles, iso, sameLowerNumber, sameNumber } from './fields';

/* The trips list, one trip and its history (docs/trips-query-plans.md). */

/**
 * A list row reads only the trip: the names it shows are kept on it (see migration 0005).
 * PostgreSQL writes each row as the JSON of `tripRow` — miles converted, dates formatted in
 * Central time — so Node touches no row (docs/trips-query-plans.md, "One statement per page").
 */
const rowJsonColumns = compiledOnce(
  sql.join(
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
  ),
);

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

/** The list's filters by name; their values bound by the caller (a value, or a placeholder: `listTrips`). */
const TRIP_FILTERS = ['loadNumber', 'trailerNumber', 'truckId', 'driverId', 'assignedUserId', 'tripStatus', 'fromDate', 'toDate'] as const;
type TripFilterName = (typeof TRIP_FILTERS)[number];
type TripFilterValues = Partial<Record<TripFilterName, unknown>>;
type TripListFilter = Omit<z.output<typeof tripListQuery>, 'page' | 'size' | 'sort'>;

/** A filter's values as the statement takes them (numbers lower-cased as `sameNumber` compares them, dates as ISO text); the filters not given are left out. */
function tripFilterValues(q: TripListFilter): TripFilterValues {
  const v: TripFilterValues = {};
  if (q.loadNumber) v.loadNumber = q.loadNumber.toLowerCase();
  if (q.trailerNumber) v.trailerNumber = q.trailerNumber.toLowerCase();
  for (const name of ['truckId', 'driverId', 'assignedUserId'] as const) if (q[name] !== undefined) v[name] = q[name];
  if (q.tripStatus) v.tripStatus = q.tripStatus;
  if (q.fromDate) v.fromDate = q.fromDate.toISOString();
  if (q.toDate) v.toDate = q.toDate.toISOString();
  return v;
}

function tripFilters(v: TripFilterValues): SQL | undefined {
  const filters: SQL[] = [];
  if (v.loadNumber !== undefined) filters.push(sameLowerNumber('LOAD_NUMBER', v.loadNumber));
  if (v.trailerNumber !== undefined) filters.push(sameLowerNumber('TRAILER_NUMBER', v.trailerNumber));
  if (v.truckId !== undefined) filters.push(sql`${trips.truckId} = ${v.truckId}`);
  if (v.driverId !== undefined) filters.push(sql`${trips.driverId} = ${v.driverId}`);
  if (v.assignedUserId !== undefined) filters.push(sql`${trips.assignedUserId} = ${v.assignedUserId}`);
  if (v.tripStatus !== undefined) filters.push(sql`${trips.tripStatus} = ${v.tripStatus}`);
  if (v.fromDate !== undefined) filters.push(sql`${trips.pickupDateTime} >= ${v.fromDate}`);
  if (v.toDate !== undefined) filters.push(sql`${trips.pickupDateTime} <= ${v.toDate}`);
  return and(...filters);
}

/** The list's order for the filters given (their names) and the requested sort. */
function tripListOrder(given: readonly TripFilterName[], sort: z.output<typeof tripListQuery>['sort']): SQL[] {
  const has = (name: TripFilterName) => given.includes(name);
  // A sort on a column the filter makes constant (the assigned user's name when filtering by that
  // user, …) orders nothing; dropping it keeps the planner off a walk of the whole sort index.
  const constant = new Set<string>([
    ...(has('assignedUserId') ? ['assignUserName'] : []),
    ...(has('truckId') ? ['unitNumber', 'companyName'] : []),
    ...(has('driverId') ? ['driverName'] : []),
    ...(has('tripStatus') ? ['tripStatus'] : []),
    ...(has('loadNumber') || has('trailerNumber') ? ['loadNumber'] : []),
  ]);
  const sorts = sort.filter((s) => !constant.has(s.field));
  const tiebreakOnly = sort.length > 0 && sorts.length === 0 ? [sort.at(-1)!.direction === 'desc' ? desc(trips.id) : asc(trips.id)] : null;
  // The default, newest first, ties newest first too: a backward walk of (updated_at, id).
  const newest = [desc(trips.updatedAt), desc(trips.id)];
  return tiebreakOnly ?? (sorts.length ? orderBy(sorts, sortColumns, trips.id) : newest);
}

/** The list's filters and sort, shared by the page and the CSV export, so both show the same trips in the same order. */
export function tripListQueryParts(q: Omit<z.output<typeof tripListQuery>, 'page' | 'size'>): { where: SQL | undefined; order: SQL[] } {
  const v = tripFilterValues(q);
  return {
    where: tripFilters(v),
    order: tripListOrder(givenNames(TRIP_FILTERS, v), q.sort),
  };
}

/**
 * The page statement, written out once per shape (`compiledPerShape`): which filters are given
 * and the order; the filters' values, the limit and the offset are its values.
 */
const tripPageStatement = compiledPerShape((shape: { filters: TripFilterName[]; sort: z.output<typeof tripListQuery>['sort'] }) => {
  const where = tripFilters(placeholdersFor(shape.filters));
  const order = tripListOrder(shape.filters, shape.sort);
  const filter = where ? sql` where ${where}` : sql``;
  const capped = sql`(select count(*)::int from (select 1 from ${trips}${filter} limit ${TRIP_COUNT_CAP + 1}) c)`;
  const estimate = sql`(select reltuples::bigint from pg_class where oid = 'trips'::regclass)`;
  return sql`
    select coalesce((select json_agg(r) from (
        select ${rowJsonColumns} from ${trips}${filter} order by ${sql.join(order, sql`, `)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      ) r), '[]')::text as content,
      ${where ? capped : sql`case when ${estimate} > ${2 * TRIP_COUNT_CAP} then null else ${capped} end`} as counted,
      ${where ? sql`null::bigint` : estimate} as estimate`;
});

/**
 * One page of the trips list as the JSON text of `paged(tripRow)`, built by PostgreSQL in one
 * statement with its total (docs/trips-query-plans.md). Totals are exact up to
 * TRIP_COUNT_CAP; past it the database's estimate, flagged `totalIsEstimate`. Without a filter
 * the table's own row estimate decides first, so the default view counts nothing.
 */
export async function listTrips(db: Db, q: z.output<typeof tripListQuery>): Promise<JsonPieces> {
  const values = tripFilterValues(q);
  const result = await executeCompiled<{ content: string; counted: number | null; estimate: string | number | null }>(
    db,
    tripPageStatement({ filters: givenNames(TRIP_FILTERS, values), sort: q.sort }, { ...values, limit: q.size, offset: q.page * q.size }),
  );
  const row = result.rows[0]!;
  let total = row.counted;
  let isEstimate = false;
  if (total === null || total > TRIP_COUNT_CAP) {
    isEstimate = true;
    total = Math.max(TRIP_COUNT_CAP + 1, row.estimate !== null ? Number(row.estimate) : await planEstimate(db, sql`${trips}`, tripFilters(values)));
  }
  return [
    '{"content":',
    row.content,
    `,"totalElements":${total},"totalPages":${Math.ceil(total / q.size)},"page":${q.page},"size":${q.size}${isEstimate ? ',"totalIsEstimate":true' : ''}}`,
  ];
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
  const total = db
    .select({ n: count() })
    .from(tripHistory)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}
