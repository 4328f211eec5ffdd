import { asc, eq } from 'drizzle-orm';
import { greatCircleMeters } from '@milepost/geo/distance';
import { loadStatusFor, type StopType } from '@milepost/geo/mileage';
import type { TripStatus } from '@milepost/contracts/trips-api';
import type { Db } from '../client';
import { users } from '../schema/access';
import { dispatchers, drivers, recoveryReasons } from '../schema/reference';
import { createTrip, updateTrip } from '../../modules/trips/service';
import type { RoutingService } from '../../modules/routing/service';
import { DEMO_PLACES } from './demo-reference';

const ROAD_FACTOR = 1.18; // roads run longer than the great circle
const MPS = 24.6; // about 55 mph

/** A small deterministic random source, so every demo install looks the same. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/**
 * Several hundred trips over the last three months across the US, in every status, some of
 * them recovery loads, saved through the trip service so every figure and history row is real
 * (the leg distances written here only shape the manual mileage figures; the route figures are
 * the routing service's).
 */
export async function seedDemoTrips(db: Db, routing: RoutingService, count = 360): Promise<void> {
  const rand = rng(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const [actor] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  if (!actor) return;
  const driverRows = await db.select({ id: drivers.id, truckId: drivers.truckId }).from(drivers).where(eq(drivers.active, true));
  const crews = driverRows.filter((d): d is { id: number; truckId: number } => d.truckId !== null);
  const dispatcherIds = (await db.select({ id: dispatchers.id }).from(dispatchers).where(eq(dispatchers.active, true))).map((d) => d.id);
  const reasonIds = (await db.select({ id: recoveryReasons.id }).from(recoveryReasons)).map((r) => r.id);
  const now = Date.now();
  const DAY = 86_400_000;

  for (let i = 0; i < count; i++) {
    const crew = pick(crews);
    const ageDays = (count - i) * (90 / count); // oldest first, up to three months ago
    const r = rand();
    const status: TripStatus =
      ageDays > 14
        ? r < 0.06 ? 'CANCELLED' : 'COMPLETED'
        : ageDays > 3
          ? r < 0.55 ? 'COMPLETED' : r < 0.9 ? 'IN_TRANSIT' : 'CANCELLED'
          : r < 0.5 ? 'UPCOMING' : 'IN_TRANSIT';
    // Upcoming loads pick up in the next days; times on the quarter hour.
    const when = status === 'UPCOMING' ? now + (1 + rand() * 3) * DAY : now - ageDays * DAY + Math.floor(rand() * 10) * 3_600_000;
    const pickup = new Date(Math.round(when / 900_000) * 900_000);
    const middle = 1 + Math.floor(rand() * 3);
    const places = [pick(DEMO_PLACES)];
    while (places.length < middle + 2) {
      const next = pick(DEMO_PLACES);
      if (next !== places.at(-1)) places.push(next);
    }
    const types: StopType[] = ['START', ...Array.from({ length: middle }, (_, k) => (k === 0 ? 'PICKUP' : pick(['PICKUP', 'TRAILER', 'SHOP'] as const))), 'DELIVERY'];
    let total = 0;
    const tripStops = places.map(([address, latitude, longitude], k) => {
      const prev = places[k - 1];
      const distance = prev ? Math.round(greatCircleMeters({ lat: prev[1], lng: prev[2] }, { lat: latitude, lng: longitude }) * ROAD_FACTOR) : 0;
      total += distance;
      return { address, latitude, longitude, stopType: types[k]!, loadStatus: loadStatusFor(types[k]!), orderIndex: k, distance, totalDistance: total, duration: Math.round(distance / MPS) };
    });
    const loaded = Math.round((tripStops.filter((s) => s.loadStatus === 'LOADED').reduce((a, s) => a + s.distance, 0) * 0.000621371) * 10) / 10;
    const empty = Math.round((tripStops.filter((s) => s.loadStatus === 'EMPTY').reduce((a, s) => a + s.distance, 0) * 0.000621371) * 10) / 10;
    const completed = status === 'COMPLETED';
    const trailer = rand() < 0.2;
    const odometer = 300_000 + Math.floor(rand() * 400_000);
    const input = {
      truckId: crew.truckId,
      driverId: crew.id,
      dispatcherId: dispatcherIds.length ? pick(dispatcherIds) : null,
      identifierType: trailer ? ('TRAILER_NUMBER' as const) : ('LOAD_NUMBER' as const),
      identifierValue: trailer ? `TRL${53000 + i}` : `LD-${(784210 + i * 7).toString()}`,
      tripStatus: status,
      pickupDateTime: pickup,
      startDateTime: completed ? pickup : null,
      endDateTime: completed ? new Date(pickup.getTime() + (total / MPS) * 1000 + 8 * 3_600_000) : null,
      startOdometer: completed ? odometer : null,
      endOdometer: completed ? Math.round(odometer + total * 0.000621371 * 1.03) : null,
      emptyMiles: completed ? empty : null,
      loadedMiles: completed ? loaded : null,
      notes: rand() < 0.15 ? pick(['Appointment 06:00 at dock 4', 'Lumper receipt required', 'Call 1 h before arrival', 'Hazmat placards']) : null,
      recoveryReasonId: null,
      tripStops,
    };
    const trip = await createTrip(db, routing, actor.id, input);
    // Every 25th completed load breaks down once and is recovered under the same number.
    if (completed && i % 25 === 0 && reasonIds.length) {
      const rescue = crews.find((c) => c.truckId !== crew.truckId) ?? crew;
      await createTrip(db, routing, actor.id, { ...input, truckId: rescue.truckId, driverId: rescue.id, recoveryReasonId: pick(reasonIds), pickupDateTime: new Date(pickup.getTime() + DAY) });
    }
    // A few trips were corrected after the fact, so their history has something to show.
    if (i % 40 === 1 && trip.tripStatus !== 'CANCELLED') {
      await updateTrip(db, routing, actor.id, trip.id, { ...input, notes: 'Receiver moved the appointment', version: trip.version });
    }
  }
}
