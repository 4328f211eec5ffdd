import { and, asc, count, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { ROUTING, type EstimateBasis, type EstimateReason, type RouteSource, type RoutingMode } from '@milepost/contracts/routing-api';
import { DEFAULT_ROUTE_SETTING } from '@milepost/contracts/route-settings';
import { isValidCoordinate } from '@milepost/geo/distance';
import { legFigures, type LegStop } from '@milepost/geo/mileage';
import { resolveLoadStatuses, type StopType } from '@milepost/geo/stops';
import type { Db } from '../../db/client';
import { trucks, userRouteSettings } from '../../db/schema/reference';
import { tripStops, trips } from '../../db/schema/trips';
import type { RoutingService } from '../routing';
import type { RouteGeometry } from '@milepost/contracts/route-geometry';
import { writePlannedStateMiles } from '../state-miles';

/**
 * A trip's route figures come from the routing service on every save, never from the client
 * (docs/routing.md "Trip figures"). They are computed before the save's transaction opens, so a
 * slow HERE (up to HERE_TIMEOUT_MS, then the estimate) never holds database locks.
 */

export interface RoutedStop {
  latitude: number;
  longitude: number;
  stopType: string;
  loadStatus: string;
}

export interface StopFigures {
  /** Metres and seconds of the leg into the stop; null for a stop without a valid position. */
  distance: number | null;
  totalDistance: number | null;
  duration: number | null;
}

export interface RouteColumns {
  routeM: number | null;
  routeTotalEmptyM: number | null;
  routePuM: number | null;
  routeTrlM: number | null;
  routeTotalM: number | null;
  routeDurationS: number | null;
  routeSource: RouteSource | null;
  /** What the estimate was computed with (the company's factor or the default bands); null for HERE. */
  routeEstimateBasis: EstimateBasis | null;
  /** Why the figures are an estimate (the first estimated piece's reason); null for HERE. */
  routeEstimateReason: EstimateReason | null;
}

export interface RouteSettings {
  routingMode: RoutingMode;
  trailer: boolean;
}

const NO_ROUTE: RouteColumns = {
  routeM: null,
  routeTotalEmptyM: null,
  routePuM: null,
  routeTrlM: null,
  routeTotalM: null,
  routeDurationS: null,
  routeSource: null,
  routeEstimateBasis: null,
  routeEstimateReason: null,
};

/** The user's route settings; none yet: trailer on, Practical (docs/decisions/README.md). */
export async function routeSettingsOf(db: Db, userId: number): Promise<RouteSettings> {
  const [row] = await db
    .select({ trailerType: userRouteSettings.trailerType, routingType: userRouteSettings.routingType })
    .from(userRouteSettings)
    .where(eq(userRouteSettings.userId, userId));
  const s = row ?? DEFAULT_ROUTE_SETTING;
  return { routingMode: s.routingType === 'SHORTEST' ? 'SHORTEST' : 'PRACTICAL', trailer: s.trailerType === 'TRAILER_53' };
}

/**
 * Each stop's leg, cumulative distance and duration, and the trip's figures, for stops in
 * order. The route runs through the stops with a valid position (docs/product/trips.md); more than 22 go
 * to the routing service in overlapping pieces. One estimated piece makes the whole trip
 * ESTIMATE: a figure is only as trusted as its weakest leg.
 */
export async function computeRouteFigures(
  routing: RoutingService,
  settings: RouteSettings,
  stops: readonly RoutedStop[],
  /** The trip's company (its truck's): its own circuity factors, when it has them, make the estimate. */
  companyId: number | null = null,
): Promise<{ stops: StopFigures[]; columns: RouteColumns; geometry: RouteGeometry | null }> {
  const valid = stops.flatMap((s, i) => (isValidCoordinate(s.latitude, s.longitude) ? [i] : []));
  const figures: StopFigures[] = stops.map(() => ({ distance: null, totalDistance: null, duration: null }));
  if (valid.length < 2) return { stops: figures, columns: NO_ROUTE, geometry: null };

  const legs: { distance: number; duration: number; polyline: string }[] = [];
  let source: RouteSource = 'HERE';
  let basis: EstimateBasis | null = null;
  let reason: EstimateReason | null = null;
  const step = ROUTING.maxStops - 1;
  for (let from = 0; from < valid.length - 1; from += step) {
    const piece = valid.slice(from, from + ROUTING.maxStops).map((i) => ({ lat: stops[i]!.latitude, lng: stops[i]!.longitude }));
    const answer = await routing.route({ stops: piece, routingMode: settings.routingMode, trailer: settings.trailer }, { companyId });
    if (answer.source === 'ESTIMATE') {
      source = 'ESTIMATE';
      basis ??= answer.estimateBasis ?? null;
      reason ??= answer.estimateReason;
    }
    legs.push(...answer.routes[0]!.legs);
  }

  let total = 0;
  let duration = 0;
  figures[valid[0]!] = { distance: 0, totalDistance: 0, duration: 0 };
  valid.slice(1).forEach((stopIndex, k) => {
    const leg = legs[k]!;
    total += leg.distance;
    duration += leg.duration;
    figures[stopIndex] = { distance: leg.distance, totalDistance: total, duration: leg.duration };
  });
  const f = legFigures(stops.map((s, i) => ({ stopType: s.stopType, loadStatus: s.loadStatus, distance: figures[i]!.distance }) as LegStop));
  const at = (i: number) => ({ lat: stops[i]!.latitude, lng: stops[i]!.longitude });
  const geometry: RouteGeometry = {
    source,
    legs: legs.map((leg, k) => ({ distance: leg.distance, polyline: source === 'HERE' ? leg.polyline : null, from: at(valid[k]!), to: at(valid[k + 1]!) })),
  };
  return {
    stops: figures,
    columns: {
      routeM: f.miles,
      routeTotalEmptyM: f.totalEmpty,
      routePuM: f.pu,
      routeTrlM: f.trl,
      routeTotalM: f.totalMiles,
      routeDurationS: duration,
      routeSource: source,
      routeEstimateBasis: basis,
      routeEstimateReason: reason,
    },
    geometry,
  };
}

/**
 * Writes a stored trip's recomputed route figures — its columns, each stop's leg (and, when
 * given, its load status) and the planned state miles — in one transaction, unless the trip was
 * saved meanwhile (its version moved): that save already computed its figures. The version is
 * not bumped: no user edit happened. False when the trip was left alone.
 */
async function writeRouteFigures(
  db: Db,
  trip: { id: number; version: number },
  stops: readonly { id: number; loadStatus?: string }[],
  figures: { stops: StopFigures[]; columns: RouteColumns; geometry: RouteGeometry | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(trips)
      .set(figures.columns)
      .where(and(eq(trips.id, trip.id), eq(trips.version, trip.version)))
      .returning({ id: trips.id });
    if (!updated) return false;
    for (const [i, s] of stops.entries()) {
      const leg = figures.stops[i]!;
      await tx
        .update(tripStops)
        .set(s.loadStatus === undefined ? leg : { ...leg, loadStatus: s.loadStatus })
        .where(eq(tripStops.id, s.id));
    }
    await writePlannedStateMiles(tx, trip.id, figures.geometry);
    return true;
  });
}

export interface RecomputeOptions {
  tripIds?: number[] | undefined;
  /** Only trips whose figures were never computed by the server (no routeSource). */
  onlyMissing: boolean;
  /** Trips after this id (a cursor: pass the previous answer's lastId). */
  afterId?: number | undefined;
  limit: number;
}

/**
 * Recomputes the route figures of stored trips with the acting user's settings, a batch at a
 * time in id order, re-deriving each stop's default load status by freight on board (a
 * dispatcher's explicit choice is kept; docs/decisions/015-loaded-by-freight-on-board.md). A trip
 * saved meanwhile (its version moved) is left alone: that save already computed its figures. The
 * version is not bumped: no user edit happened.
 */
export async function recomputeTripRoutes(
  db: Db,
  routing: RoutingService,
  actorId: number,
  opts: RecomputeOptions,
): Promise<{ recomputed: number; skipped: number; lastId: number | null; remaining: number }> {
  const settings = await routeSettingsOf(db, actorId);
  const filter = (after?: number): SQL | undefined =>
    and(
      opts.tripIds ? inArray(trips.id, opts.tripIds) : undefined,
      opts.onlyMissing ? isNull(trips.routeSource) : undefined,
      after !== undefined ? gt(trips.id, after) : undefined,
    );
  const batch = await db
    .select({ id: trips.id, version: trips.version, companyId: trucks.companyId })
    .from(trips)
    .leftJoin(trucks, eq(trucks.id, trips.truckId))
    .where(filter(opts.afterId))
    .orderBy(asc(trips.id))
    .limit(opts.limit);
  let recomputed = 0;
  let skipped = 0;
  const queue = [...batch];
  // A few at a time: HERE answers in parallel, the database sees short transactions.
  await Promise.all(
    Array.from({ length: Math.min(4, queue.length) }, async () => {
      for (let t = queue.shift(); t; t = queue.shift()) {
        const stored = await db.select().from(tripStops).where(eq(tripStops.tripId, t.id)).orderBy(asc(tripStops.orderIndex));
        const statuses = resolveLoadStatuses(stored.map((s) => ({ ...s, stopType: s.stopType as StopType, loadStatus: s.loadStatus as LegStop['loadStatus'] })));
        const stops = stored.map((s, i) => ({ ...s, loadStatus: statuses[i]! }));
        const { stops: legs, columns, geometry } = await computeRouteFigures(routing, settings, stops, t.companyId);
        const done = await writeRouteFigures(db, t, stops, { stops: legs, columns, geometry });
        if (done) recomputed++;
        else skipped++;
      }
    }),
  );
  const lastId = batch.at(-1)?.id ?? null;
  const [left] = await db
    .select({ n: count() })
    .from(trips)
    .where(filter(lastId ?? opts.afterId));
  return { recomputed, skipped, lastId, remaining: lastId === null ? 0 : (left?.n ?? 0) };
}

/** Every trip (or every trip whose figures the server never computed), batch after batch. */
export async function recomputeAll(db: Db, routing: RoutingService, actorId: number, onlyMissing: boolean): Promise<number> {
  let afterId: number | undefined;
  let total = 0;
  for (;;) {
    const r = await recomputeTripRoutes(db, routing, actorId, { onlyMissing, afterId, limit: 200 });
    total += r.recomputed;
    if (r.lastId === null || r.remaining === 0) return total;
    afterId = r.lastId;
  }
}

/** Estimates the retry job leaves alone: no HERE key (nothing to retry). */
const RETRY_EXCEPT: EstimateReason = 'NO_KEY';
/** Reasons that say HERE itself could not answer: the job stops its round at the first one. */
const HERE_DOWN: readonly EstimateReason[] = ['HERE_THROTTLED', 'HERE_UNAVAILABLE', 'HERE_ERROR', 'TIMEOUT'];

/**
 * The HERE retry job's round (docs/routing.md#throttles): once HERE answers again, every trip
 * whose figures are an estimate for a reason other than NO_KEY is recomputed, in id order, a
 * batch at a time, each with the route settings of the user who last saved it. The round stops
 * as soon as a recomputed trip is still an estimate because HERE could not answer (throttled
 * again, failing, slow): the next round continues. A trip saved meanwhile is left alone.
 */
export async function recomputeEstimatedTrips(
  db: Db,
  routing: RoutingService,
  opts: { batch?: number } = {},
): Promise<{ recomputed: number; stillEstimated: number; stoppedBy: EstimateReason | null }> {
  const batch = opts.batch ?? 50;
  let afterId = 0;
  let recomputed = 0;
  let stillEstimated = 0;
  for (;;) {
    const rows = await db
      .select({ id: trips.id, version: trips.version, companyId: trucks.companyId, actor: sql<number | null>`coalesce(${trips.updatedBy}, ${trips.createdBy})` })
      .from(trips)
      .leftJoin(trucks, eq(trucks.id, trips.truckId))
      .where(and(ne(trips.routeEstimateReason, RETRY_EXCEPT), gt(trips.id, afterId)))
      .orderBy(asc(trips.id))
      .limit(batch);
    if (!rows.length) return { recomputed, stillEstimated, stoppedBy: null };
    for (const t of rows) {
      afterId = t.id;
      const settings = t.actor === null ? await routeSettingsOf(db, -1) : await routeSettingsOf(db, t.actor);
      const stored = await db.select().from(tripStops).where(eq(tripStops.tripId, t.id)).orderBy(asc(tripStops.orderIndex));
      const { stops: legs, columns, geometry } = await computeRouteFigures(routing, settings, stored, t.companyId);
      const done = await writeRouteFigures(
        db,
        t,
        stored.map((s) => ({ id: s.id })),
        { stops: legs, columns, geometry },
      );
      if (done) recomputed++;
      if (columns.routeSource === 'ESTIMATE') {
        stillEstimated++;
        if (columns.routeEstimateReason && HERE_DOWN.includes(columns.routeEstimateReason)) return { recomputed, stillEstimated, stoppedBy: columns.routeEstimateReason };
      }
    }
  }
}
