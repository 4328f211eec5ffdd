import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DistanceMethod, SourceMileStats } from '@milepost/contracts/mile-stats-api';
import type { IdentifierType } from '@milepost/contracts/trips-api';
import { TRIP_MESSAGES } from '@milepost/contracts/trips-api';
import { cityOf, type MapSourceReport, type MapSourceSummary, type TripMapReport, type TripMapSummary } from '@milepost/contracts/trip-map-api';
import { METERS_TO_MILES } from '@milepost/geo/units';
import { companies, globalSettings, trucks } from '../../db/schema/reference';
import { tripStops, trips } from '../../db/schema/trips';
import { AppError } from '../../platform/errors';
import { mileStatsOf, type MileStatsDeps } from '../mile-stats/service';

/**
 * The trip map's panel titles and report dialog (packages/contracts/src/trip-map-api.ts). Each
 * panel is one source: 'here' is our routing's stored figures; 'samsara' and 'gle' are there
 * when the trip's company runs that integration (and the TRIP settings have it on), with the
 * mileage engine's figures (docs/mileage-engine.md), or without figures when there is no track.
 */

/** The truck's trip with this load or trailer number: the latest recovery, then the latest pickup. */
async function tripFor(deps: MileStatsDeps, truckId: number, number: string) {
  const [trip] = await deps.db
    .select({
      id: trips.id,
      truckId: trips.truckId,
      identifierType: trips.identifierType,
      number: trips.identifierValue,
      routeSource: trips.routeSource,
      routeTotalMiles: trips.routeTotalMiles,
      routeDuration: trips.routeDuration,
      samsaraOn: sql<boolean>`coalesce(${companies.samsaraEnabled} and ${globalSettings.samsaraEnabled}, false)`,
      gleOn: sql<boolean>`coalesce(${companies.gleEnabled} and ${globalSettings.gleEnabled}, false)`,
    })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .leftJoin(companies, eq(companies.id, trucks.companyId))
    .leftJoin(globalSettings, eq(globalSettings.type, 'TRIP'))
    .where(and(eq(trips.truckId, truckId), eq(sql`lower(${trips.identifierValue})`, number.toLowerCase())))
    .orderBy(desc(trips.recoveryLoadIndex), desc(trips.pickupDateTime), desc(trips.id))
    .limit(1);
  if (!trip) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  return trip;
}

type Trip = Awaited<ReturnType<typeof tripFor>>;
type TelematicsType = 'samsara' | 'gle';

const method = (source: string | null) => (source === 'HERE' || source === 'ESTIMATE' ? source : null);
const meters = (miles: number) => miles / METERS_TO_MILES;

/** The integrations the trip's company runs, with their engine figures (null: no track for the trip). */
async function telematicsOf(deps: MileStatsDeps, t: Trip): Promise<{ type: TelematicsType; stats: SourceMileStats | null }[]> {
  if (!t.samsaraOn && !t.gleOn) return [];
  const { stats } = await mileStatsOf(deps, t.id);
  return [
    ...(t.samsaraOn ? [{ type: 'samsara' as const, stats: stats.samsaraStats }] : []),
    ...(t.gleOn ? [{ type: 'gle' as const, stats: stats.gleStats }] : []),
  ];
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

const ref = (t: Trip, number: string) => ({ tripId: t.id, truckId: t.truckId, identifierType: t.identifierType as IdentifierType, number: t.number ?? number });

export async function tripMapSummary(deps: MileStatsDeps, truckId: number, number: string): Promise<TripMapSummary> {
  const t = await tripFor(deps, truckId, number);
  const here: MapSourceSummary = { type: 'here', method: method(t.routeSource), distance: t.routeTotalMiles, duration: t.routeDuration };
  const telematics = (await telematicsOf(deps, t)).map(({ type, stats }): MapSourceSummary =>
    stats
      ? { type, method: methodOf(stats), distance: meters(stats.totalMiles), duration: secondsOf(stats), dwell: dwellOf(stats) }
      : { type, method: null, distance: null, duration: null, dwell: null },
  );
  return { ...ref(t, number), sources: [here, ...telematics] };
}

export async function tripMapReport(deps: MileStatsDeps, truckId: number, number: string): Promise<TripMapReport> {
  const t = await tripFor(deps, truckId, number);
  const [stops, telematics] = await Promise.all([
    deps.db
      .select({ stopType: tripStops.stopType, address: tripStops.address, distance: tripStops.distance, totalDistance: tripStops.totalDistance, duration: tripStops.duration })
      .from(tripStops)
      .where(eq(tripStops.tripId, t.id))
      .orderBy(asc(tripStops.orderIndex)),
    telematicsOf(deps, t),
  ]);
  const here: MapSourceReport = {
    type: 'here',
    method: method(t.routeSource),
    rows: stops.map((s) => ({ stopType: s.stopType, city: cityOf(s.address), distance: s.distance, totalDistance: s.totalDistance, duration: s.duration })),
    totals: { distance: t.routeTotalMiles, duration: t.routeDuration },
  };
  const reports = telematics.map(({ type, stats }): MapSourceReport => {
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
      total += meters(leg.miles);
      return { ...row, distance: meters(leg.miles), totalDistance: total, duration: leg.seconds ?? null };
    });
    return {
      type,
      method: stats ? methodOf(stats) : null,
      rows,
      totals: stats ? { distance: meters(stats.totalMiles), duration: secondsOf(stats) } : { distance: null, duration: null },
    };
  });
  return { ...ref(t, number), sources: [here, ...reports] };
}
