/**
 * The trip mileage model (docs/decisions/README.md): the leg *into* stop i carries stop i's load status;
 * the first stop's leg is 0. Loaded legs make `miles`; empty legs make `totalEmpty`, of which
 * those ending at a PICKUP make `pu` and those ending at a TRAILER make `trl`.
 */
import { cleanOdometer, cleanTrack, odometerAt, TrackScratch, type CleanOdometer, type CleanTrack, type Fixes, type OdometerReadings } from './breadcrumbs';
import { isValidCoordinate, segmentMeters } from './distance';
import { encodeColumns } from './flexpolyline';
import { MILEAGE_RULES, type MileageRules } from './mileage-rules';
import { loadStatusDefaults, type LoadStatus, type StopType } from './stops';

export interface LegStop {
  stopType: StopType;
  loadStatus: LoadStatus;
  /** Metres of the leg into this stop (ignored for the first stop). */
  distance: number | null;
}

export interface MileageFigures {
  /** Loaded metres. */
  miles: number;
  totalEmpty: number;
  pu: number;
  trl: number;
  totalMiles: number;
}

export function legFigures(stops: readonly LegStop[]): MileageFigures {
  const f: MileageFigures = { miles: 0, totalEmpty: 0, pu: 0, trl: 0, totalMiles: 0 };
  stops.forEach((stop, i) => {
    const leg = i === 0 ? 0 : Math.max(0, stop.distance ?? 0);
    if (stop.loadStatus === 'LOADED') f.miles += leg;
    else {
      f.totalEmpty += leg;
      if (stop.stopType === 'PICKUP') f.pu += leg;
      if (stop.stopType === 'TRAILER') f.trl += leg;
    }
  });
  f.totalMiles = f.miles + f.totalEmpty;
  return f;
}

/* ---------------------------------------------------------------------------------------------
 * Telematics: from a truck's breadcrumbs and odometer readings in the trip window to the same
 * figures, leg by leg, with the provenance of each number (docs/mileage-engine.md).
 * ------------------------------------------------------------------------------------------- */

/** Stop radii in miles, as the TRIP global setting holds them. */
export interface StopRadii {
  homeRadius: number;
  shopRadius: number;
  pickupRadius: number;
  trailerRadius: number;
  deliveryRadius: number;
}

/** The radius that counts a stop as reached; START uses the home radius (docs/decisions/010-mileage-engine.md). */
export function radiusMilesFor(stopType: StopType, radii: StopRadii, rules: MileageRules = MILEAGE_RULES): number {
  const r = {
    START: radii.homeRadius,
    HOME: radii.homeRadius,
    SHOP: radii.shopRadius,
    PICKUP: radii.pickupRadius,
    TRAILER: radii.trailerRadius,
    DELIVERY: radii.deliveryRadius,
  }[stopType];
  return Math.max(Number.isFinite(r) ? r : 0, rules.minRadiusMiles);
}

export interface EngineStop {
  id?: number | null;
  stopType: StopType;
  /** The status the leg into this stop is counted with; without it, the rule's default (stops.ts). */
  loadStatus?: LoadStatus;
  lat: number;
  lng: number;
}

const METERS_PER_MILE = 1609.344;
const DEG = Math.PI / 180;

/**
 * For each stop in order, the index of the cleaned fix that reached it, or −1. A stop is
 * reached by the first visit (consecutive fixes within its radius) after the previous stop's
 * match; the fix of that visit nearest the stop is the match (a `nearbyPoint`).
 */
export function matchStops(track: CleanTrack, stops: readonly EngineStop[], radii: StopRadii, rules: MileageRules = MILEAGE_RULES): Int32Array {
  const { lat, lng } = track;
  const n = lat.length;
  const match = new Int32Array(stops.length).fill(-1);
  let from = 0;
  stops.forEach((s, k) => {
    if (!isValidCoordinate(s.lat, s.lng)) return;
    const r = radiusMilesFor(s.stopType, radii, rules) * METERS_PER_MILE;
    // A box a little larger than the circle, in degrees: most fixes are refused without a distance.
    const boxLat = r / 110_000;
    const boxLng = r / (110_000 * Math.max(0.01, Math.cos(Math.min(89, Math.abs(s.lat) + boxLat) * DEG)));
    let i = from;
    let d = Infinity;
    for (; i < n; i++) {
      if (Math.abs(lat[i]! - s.lat) <= boxLat && Math.abs(lng[i]! - s.lng) <= boxLng) {
        d = segmentMeters(lat[i]!, lng[i]!, s.lat, s.lng);
        if (d <= r) break;
      }
    }
    if (i >= n) return;
    let best = i;
    let bestD = d;
    for (let m = i + 1; m < n; m++) {
      if (Math.abs(lat[m]! - s.lat) > boxLat || Math.abs(lng[m]! - s.lng) > boxLng) break;
      const dm = segmentMeters(lat[m]!, lng[m]!, s.lat, s.lng);
      if (dm > r) break;
      if (dm < bestD) {
        best = m;
        bestD = dm;
      }
    }
    match[k] = best;
    from = best;
  });
  return match;
}

export type TelematicsMethod = 'ODOMETER' | 'GPS';

export interface TelematicsLeg {
  /** Order index of the stop the leg leads into. */
  toIndex: number;
  stopId: number | null;
  stopType: StopType;
  loadStatus: LoadStatus;
  /** Metres; null when either end of the leg was never reached. */
  distance: number | null;
  method: TelematicsMethod | null;
  other: number | null;
  otherMethod: TelematicsMethod | null;
  differs: boolean;
  gap: boolean;
  /** Epoch seconds of the fix that reached the stop, or null. */
  reachedAt: number | null;
  /** Seconds between the fixes that reached the leg's two stops; null when either was never reached. */
  seconds: number | null;
  /** Of those, the seconds the truck stood still (stationary fixes merged by the cleaning): time at stops, not driving. */
  stillSeconds: number | null;
}

/** A cleaned track as a flexible polyline, its metres and seconds, and the fixes that reached stops. */
export interface EncodedTrack {
  polyline: string;
  distance: number;
  duration: number;
  nearbyPoints: { type: StopType; lat: number; lng: number }[];
}

export interface TelematicsMileage extends MileageFigures {
  /** Metres: last minus first sane odometer reading of the window, or null. */
  totalOdometers: number | null;
  legs: TelematicsLeg[];
  /** Index of the matching fix for each stop (−1: not reached). */
  matches: Int32Array;
  nearbyPoints: { type: StopType; lat: number; lng: number }[];
  /** The cleaned track in figures (its columns are not kept: the engine reuses them). */
  track: { fixes: number; meters: number; seconds: number; dropped: CleanTrack['dropped'] };
  odometer: CleanOdometer;
  /** The cleaned track for the map (`samsaraLocation` / `gleLocation`), when asked for with `location: true`. */
  location: EncodedTrack | null;
}

export interface TelematicsInput {
  fixes: Fixes;
  odometer?: OdometerReadings | null;
  stops: readonly EngineStop[];
  radii: StopRadii;
  rules?: MileageRules;
  /** Also encode the cleaned track for the map (costs about as much again as the engine). */
  location?: boolean;
}

/** The engine's columns, reused from call to call (the engine is synchronous; nothing of them escapes). */
const SCRATCH = new TrackScratch();

/**
 * The engine: cleans, matches stops, and measures each leg by the odometer delta between the
 * matched fixes when the odometer is sane over the leg (readings within `gapSeconds` of both
 * ends, none refused in between, not faster than `maxSpeedMph`), else by the cleaned track's
 * length. Each leg keeps the other method's figure and the difference and gap flags.
 */
export function telematicsMileage({ fixes, odometer, stops, radii, rules = MILEAGE_RULES, location = false }: TelematicsInput): TelematicsMileage {
  const track = cleanTrack(fixes, rules, SCRATCH);
  const odo = cleanOdometer(odometer ?? { time: [], meters: [] }, rules);
  const matches = matchStops(track, stops, radii, rules);
  const { time, until, along } = track;
  const vmax = rules.maxSpeedMph * 0.44704;

  const defaults = loadStatusDefaults(stops.map((s) => s.stopType));
  const statuses = stops.map((s, i) => s.loadStatus ?? defaults[i]!);
  const legs: TelematicsLeg[] = [];
  for (let k = 1; k < stops.length; k++) {
    const stop = stops[k]!;
    const a = matches[k - 1]!;
    const b = matches[k]!;
    const leg: TelematicsLeg = {
      toIndex: k,
      stopId: stop.id ?? null,
      stopType: stop.stopType,
      loadStatus: statuses[k]!,
      distance: null,
      method: null,
      other: null,
      otherMethod: null,
      differs: false,
      gap: false,
      reachedAt: b >= 0 ? time[b]! : null,
      seconds: a >= 0 && b >= 0 ? time[b]! - time[a]! : null,
      stillSeconds: null,
    };
    legs.push(leg);
    if (a < 0 || b < 0) continue;
    let still = 0;
    for (let m = a; m < b; m++) still += until[m]! - time[m]!;
    leg.stillSeconds = still;
    const gps = along[b]! - along[a]!;
    for (let m = a + 1; m <= b; m++) {
      if (time[m]! - until[m - 1]! > rules.gapSeconds || along[m]! - along[m - 1]! > rules.gapMeters) {
        leg.gap = true;
        break;
      }
    }
    const ta = time[a]!;
    const tb = time[b]!;
    const oa = odometerAt(odo, ta, rules);
    const ob = odometerAt(odo, tb, rules);
    const refusedInside = odo.refused.some((t) => t >= ta && t <= tb);
    const sane = Number.isFinite(oa) && Number.isFinite(ob) && ob >= oa && ob - oa <= vmax * (tb - ta) + 100 && !refusedInside;
    if (sane) {
      leg.distance = ob - oa;
      leg.method = 'ODOMETER';
      leg.other = gps;
      leg.otherMethod = 'GPS';
    } else {
      leg.distance = gps;
      leg.method = 'GPS';
    }
    if (leg.other !== null) {
      const diff = Math.abs(leg.distance - leg.other);
      leg.differs = diff > rules.methodDifference * leg.distance && diff > rules.methodDifferenceFloorMeters;
    }
  }

  const figures = legFigures([
    ...(stops.length ? [{ stopType: stops[0]!.stopType, loadStatus: statuses[0]!, distance: 0 }] : []),
    ...legs.map((l) => ({ stopType: l.stopType, loadStatus: l.loadStatus, distance: l.distance })),
  ]);
  const nearbyPoints: TelematicsMileage['nearbyPoints'] = [];
  matches.forEach((m, k) => {
    if (m >= 0) nearbyPoints.push({ type: stops[k]!.stopType, lat: track.lat[m]!, lng: track.lng[m]! });
  });
  const totalOdometers = odo.meters.length >= 2 ? odo.meters[odo.meters.length - 1]! - odo.meters[0]! : null;
  const k = track.time.length;
  const meters = k ? track.along[k - 1]! : 0;
  const seconds = k ? track.until[k - 1]! - track.time[0]! : 0;
  return {
    ...figures,
    totalOdometers,
    legs,
    matches,
    nearbyPoints,
    track: { fixes: k, meters, seconds, dropped: track.dropped },
    odometer: odo,
    location: location ? { polyline: encodeColumns({ lat: track.lat, lng: track.lng }, { precision: 5 }), distance: meters, duration: seconds, nearbyPoints } : null,
  };
}
