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
import { milesToMetres } from './units';

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
  /** Metres of the leg into this stop by the planned route (HERE or the estimate), for the coverage's share of the trip's miles. */
  planned?: number | null;
}

const DEG = Math.PI / 180;

/**
 * Where the track reached each stop (docs/mileage-engine.md "Match stops"): the point of closest
 * approach on the track's segments, as the fix at or before it (`index`, −1: not reached) and the
 * fraction of the way to the next fix (`frac`, 0: the fix itself); `meters` from the stop to that
 * point; `near` when the track never came within the stop's radius and the match is its closest
 * approach within `nearPassMiles`.
 */
export interface StopMatches {
  index: Int32Array;
  frac: Float64Array;
  meters: Float64Array;
  near: Uint8Array;
}

/** Closest approach to a stop on a track: segment j (fix j to j + 1) at fraction t, d metres away. */
interface Approach {
  j: number;
  t: number;
  d: number;
}

/**
 * A stop is reached by the track, not by a fix: the closest approach on each segment between two
 * consecutive cleaned fixes counts (a fix a minute at 60 mph is a mile apart; a stop radius is a
 * fraction of one). A segment across a gap (`gapSeconds` / `gapMeters`: the truck was not seen on
 * the way) counts only at its fixes. A stop is reached by the first visit (consecutive segments
 * within its radius) after the previous stop's match; the visit's closest point is the match. A
 * stop the track never comes within its radius of, but passes within `nearPassMiles`, is matched
 * at the closest approach after the previous stop and marked `near`.
 */
export function matchStops(track: CleanTrack, stops: readonly EngineStop[], radii: StopRadii, rules: MileageRules = MILEAGE_RULES): StopMatches {
  const { lat, lng, time, until, along } = track;
  const n = lat.length;
  const out: StopMatches = {
    index: new Int32Array(stops.length).fill(-1),
    frac: new Float64Array(stops.length),
    meters: new Float64Array(stops.length).fill(Number.NaN),
    near: new Uint8Array(stops.length),
  };
  if (n === 0) return out;
  const isGap = (j: number) => time[j + 1]! - until[j]! > rules.gapSeconds || along[j + 1]! - along[j]! > rules.gapMeters;
  let fromJ = 0;
  let fromT = 0;
  stops.forEach((s, k) => {
    if (!isValidCoordinate(s.lat, s.lng)) return;
    const kx = 111_320 * Math.max(0.01, Math.cos(s.lat * DEG));
    const ky = 110_574;
    /** Closest approach of segment j (from fraction lo), or of fix j alone at the track's end or across a gap. */
    const approach = (j: number, lo: number, box: number): Approach | null => {
      const ax = (lng[j]! - s.lng) * kx;
      const ay = (lat[j]! - s.lat) * ky;
      const segment = j + 1 < n && !isGap(j);
      if (!segment) {
        if (lo > 0 || Math.abs(ax) > box || Math.abs(ay) > box) return null;
        return { j, t: 0, d: segmentMeters(lat[j]!, lng[j]!, s.lat, s.lng) };
      }
      const bx = (lng[j + 1]! - s.lng) * kx;
      const by = (lat[j + 1]! - s.lat) * ky;
      // Both ends beyond the box on one side: the segment cannot come near (most segments end here).
      if ((ax > box && bx > box) || (ax < -box && bx < -box) || (ay > box && by > box) || (ay < -box && by < -box)) return null;
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = Math.min(1, Math.max(lo, len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0));
      const pLat = lat[j]! + t * (lat[j + 1]! - lat[j]!);
      const pLng = lng[j]! + t * (lng[j + 1]! - lng[j]!);
      return { j, t, d: segmentMeters(pLat, pLng, s.lat, s.lng) };
    };
    const r = milesToMetres(radiusMilesFor(s.stopType, radii, rules));
    let best: Approach | null = null;
    let near = false;
    // The first visit within the radius, and its closest point.
    for (let j = fromJ; j < n; j++) {
      const a = approach(j, j === fromJ ? fromT : 0, r * 1.01 + 10);
      if (best) {
        if (!a || a.d > r) break;
        if (a.d < best.d) best = a;
      } else if (a && a.d <= r) best = a;
    }
    if (!best) {
      // Passed by, not within the radius: the closest approach within nearPassMiles.
      const reach = milesToMetres(rules.nearPassMiles);
      for (let j = fromJ; j < n; j++) {
        const a = approach(j, j === fromJ ? fromT : 0, reach * 1.01 + 10);
        if (a && a.d <= reach && (!best || a.d < best.d)) best = a;
      }
      near = best !== null;
    }
    if (!best) return;
    // A point at the segment's end is the next fix itself.
    const atNext = best.t >= 1 && best.j + 1 < n;
    out.index[k] = atNext ? best.j + 1 : best.j;
    out.frac[k] = atNext ? 0 : best.t;
    out.meters[k] = best.d;
    out.near[k] = near ? 1 : 0;
    fromJ = out.index[k]!;
    fromT = out.frac[k]!;
  });
  return out;
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

/**
 * How much of the trip a source measured (docs/mileage-review.md "Coverage"): its legs, the legs
 * it measured (both stops reached) and the share of the trip's planned miles on those legs, in
 * percent (by legs when the trip has no planned leg distances). Complete: every leg measured.
 */
export interface Coverage {
  legs: number;
  legsMeasured: number;
  pct: number;
}

/** The coverage of legs measured or not, weighed by the planned metres of each leg when every leg has them. */
export function legCoverage(measured: readonly boolean[], planned: readonly (number | null | undefined)[]): Coverage {
  const legs = measured.length;
  const legsMeasured = measured.filter(Boolean).length;
  if (!legs) return { legs, legsMeasured, pct: 100 };
  const weights = planned.length === legs && planned.every((p) => typeof p === 'number' && Number.isFinite(p) && p >= 0) ? (planned as number[]) : null;
  const all = weights ? weights.reduce((a, b) => a + b, 0) : 0;
  const pct = weights && all > 0 ? (weights.reduce((a, w, i) => a + (measured[i] ? w : 0), 0) / all) * 100 : (legsMeasured / legs) * 100;
  return { legs, legsMeasured, pct };
}

/** A stop the track passed outside its radius and was matched at its closest approach (`nearPassMiles`). */
export interface NearPass {
  /** Order index of the stop. */
  index: number;
  /** Metres from the stop to the closest approach, and the stop's radius. */
  meters: number;
  radiusMeters: number;
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
  /** Where the track reached each stop (`matchStops`). */
  matches: StopMatches;
  /** The legs measured of all legs, and their share of the planned miles. */
  coverage: Coverage;
  /** Stops matched at a closest approach outside their radius. */
  nearPasses: NearPass[];
  nearbyPoints: { type: StopType; lat: number; lng: number }[];
  /** The cleaned track in figures (its columns are not kept: the engine reuses them). */
  track: { fixes: number; meters: number; seconds: number; dropped: CleanTrack['dropped'] };
  odometer: CleanOdometer;
  /** The cleaned track for the map (the route data's `<provider>Location`), when asked for with `location: true`. */
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
  const { time, until, along, lat, lng } = track;
  const vmax = milesToMetres(rules.maxSpeedMph) / 3600;
  const n = time.length;
  const { index, frac } = matches;
  // A match between two fixes: its metres along the track and its time (after the fix's stand-still).
  const alongAt = (k: number) => (frac[k]! > 0 ? along[index[k]!]! + frac[k]! * (along[index[k]! + 1]! - along[index[k]!]!) : along[index[k]!]!);
  const timeAt = (k: number) => (frac[k]! > 0 ? until[index[k]!]! + frac[k]! * (time[index[k]! + 1]! - until[index[k]!]!) : time[index[k]!]!);

  const defaults = loadStatusDefaults(stops.map((s) => s.stopType));
  const statuses = stops.map((s, i) => s.loadStatus ?? defaults[i]!);
  const legs: TelematicsLeg[] = [];
  for (let k = 1; k < stops.length; k++) {
    const stop = stops[k]!;
    const a = index[k - 1]!;
    const b = index[k]!;
    const ta = a >= 0 ? timeAt(k - 1) : Number.NaN;
    const tb = b >= 0 ? timeAt(k) : Number.NaN;
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
      reachedAt: b >= 0 ? tb : null,
      seconds: a >= 0 && b >= 0 ? tb - ta : null,
      stillSeconds: null,
    };
    legs.push(leg);
    if (a < 0 || b < 0) continue;
    // The fixes between the two matches (a fix's stand-still lies before any point past it on its segment).
    const firstFix = frac[k - 1]! > 0 ? a + 1 : a;
    const lastFix = frac[k]! > 0 ? b : b - 1;
    let still = 0;
    for (let m = firstFix; m <= lastFix && m < n; m++) still += until[m]! - time[m]!;
    leg.stillSeconds = still;
    const gps = alongAt(k) - alongAt(k - 1);
    for (let m = a; m <= lastFix && m + 1 < n; m++) {
      if (time[m + 1]! - until[m]! > rules.gapSeconds || along[m + 1]! - along[m]! > rules.gapMeters) {
        leg.gap = true;
        break;
      }
    }
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
  const nearPasses: NearPass[] = [];
  stops.forEach((s, k) => {
    const i = index[k]!;
    if (i < 0) return;
    const f = frac[k]!;
    nearbyPoints.push({ type: s.stopType, lat: f > 0 ? lat[i]! + f * (lat[i + 1]! - lat[i]!) : lat[i]!, lng: f > 0 ? lng[i]! + f * (lng[i + 1]! - lng[i]!) : lng[i]! });
    if (matches.near[k]) nearPasses.push({ index: k, meters: matches.meters[k]!, radiusMeters: milesToMetres(radiusMilesFor(s.stopType, radii, rules)) });
  });
  const coverage = legCoverage(
    legs.map((l) => l.distance !== null),
    stops.slice(1).map((s) => s.planned),
  );
  const totalOdometers = odo.meters.length >= 2 ? odo.meters[odo.meters.length - 1]! - odo.meters[0]! : null;
  const k = track.time.length;
  const meters = k ? track.along[k - 1]! : 0;
  const seconds = k ? track.until[k - 1]! - track.time[0]! : 0;
  return {
    ...figures,
    totalOdometers,
    legs,
    matches,
    coverage,
    nearPasses,
    nearbyPoints,
    track: { fixes: k, meters, seconds, dropped: track.dropped },
    odometer: odo,
    location: location ? { polyline: encodeColumns({ lat: track.lat, lng: track.lng }, { precision: 5 }), distance: meters, duration: seconds, nearbyPoints } : null,
  };
}
