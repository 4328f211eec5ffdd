import { and, desc, eq, sql } from 'drizzle-orm';
import { coverageOf, type DistanceMethod, type SourceMileStats } from '@milepost/contracts/mile-stats-api';
import type { IdentifierType } from '@milepost/contracts/trips-api';
import { TRIP_MESSAGES } from '@milepost/contracts/trips-api';
import { cityOf, type MapSourceReport, type MapSourceSummary, type TripMapReport, type TripMapSummary } from '@milepost/contracts/trip-map-api';
import { milesToMetres } from '@milepost/geo/units';
import type { Db } from '../../db/client';
import { trips } from '../../db/schema/trips';
import { AppError } from '../../platform/errors';
import { reviewOf } from '../mileage-review';
import { tripFigures, type TripFigures } from '../trip-figures';

/**
 * The trip map's panel titles and report dialog (packages/contracts/src/trip-map-api.ts), read
 * from the trip's stored figures (modules/trip-figures/figures.ts): no provider call, no write.
 * Each panel is one source (MAP_TYPES): 'here' is our routing's stored figures; each provider's key is there
 * when the trip's company runs that integration (and the TRIP settings have it on), with the
 * mileage engine's figures (docs/mileage-engine.md), or without figures when there is no track.
 * A trip is addressed by id (`/trips/{id}/map-summary`, `/trips/{id}/map-report`); the spec's
 * truck-and-number calls resolve it once with `tripIdForMap`, the rule `/trips/route-data` uses.
 */

/**
 * The one rule that finds "the trip a map shows" from a truck and a number (route-data and the
 * spec's /trips/summary and /trips/report-summary): that truck's trip with that number (of that
 * identifier type and driver, when given), the latest recovery, then the latest pickup.
 */
export async function tripIdForMap(
  db: Db,
  q: { truckId: number; number: string; identifierType?: IdentifierType | undefined; driverId?: number | undefined },
): Promise<number | null> {
  const [row] = await db
    .select({ id: trips.id })
    .from(trips)
    .where(
      and(
        eq(trips.truckId, q.truckId),
        q.identifierType ? eq(trips.identifierType, q.identifierType) : undefined,
        eq(sql`lower(${trips.identifierValue})`, q.number.toLowerCase()),
        q.driverId !== undefined ? eq(trips.driverId, q.driverId) : undefined,
      ),
    )
    .orderBy(desc(trips.recoveryLoadIndex), desc(trips.pickupDateTime), desc(trips.id))
    .limit(1);
  return row?.id ?? null;
}

type MapQuery = Parameters<typeof tripIdForMap>[1];
/** A provider's map type is its registry name in lower case (MAP_TYPES on the wire). */
type TelematicsType = Lowercase<TripFigures['sources'][number]>;

async function figuresOf(db: Db, tripId: number | null): Promise<TripFigures> {
  const f = tripId === null ? null : await tripFigures(db, tripId);
  if (!f) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  return f;
}

const method = (source: string | null) => (source === 'HERE' || source === 'ESTIMATE' ? source : null);

/** The integrations the trip's company runs, with their engine figures (null: no track for the trip). */
function telematicsOf(f: TripFigures): { type: TelematicsType; stats: SourceMileStats | null }[] {
  return f.sources.map((source) => ({ type: source.toLowerCase() as TelematicsType, stats: f.telematics[source]?.stats ?? null }));
}

/** The weakest method among the measured legs: GPS when any leg was measured along the track. */
function methodOf(stats: SourceMileStats): DistanceMethod | null {
  const methods = new Set(stats.legs.map((l) => l.method).filter((m) => m !== null));
  if (methods.has('GPS')) return 'GPS';
  return methods.has('ODOMETER') ? 'ODOMETER' : null;
}

/** Seconds from reaching the first stop to reaching the last, over the legs reached at both ends. */
function secondsOf(stats: SourceMileStats): number | null {
  const measured = stats.legs.filter((l) => typeof l.seconds === 'number');
  return measured.length ? measured.reduce((n, l) => n + l.seconds!, 0) : null;
}

/** Of those seconds, the time stood still (dwell at stops), over the same legs. */
function dwellOf(stats: SourceMileStats): number | null {
  const measured = stats.legs.filter((l) => typeof l.seconds === 'number' && typeof l.stillSeconds === 'number');
  return measured.length ? measured.reduce((n, l) => n + l.stillSeconds!, 0) : null;
}

const ref = ({ trip }: TripFigures) => ({ tripId: trip.id, truckId: trip.truckId, identifierType: trip.identifierType as IdentifierType, number: trip.identifierValue ?? '' });

function summaryOf(f: TripFigures): TripMapSummary {
  const here: MapSourceSummary = {
    type: 'here',
    method: method(f.trip.routeSource),
    distance: f.trip.routeTotalM,
    duration: f.trip.routeDurationS,
    // An estimate says what it was computed with (its tooltip); a HERE route has nothing to add.
    ...(f.trip.routeSource === 'ESTIMATE' ? { estimateBasis: f.trip.routeEstimateBasis } : {}),
  };
  const telematics = telematicsOf(f).map(({ type, stats }): MapSourceSummary =>
    stats
      ? { type, method: methodOf(stats), distance: milesToMetres(stats.totalMiles), duration: secondsOf(stats), dwell: dwellOf(stats), coverage: coverageOf(stats) }
      : { type, method: null, distance: null, duration: null, dwell: null, coverage: null },
  );
  return { ...ref(f), sources: [here, ...telematics] };
}

function reportOf(f: TripFigures): TripMapReport {
  const { stops, trip } = f;
  const here: MapSourceReport = {
    type: 'here',
    method: method(trip.routeSource),
    ...(trip.routeSource === 'ESTIMATE' ? { estimateBasis: trip.routeEstimateBasis } : {}),
    rows: stops.map((s) => ({ stopType: s.stopType, city: cityOf(s.address), distance: s.distance, totalDistance: s.totalDistance, duration: s.duration })),
    totals: { distance: trip.routeTotalM, duration: trip.routeDurationS },
  };
  const reports = telematicsOf(f).map(({ type, stats }): MapSourceReport => {
    // Each stop's row carries the leg into it, as measured by this source; the running total
    // counts the measured legs (a leg whose stops were never both reached has no figure).
    const legs = new Map((stats?.legs ?? []).map((l) => [l.toIndex, l]));
    let total = 0;
    const rows = stops.map((s, i) => {
      const row = { stopType: s.stopType, city: cityOf(s.address) };
      if (!stats) return { ...row, distance: null, totalDistance: null, duration: null };
      if (i === 0) return { ...row, distance: 0, totalDistance: 0, duration: 0 };
      const leg = legs.get(i);
      if (!leg || leg.miles === null) return { ...row, distance: null, totalDistance: null, duration: leg?.seconds ?? null };
      total += milesToMetres(leg.miles);
      return { ...row, distance: milesToMetres(leg.miles), totalDistance: total, duration: leg.seconds ?? null };
    });
    return {
      type,
      method: stats ? methodOf(stats) : null,
      rows,
      coverage: stats ? coverageOf(stats) : null,
      totals: stats ? { distance: milesToMetres(stats.totalMiles), duration: secondsOf(stats) } : { distance: null, duration: null },
    };
  });
  return { ...ref(f), sources: [here, ...reports] };
}

/** `GET /trips/{id}/map-summary` and `GET /trips/summary`. */
export async function tripMapSummary(db: Db, tripId: number | null): Promise<TripMapSummary> {
  const summary = summaryOf(await figuresOf(db, tripId));
  const review = await reviewOf(db, summary.tripId);
  // Only a completed trip has a rule in force: the answer of any other stays as it was.
  return review ? { ...summary, payRule: { payBasis: review.payBasis, tolerancePct: review.tolerancePct } } : summary;
}

/** `GET /trips/{id}/map-report` and `GET /trips/report-summary`. */
export async function tripMapReport(db: Db, tripId: number | null): Promise<TripMapReport> {
  return reportOf(await figuresOf(db, tripId));
}

/** The spec's truck-and-number calls: the trip found once, then the id calls' answer. */
export const tripMapSummaryFor = async (db: Db, q: MapQuery) => tripMapSummary(db, await tripIdForMap(db, q));
export const tripMapReportFor = async (db: Db, q: MapQuery) => tripMapReport(db, await tripIdForMap(db, q));
