import { asc, eq, sql } from 'drizzle-orm';
import { payableFrom } from '@milepost/contracts/mile-stats-api';
import { TRIP_MESSAGES, canChangeTripStatus, type IdentifierType, type TripDetail } from '@milepost/contracts/trips-api';
import type { TripStatus } from '@milepost/contracts/trips-list';
import { resolveLoadStatuses, type LoadStatus } from '@milepost/geo/stops';
import type { Db } from '../../db/client';
import { dispatchers, drivers, recoveryReasons, trucks } from '../../db/schema/reference';
import { tripHistory, tripStops, trips } from '../../db/schema/trips';
import { AppError } from '../../platform/errors';
import { diffTrips, type TripSnapshot } from './history';
import type { RoutingService } from '../routing';
import { computeRouteFigures, routeSettingsOf, tripChanged, type RouteColumns, type StopFigures } from '../trip-figures';
import type { RouteGeometry } from '@milepost/contracts/route-geometry';
import { type TripInput, toEnteredMiles, toMetres, driverName, dispatcherName } from './fields';
import { checkNumber } from './lookups';
import { getTrip } from './queries';

/* A trip's writes: create, save, status change, each with its history and what follows (trip-figures). */

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
async function routeOf(
  db: Db,
  routing: RoutingService,
  actorId: number,
  input: TripInput,
): Promise<{ stops: StopFigures[]; columns: RouteColumns; geometry: RouteGeometry | null }> {
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
  return {
    snap: snapshot(input, refs, toEnteredMiles(row.payableM), stops),
    version: row.version,
    status: row.tripStatus as TripStatus,
    input,
    driverAssignedUserId: refs.driverAssignedUserId,
  };
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
    const numberChanged = stored.input.identifierType !== input.identifierType || stored.input.identifierValue.toLowerCase() !== input.identifierValue.toLowerCase();
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
