import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { IdentifierType } from '@milepost/contracts/trips-api';
import { TRIP_MESSAGES } from '@milepost/contracts/trips-api';
import { cityOf, type MapSourceReport, type MapSourceSummary, type TripMapReport, type TripMapSummary } from '@milepost/contracts/trip-map-api';
import type { Db } from '../../db/client';
import { tripStops, trips } from '../../db/schema/trips';
import { AppError } from '../../platform/errors';

/**
 * The trip map's panel titles and report dialog (packages/contracts/src/trip-map-api.ts). Each
 * source contributes one entry; 'here' is our routing's stored figures. The telematics sources
 * add theirs next to it.
 */

/** The truck's trip with this load or trailer number: the latest recovery, then the latest pickup. */
async function tripFor(db: Db, truckId: number, number: string) {
  const [trip] = await db
    .select({
      id: trips.id,
      truckId: trips.truckId,
      identifierType: trips.identifierType,
      number: trips.identifierValue,
      routeSource: trips.routeSource,
      routeTotalMiles: trips.routeTotalMiles,
      routeDuration: trips.routeDuration,
    })
    .from(trips)
    .where(and(eq(trips.truckId, truckId), eq(sql`lower(${trips.identifierValue})`, number.toLowerCase())))
    .orderBy(desc(trips.recoveryLoadIndex), desc(trips.pickupDateTime), desc(trips.id))
    .limit(1);
  if (!trip) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
  return trip;
}

const method = (source: string | null) => (source === 'HERE' || source === 'ESTIMATE' ? source : null);

export async function tripMapSummary(db: Db, truckId: number, number: string): Promise<TripMapSummary> {
  const t = await tripFor(db, truckId, number);
  const here: MapSourceSummary = { type: 'here', method: method(t.routeSource), distance: t.routeTotalMiles, duration: t.routeDuration };
  return { tripId: t.id, truckId: t.truckId, identifierType: t.identifierType as IdentifierType, number: t.number ?? number, sources: [here] };
}

export async function tripMapReport(db: Db, truckId: number, number: string): Promise<TripMapReport> {
  const t = await tripFor(db, truckId, number);
  const stops = await db
    .select({ stopType: tripStops.stopType, address: tripStops.address, distance: tripStops.distance, totalDistance: tripStops.totalDistance, duration: tripStops.duration })
    .from(tripStops)
    .where(eq(tripStops.tripId, t.id))
    .orderBy(asc(tripStops.orderIndex));
  const here: MapSourceReport = {
    type: 'here',
    method: method(t.routeSource),
    rows: stops.map((s) => ({ stopType: s.stopType, city: cityOf(s.address), distance: s.distance, totalDistance: s.totalDistance, duration: s.duration })),
    totals: { distance: t.routeTotalMiles, duration: t.routeDuration },
  };
  return { tripId: t.id, truckId: t.truckId, identifierType: t.identifierType as IdentifierType, number: t.number ?? number, sources: [here] };
}
