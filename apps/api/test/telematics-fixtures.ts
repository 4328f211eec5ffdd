import type { Db } from '../src/db/client';
import { vehiclePositions } from '../src/db/schema/telematics';
import type { RoutingService } from '../src/modules/routing/service';
import { createTrip } from '../src/modules/trips/service';
import { createDriverRow, createTruckRow } from './factories';
import type { FakeFix } from './fakes/telematics-server';

/** Trips for the telematics tests: a fixed HERE answer (these tests are about GPS history, not routing). */
let seq = 0;

/** A HERE answer of fixed legs, each `[metres, seconds]`: trip saves route on the server, and these tests are about mileage, not routing. */
export function fixedHereRoute(...legs: [number, number][]): RoutingService {
  const sum = (i: 0 | 1) => legs.reduce((n, leg) => n + leg[i], 0);
  const service: RoutingService = {
    hasHere: true,
    withoutHere: () => service,
    route: async () => ({
      source: 'HERE',
      estimateReason: null,
      routes: [{ legs: legs.map(([distance, duration]) => ({ distance, duration, polyline: '' })), distance: sum(0), duration: sum(1), notices: [], truckRestricted: false }],
    }),
  };
  return service;
}
const fixedRoute = fixedHereRoute([70_000, 3600]);
export const A = { lat: 41.8781, lng: -87.6298, address: 'Chicago, IL, United States' };
export const B = { lat: 41.525, lng: -88.0817, address: 'Joliet, IL, United States' };

/** A trip in transit since `start` on a truck linked to both providers. */
export async function tripInTransit(db: Db, actorId: number, companyId: number, start: Date) {
  const k = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const truck = await createTruckRow(db, { companyId, vehicleId: `sv-${k}`, gleVehicleId: `gv-${k}` });
  const driver = await createDriverRow(db, { truckId: truck.id });
  const trip = await createTrip(db, fixedRoute, actorId, {
    truckId: truck.id,
    driverId: driver.id,
    dispatcherId: null,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-${k}`,
    tripStatus: 'IN_TRANSIT',
    pickupDateTime: start,
    startDateTime: start,
    endDateTime: null,
    startOdometer: null,
    endOdometer: null,
    emptyMiles: 0,
    loadedMiles: 40,
    notes: null,
    recoveryReasonId: null,
    tripStops: [
      { ...A, latitude: A.lat, longitude: A.lng, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, totalDistance: 0, duration: 0 },
      { ...B, latitude: B.lat, longitude: B.lng, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1, distance: 70_000, totalDistance: 70_000, duration: 3600 },
    ],
  } as Parameters<typeof createTrip>[3]);
  return { trip, truck, vehicleId: `sv-${k}`, gleVehicleId: `gv-${k}` };
}

/**
 * GLE positions of a truck as the polls would have stored them (table vehicle_positions; GLE has
 * no history, docs/integrations/gle.md): for tests about a trip's figures, not about polling.
 */
export async function storePositions(db: Db, truckId: number, fixes: readonly Pick<FakeFix, 'time' | 'lat' | 'lng'>[]) {
  for (let i = 0; i < fixes.length; i += 5000) {
    const rows = fixes.slice(i, i + 5000).map((f) => ({ truckId, provider: 'GLE', reportedAt: new Date(f.time), at: new Date(f.time), lat: f.lat, lng: f.lng }));
    await db.insert(vehiclePositions).values(rows).onConflictDoNothing();
  }
}
