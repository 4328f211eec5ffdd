import { asc, eq, sql } from 'drizzle-orm';
import { estimateLeg } from '@milepost/geo/estimate';
import { wgs84Meters } from '@milepost/geo/distance';
import { loadStatusDefaults, type StopType } from '@milepost/geo/stops';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';
import type { TripStatus } from '@milepost/contracts/trips-list';
import type { Db } from '../client';
import { users } from '../schema/access';
import { companies, dispatchers, drivers, recoveryReasons, trucks } from '../schema/reference';
import { companyProviders, truckProviderLinks } from '../schema/telematics';

/** Whether the truck's company runs a provider (company_providers). */
/** The truck's id at a provider (truck_provider_links). */
const linkOf = (provider: string) =>
  sql<
    string | null
  >`(select ${truckProviderLinks.externalId} from ${truckProviderLinks} where ${truckProviderLinks.truckId} = ${trucks.id} and ${truckProviderLinks.provider} = ${provider})`;
const providerOn = (provider: string) =>
  sql<boolean>`exists (select 1 from ${companyProviders} where ${companyProviders.companyId} = ${companies.id} and ${companyProviders.provider} = ${provider} and ${companyProviders.enabled})`;
import { createTrip, updateTrip } from '../../modules/trips/service';
import type { RoutingService } from '../../modules/routing/service';
import type { Breadcrumb, OdometerReading } from '../../modules/telematics/provider';
import { saveTrack } from '../../modules/telematics/tracks';
import { trackFrom } from '../../modules/telematics/track-codec';
import { demoDrive } from './demo-drive';

/** Freight towns the demo loads run between (regional lanes, 50–1 200 miles a trip). */
const TOWNS = [
  ['Chicago, IL', 41.8781, -87.6298],
  ['Gary, IN', 41.5934, -87.3464],
  ['Joliet, IL', 41.525, -88.0817],
  ['Rockford, IL', 42.2711, -89.094],
  ['Milwaukee, WI', 43.0389, -87.9065],
  ['Indianapolis, IN', 39.7684, -86.1581],
  ['Fort Wayne, IN', 41.0793, -85.1394],
  ['Detroit, MI', 42.3314, -83.0458],
  ['Toledo, OH', 41.6528, -83.5379],
  ['Columbus, OH', 39.9612, -82.9988],
  ['Cincinnati, OH', 39.1031, -84.512],
  ['Cleveland, OH', 41.4993, -81.6944],
  ['Louisville, KY', 38.2527, -85.7585],
  ['St. Louis, MO', 38.627, -90.1994],
  ['Kansas City, MO', 39.0997, -94.5786],
  ['Des Moines, IA', 41.5868, -93.625],
  ['Omaha, NE', 41.2565, -95.9345],
  ['Minneapolis, MN', 44.9778, -93.265],
  ['Memphis, TN', 35.1495, -90.049],
  ['Nashville, TN', 36.1627, -86.7816],
  ['Knoxville, TN', 35.9606, -83.9207],
  ['Chattanooga, TN', 35.0456, -85.3097],
  ['Atlanta, GA', 33.749, -84.388],
  ['Birmingham, AL', 33.5186, -86.8104],
  ['Charlotte, NC', 35.2271, -80.8431],
  ['Greensboro, NC', 36.0726, -79.792],
  ['Savannah, GA', 32.0809, -81.0912],
  ['Jacksonville, FL', 30.3322, -81.6557],
  ['Dallas, TX', 32.7767, -96.797],
  ['Fort Worth, TX', 32.7555, -97.3308],
  ['Houston, TX', 29.7604, -95.3698],
  ['San Antonio, TX', 29.4241, -98.4936],
  ['Austin, TX', 30.2672, -97.7431],
  ['Laredo, TX', 27.5306, -99.4803],
  ['Oklahoma City, OK', 35.4676, -97.5164],
  ['Tulsa, OK', 36.154, -95.9928],
  ['Little Rock, AR', 34.7465, -92.2896],
  ['Shreveport, LA', 32.5252, -93.7502],
  ['Denver, CO', 39.7392, -104.9903],
  ['Albuquerque, NM', 35.0844, -106.6504],
  ['El Paso, TX', 31.7619, -106.485],
  ['Phoenix, AZ', 33.4484, -112.074],
  ['Tucson, AZ', 32.2226, -110.9747],
  ['Los Angeles, CA', 34.0522, -118.2437],
  ['Ontario, CA', 34.0633, -117.6509],
  ['Bakersfield, CA', 35.3733, -119.0187],
  ['Fresno, CA', 36.7378, -119.7871],
  ['Sacramento, CA', 38.5816, -121.4944],
  ['Reno, NV', 39.5296, -119.8138],
  ['Salt Lake City, UT', 40.7608, -111.891],
  ['Las Vegas, NV', 36.1699, -115.1398],
  ['Harrisburg, PA', 40.2732, -76.8867],
  ['Allentown, PA', 40.6084, -75.4902],
  ['Newark, NJ', 40.7357, -74.1724],
  ['Pittsburgh, PA', 40.4406, -79.9959],
  ['Baltimore, MD', 39.2904, -76.6122],
  ['Richmond, VA', 37.5407, -77.436],
] as const;
type Town = { address: string; lat: number; lng: number };
const towns: Town[] = TOWNS.map(([name, lat, lng]) => ({ address: `${name}, United States`, lat, lng }));
const miles = (a: Town, b: Town) => metresToMiles(wgs84Meters(a, b));
const SPEED_MPH = 50;

const town = (name: string) => towns.find((t) => t.address.startsWith(name))!;
const FORT_WAYNE_KC: { stops: Town[]; types: StopType[] } = {
  stops: [town('Fort Wayne, IN'), town('Indianapolis, IN'), town('Kansas City, MO')],
  types: ['START', 'PICKUP', 'DELIVERY'],
};
/** The company whose unpaid demo loads carry the Mileage Review's cases, one after another. */
export const REVIEW_DEMO_COMPANY = 'Lone Star Carriers';
const REVIEW_CASES = ['NO_TRACK', 'GPS_GAP', 'ODOMETER_OFF', 'STOP_MISSED', 'AS_DRIVEN'] as const;
type ReviewCase = (typeof REVIEW_CASES)[number];

/**
 * Changes a generated drive after the fact (drawing no random number, so the other loads stay as
 * they were): a 40-minute hole in the last leg's breadcrumbs, an odometer reading 15 % long on
 * the first leg, or no fix within 8 km of the delivery — with `withGap`, also a hole in the leg
 * before (a trip with three flags: over tolerance, GPS gap, stop not reached).
 */
function reviewCaseOf(scenario: ReviewCase, drive: { breadcrumbs: Breadcrumb[]; odometers: OdometerReading[]; arrivals: number[] }, places: readonly Town[], withGap = false) {
  const last = drive.arrivals.length - 1;
  if (scenario === 'GPS_GAP' || withGap) {
    // A missed stop's last leg has no figures of its own: its hole goes in the leg before.
    const leg = withGap ? last - 1 : last;
    const from = drive.arrivals[leg - 1]! + (drive.arrivals[leg]! - drive.arrivals[leg - 1]!) * 0.3;
    drive.breadcrumbs = drive.breadcrumbs.filter((b) => b.time < from || b.time > from + 40 * 60_000);
  } else if (scenario === 'ODOMETER_OFF') {
    const [start, end] = [drive.arrivals[0]!, drive.arrivals[1]!];
    const base = drive.odometers.find((o) => o.time >= start)?.meters ?? drive.odometers[0]!.meters;
    let extra = 0;
    for (const o of drive.odometers) {
      if (o.time >= start && o.time <= end) extra = (o.meters - base) * 0.15;
      if (o.time >= start) o.meters = Math.round(o.meters + extra);
    }
  }
  if (scenario === 'STOP_MISSED') {
    const stop = places[places.length - 1]!;
    drive.breadcrumbs = drive.breadcrumbs.filter((b) => wgs84Meters(b, stop) > 8_000);
  }
}

/** A small deterministic random source, so every demo install looks the same. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/** The stored GPS history of a demo load: a fix a minute along its stops' planned legs, up to `now`, the odometer a few tenths of a percent off. */
function demoTrack(places: readonly Town[], tripStops: readonly { distance: number }[], pickup: Date, odometerStart: number, rand: () => number, now: number) {
  return demoDrive(places, {
    plannedLegs: tripStops.map((s) => s.distance),
    start: pickup.getTime(),
    rand,
    stepSeconds: 60,
    odometerStart,
    odometerError: 0.002 + rand() * 0.004,
    until: now,
  });
}

/** A demo load's stops as a save stores them: each leg the offline estimate's road distance and time from the stop before. */
function estimatedStops(places: readonly Town[], types: readonly StopType[]) {
  let total = 0;
  return places.map((p, k) => {
    const leg = k === 0 ? null : estimateLeg(places[k - 1]!, p, 'PRACTICAL', SPEED_MPH);
    const distance = Math.round(leg?.distance ?? 0);
    total += distance;
    return {
      address: p.address,
      latitude: p.lat,
      longitude: p.lng,
      stopType: types[k]!,
      loadStatus: null,
      orderIndex: k,
      distance,
      totalDistance: total,
      duration: Math.round(leg?.duration ?? 0),
    };
  });
}

/**
 * A regional load in a sensible order: the truck starts in a town, deadheads to a pickup
 * nearby, sometimes drops or picks a trailer or calls at a shop on the way, and delivers
 * 100–900 miles on; the whole trip stays within 50–1 200 road miles.
 */
function lane(rand: () => number): { stops: Town[]; types: StopType[] } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  for (;;) {
    const start = pick(towns);
    const pickups = towns.filter((t) => t !== start && miles(start, t) <= 160);
    if (!pickups.length) continue;
    const pickup = pick(pickups);
    const deliveries = towns.filter((t) => t !== pickup && t !== start && miles(pickup, t) >= 90 && miles(pickup, t) <= 750);
    if (!deliveries.length) continue;
    const delivery = pick(deliveries);
    const direct = miles(pickup, delivery);
    const stops: Town[] = [start, pickup];
    const types: StopType[] = ['START', 'PICKUP'];
    // A stop on the way: at most 15 % longer than going straight.
    const onTheWay = towns.filter((t) => ![start, pickup, delivery].includes(t) && miles(pickup, t) + miles(t, delivery) <= direct * 1.15);
    if (onTheWay.length && rand() < 0.45) {
      stops.push(pick(onTheWay));
      types.push(pick(['TRAILER', 'SHOP', 'PICKUP'] as const));
    }
    stops.push(delivery);
    types.push('DELIVERY');
    let road = 0;
    for (let k = 1; k < stops.length; k++) road += metresToMiles(estimateLeg(stops[k - 1]!, stops[k]!, 'PRACTICAL', SPEED_MPH).distance);
    if (road >= 50 && road <= 1200) return { stops, types };
  }
}

/**
 * GLE's own device on the same truck: a fix every two minutes with its own small position
 * error, and its own odometer (read off the same engine, 0.3 % short, from another baseline).
 */
function gleView(crumbs: readonly Breadcrumb[], odometers: readonly OdometerReading[], rand: () => number) {
  const breadcrumbs = crumbs.filter((_, i) => i % 2 === 0).map((b) => ({ ...b, lat: b.lat + (rand() - 0.5) * 8e-5, lng: b.lng + (rand() - 0.5) * 1e-4 }));
  const first = odometers[0]?.meters ?? 0;
  const own = (m: number) => 152_000_000 + (m - first) * 0.997;
  return { breadcrumbs, odometers: odometers.map((o) => ({ time: o.time, meters: own(o.meters) })) };
}

/**
 * Several hundred trips over the last three months, in every status, some of them recovery
 * loads, saved through the trip service so every figure and history row is real. Completed
 * and in-transit loads of trucks whose company runs Samsara or GLE come with stored GPS
 * history (docs/integrations/telematics.md#demo-data), so the Mileage Report and the map
 * panels show three sources with no network. Route figures are the routing service's.
 */
export async function seedDemoTrips(db: Db, routing: RoutingService, count = 360): Promise<void> {
  const rand = rng(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const [actor] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  if (!actor) return;
  const driverRows = await db.select({ id: drivers.id, truckId: drivers.truckId }).from(drivers).where(eq(drivers.active, true));
  const crews = driverRows.filter((d): d is { id: number; truckId: number } => d.truckId !== null);
  const truckRows = await db
    .select({ id: trucks.id, vehicleId: linkOf('SAMSARA'), gleVehicleId: linkOf('GLE'), samsara: providerOn('SAMSARA'), gle: providerOn('GLE'), company: companies.name })
    .from(trucks)
    .leftJoin(companies, eq(companies.id, trucks.companyId));
  const truckOf = new Map(truckRows.map((t) => [t.id, t]));
  const dispatcherIds = (await db.select({ id: dispatchers.id }).from(dispatchers).where(eq(dispatchers.active, true))).map((d) => d.id);
  const reasonIds = (await db.select({ id: recoveryReasons.id }).from(recoveryReasons)).map((r) => r.id);
  const now = Date.now();
  const DAY = 86_400_000;
  let reviewCase = 0;

  for (let i = 0; i < count; i++) {
    const crew = pick(crews);
    const truck = truckOf.get(crew.truckId)!;
    const ageDays = (count - i) * (90 / count); // oldest first, up to three months ago
    const random = lane(rand);
    // Every 40th load runs Fort Wayne → Indianapolis → Kansas City: the State miles tab's example (IN, IL, MO; docs/state-miles.md).
    const { stops: places, types } = i % 40 === 7 ? FORT_WAYNE_KC : random;
    // Load statuses are the server's default by freight on board (docs/decisions/015-loaded-by-freight-on-board.md).
    const statuses = loadStatusDefaults(types);
    const tripStops = estimatedStops(places, types);
    // Pickups on the quarter hour; loads of the last day or two are still on the road, later ones upcoming.
    const upcoming = ageDays < 0.5;
    const when = upcoming ? now + (1 + rand() * 3) * DAY : now - ageDays * DAY + Math.floor(rand() * 10) * 3_600_000;
    const pickup = new Date(Math.round(Math.min(when, upcoming ? when : now - 3_600_000) / 900_000) * 900_000);
    const odometerStart = Math.round(milesToMetres(300_000 + rand() * 400_000));
    const drive = upcoming ? null : demoTrack(places, tripStops, pickup, odometerStart, rand, now);
    const cancelled = !upcoming && rand() < 0.05;
    const status: TripStatus = upcoming ? 'UPCOMING' : cancelled ? 'CANCELLED' : drive!.end <= now ? 'COMPLETED' : 'IN_TRANSIT';
    const completed = status === 'COMPLETED';
    const lastOdo = drive?.odometers.at(-1)?.meters ?? odometerStart;
    const toMiles = (m: number) => Math.round(metresToMiles(m) * 10) / 10;
    const loaded = toMiles(tripStops.filter((_, k) => k > 0 && statuses[k] === 'LOADED').reduce((a, s) => a + s.distance, 0));
    const empty = toMiles(tripStops.filter((_, k) => k > 0 && statuses[k] === 'EMPTY').reduce((a, s) => a + s.distance, 0));
    const trailer = rand() < 0.2;
    const input = {
      truckId: crew.truckId,
      driverId: crew.id,
      dispatcherId: dispatcherIds.length ? pick(dispatcherIds) : null,
      identifierType: trailer ? ('TRAILER_NUMBER' as const) : ('LOAD_NUMBER' as const),
      identifierValue: trailer ? `TRL${53000 + i}` : `LD-${(784210 + i * 7).toString()}`,
      tripStatus: status,
      pickupDateTime: pickup,
      startDateTime: completed ? pickup : null,
      endDateTime: completed ? new Date(Math.ceil(drive!.end / 60_000) * 60_000) : null,
      startOdometer: completed ? toMiles(odometerStart) : null,
      endOdometer: completed ? toMiles(lastOdo) : null,
      // Staff enter the manual figures on most completed loads, some after the fact.
      emptyMiles: completed && rand() < 0.85 ? empty : null,
      loadedMiles: completed && rand() < 0.85 ? loaded : null,
      notes: rand() < 0.15 ? pick(['Appointment 06:00 at dock 4', 'Lumper receipt required', 'Call 1 h before arrival', 'Hazmat placards']) : null,
      recoveryReasonId: null,
      tripStops,
    };
    if (input.emptyMiles === null || input.loadedMiles === null) {
      input.emptyMiles = null;
      input.loadedMiles = null;
    }
    const trip = await createTrip(db, routing, actor.id, input);

    // Lone Star's loads nobody has paid yet show the Mileage Review's reasons (docs/mileage-review.md#demo).
    const caseIndex = completed && input.emptyMiles === null && truck.company === REVIEW_DEMO_COMPANY ? reviewCase++ : null;
    const scenario = caseIndex === null ? null : REVIEW_CASES[caseIndex % REVIEW_CASES.length]!;
    // Every third missed stop also has the GPS hole: a row with three flags and its "+N" chip.
    const withGap = caseIndex !== null && Math.floor(caseIndex / REVIEW_CASES.length) % 3 === 0;
    if (drive && scenario) reviewCaseOf(scenario, drive, places, scenario === 'STOP_MISSED' && withGap);
    if (drive && scenario !== 'NO_TRACK' && (status === 'COMPLETED' || status === 'IN_TRANSIT') && drive.breadcrumbs.length) {
      const windowStart = pickup;
      const fetchedTo = new Date(Math.min(now, input.endDateTime?.getTime() ?? now));
      if (truck.samsara && truck.vehicleId) {
        await saveTrack(db, trip.id, 'SAMSARA', truck.vehicleId, windowStart, fetchedTo, trackFrom(drive.breadcrumbs, drive.odometers, 'OBD'));
      }
      if (truck.gle && truck.gleVehicleId) {
        const g = gleView(drive.breadcrumbs, drive.odometers, rand);
        await saveTrack(db, trip.id, 'GLE', truck.gleVehicleId, windowStart, fetchedTo, trackFrom(g.breadcrumbs, g.odometers, 'PROVIDER'));
      }
    }
    // Every 25th completed load breaks down once and is recovered under the same number, by
    // another truck with its own odometer: its readings are that truck's, from its own baseline,
    // over the planned miles (no extra random draw, so the other demo trips stay as they were).
    if (completed && i % 25 === 0 && reasonIds.length) {
      const rescue = crews.find((c) => c.truckId !== crew.truckId) ?? crew;
      const later = new Date(input.endDateTime!.getTime() + DAY);
      const rescueStart = 120_000 + ((rescue.truckId * 7_919 + i * 104_729) % 500_000);
      await createTrip(db, routing, actor.id, {
        ...input,
        truckId: rescue.truckId,
        driverId: rescue.id,
        recoveryReasonId: pick(reasonIds),
        pickupDateTime: later,
        startDateTime: later,
        endDateTime: new Date(later.getTime() + 8 * 3_600_000),
        startOdometer: rescueStart,
        endOdometer: toMiles(milesToMetres(rescueStart) + tripStops.at(-1)!.totalDistance),
      });
    }
    // A few trips were corrected after the fact, so their history has something to show.
    if (i % 40 === 1 && trip.tripStatus !== 'CANCELLED') {
      await updateTrip(db, routing, actor.id, trip.id, { ...input, notes: 'Receiver moved the appointment', version: trip.version });
    }
  }
  await seedCrossBorderTrips(db, routing, actor.id, crews, truckOf, now);
  // The mile stats of loads with stored tracks are kept by seedDemo right after (db/seed/demo.ts,
  // the backfill job's backfillMileStats), in the seed's transaction.
}

/** The company whose demo loads also cross into Canada and Mexico (Samsara and GLE, so GPS state miles). */
export const CROSS_BORDER_DEMO_COMPANY = 'Prairie Freight Lines';
const abroad = (address: string, lat: number, lng: number): Town => ({ address, lat, lng });
const TORONTO = abroad('Toronto, ON, Canada', 43.6532, -79.3832);
const MONTERREY = abroad('Monterrey, NL, Mexico', 25.6866, -100.3161);
const BUFFALO = abroad('Buffalo, NY, United States', 42.8864, -78.8784);
/**
 * The demo's cross-border loads (docs/state-miles.md "Demo"): Toledo → Detroit → Toronto and
 * Detroit → Toronto → Buffalo (Ontario's 401 / QEW corridor), San Antonio → Laredo → Monterrey
 * (Mexico; "NL" in the address is only text: Monterrey's jurisdiction is MX, from its position).
 */
const CROSS_BORDER_LANES: readonly (readonly Town[])[] = [
  [town('Toledo, OH'), town('Detroit, MI'), TORONTO],
  [town('San Antonio, TX'), town('Laredo, TX'), MONTERREY],
  [town('Detroit, MI'), TORONTO, BUFFALO],
  [town('San Antonio, TX'), town('Laredo, TX'), MONTERREY],
];

/** When the current quarter began, Central time (standard offset: the trips are placed days from its edge). */
function quarterStart(now: number): number {
  const central = new Date(now - 6 * 3_600_000);
  return Date.UTC(central.getUTCFullYear(), Math.floor(central.getUTCMonth() / 3) * 3, 1) + 6 * 3_600_000;
}

/**
 * Four completed cross-border loads of Prairie Freight Lines with stored demo GPS tracks (Samsara
 * and GLE, a fix a minute, so every leg is measured and the GPS split counts): two in the last
 * full quarter (what Reports → State miles opens on), two in the current one (what the IFTA
 * return opens on), so a newcomer sees ON and MX rows with no keys. They draw from their own
 * random source, after the other loads, so those stay exactly as they were.
 */
async function seedCrossBorderTrips(
  db: Db,
  routing: RoutingService,
  actorId: number,
  crews: readonly { id: number; truckId: number }[],
  truckOf: ReadonlyMap<number, { vehicleId: string | null; gleVehicleId: string | null; samsara: boolean; gle: boolean; company: string | null }>,
  now: number,
): Promise<void> {
  const rand = rng(20261129);
  const DAY = 86_400_000;
  const own = crews.filter((c) => {
    const t = truckOf.get(c.truckId)!;
    return t.company === CROSS_BORDER_DEMO_COMPANY && t.samsara && t.gle && t.vehicleId && t.gleVehicleId;
  });
  if (!own.length) return;
  const qs = quarterStart(now);
  // The current quarter's pair halfway into it; in its first two days, in the last quarter too.
  const recent = now - qs > 2 * DAY ? qs + (now - qs) / 2 : qs - 3 * DAY;
  const pickups = [qs - 12 * DAY, qs - 9 * DAY, recent, recent + DAY / 2];
  for (const [k, places] of CROSS_BORDER_LANES.entries()) {
    const crew = own[(k * 5) % own.length]!;
    const truck = truckOf.get(crew.truckId)!;
    const types: StopType[] = ['START', 'PICKUP', 'DELIVERY'];
    const statuses = loadStatusDefaults(types);
    const tripStops = estimatedStops(places, types);
    const pickup = new Date(Math.round((pickups[k]! + 8 * 3_600_000) / 900_000) * 900_000);
    const odometerStart = Math.round(milesToMetres(300_000 + rand() * 400_000));
    const drive = demoTrack(places, tripStops, pickup, odometerStart, rand, now);
    const toMiles = (m: number) => Math.round(metresToMiles(m) * 10) / 10;
    const milesWhere = (status: string) => toMiles(tripStops.filter((_, i) => i > 0 && statuses[i] === status).reduce((a, s) => a + s.distance, 0));
    const end = new Date(Math.ceil(drive.end / 60_000) * 60_000);
    const trip = await createTrip(db, routing, actorId, {
      truckId: crew.truckId,
      driverId: crew.id,
      dispatcherId: null,
      identifierType: 'LOAD_NUMBER',
      identifierValue: `LD-${(880101 + k * 7).toString()}`,
      tripStatus: 'COMPLETED',
      pickupDateTime: pickup,
      startDateTime: pickup,
      endDateTime: end,
      startOdometer: toMiles(odometerStart),
      endOdometer: toMiles(drive.odometers.at(-1)!.meters),
      emptyMiles: milesWhere('EMPTY'),
      loadedMiles: milesWhere('LOADED'),
      notes: 'Cross-border: customs broker notified',
      recoveryReasonId: null,
      tripStops,
    });
    await saveTrack(db, trip.id, 'SAMSARA', truck.vehicleId!, pickup, end, trackFrom(drive.breadcrumbs, drive.odometers, 'OBD'));
    const g = gleView(drive.breadcrumbs, drive.odometers, rand);
    await saveTrack(db, trip.id, 'GLE', truck.gleVehicleId!, pickup, end, trackFrom(g.breadcrumbs, g.odometers, 'PROVIDER'));
  }
}
