/**
 * Cleaning a truck's GPS breadcrumbs and odometer readings before they are measured
 * (docs/mileage-engine.md, "Cleaning"). Pure and allocation-light: columns in, columns out.
 * Times are epoch seconds, positions degrees, odometers metres.
 */
import { MILEAGE_RULES, type MileageRules } from './mileage-rules';
import { isValidCoordinate, segmentMeters } from './distance';
import { milesToMetres } from './units';

/** Miles per hour to metres per second, by the one conversion pair (units.ts). */
const MPH_TO_MPS = milesToMetres(1) / 3600;

export interface Fixes {
  time: ArrayLike<number>;
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
}

export interface CleanTrack {
  time: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Time of the last raw fix merged into each kept fix (stationary jitter), else its own time. */
  until: Float64Array;
  /** Metres along the cleaned track from its first fix (WGS84 per segment). */
  along: Float64Array;
  dropped: { invalid: number; duplicate: number; jump: number; stationary: number };
}

export interface OdometerReadings {
  time: ArrayLike<number>;
  meters: ArrayLike<number>;
}

export interface CleanOdometer {
  time: Float64Array;
  meters: Float64Array;
  /** Times of the readings refused as going backwards or jumping ahead: no leg spanning one trusts the odometer. */
  refused: Float64Array;
  dropped: { invalid: number; duplicate: number; backwards: number; jump: number };
}

/**
 * Reusable columns for `cleanTrack`: a caller that measures many tracks in a row (the engine)
 * saves allocating and zeroing five columns each time. What `cleanTrack` returns from a scratch
 * is only valid until the scratch is used again.
 */
export class TrackScratch {
  private cols: { time: Float64Array; lat: Float64Array; lng: Float64Array; until: Float64Array; along: Float64Array } | null = null;

  reserve(n: number) {
    if (!this.cols || this.cols.time.length < n) {
      const size = Math.max(n, 1024);
      this.cols = { time: new Float64Array(size), lat: new Float64Array(size), lng: new Float64Array(size), until: new Float64Array(size), along: new Float64Array(size) };
    }
    return this.cols;
  }
}

/** Reading order: by time, then latitude, then longitude (so shuffled input cleans the same). */
function sortedOrder(time: ArrayLike<number>, a: ArrayLike<number>, b: ArrayLike<number>): Uint32Array | null {
  const n = time.length;
  let sorted = true;
  for (let i = 1; i < n; i++) {
    const dt = time[i]! - time[i - 1]!;
    if (dt < 0 || (dt === 0 && (a[i]! < a[i - 1]! || (a[i] === a[i - 1] && b[i]! < b[i - 1]!))) || Number.isNaN(dt)) {
      sorted = false;
      break;
    }
  }
  if (sorted) return null;
  // NaN sorts last in every key, so the comparison stays consistent.
  const key = (col: ArrayLike<number>, i: number) => (Number.isNaN(col[i]!) ? Infinity : col[i]!);
  const cmp = (col: ArrayLike<number>, x: number, y: number) => {
    const p = key(col, x);
    const q = key(col, y);
    return p < q ? -1 : p > q ? 1 : 0;
  };
  return Uint32Array.from({ length: n }, (_, i) => i).sort((x, y) => cmp(time, x, y) || cmp(a, x, y) || cmp(b, x, y));
}

/**
 * Sorts and dedupes fixes by time, drops invalid and (0,0) fixes and jumps implying more than
 * `maxSpeedMph` from the last kept fix, and collapses stationary jitter (fixes within
 * `stationaryMeters` of the last kept one). A leading fix that disagrees with the two after it
 * (which agree with each other) is a jump too, so one bad first fix cannot reject a whole trip.
 */
export function cleanTrack(fixes: Fixes, rules: MileageRules = MILEAGE_RULES, scratch?: TrackScratch): CleanTrack {
  const n = fixes.time.length;
  if (fixes.lat.length !== n || fixes.lng.length !== n) throw new RangeError('time, lat and lng have different lengths');
  const order = sortedOrder(fixes.time, fixes.lat, fixes.lng);
  const T = fixes.time;
  const LA = fixes.lat;
  const LN = fixes.lng;
  const out = scratch ? scratch.reserve(n) : null;
  const time = out ? out.time : new Float64Array(n);
  const lat = out ? out.lat : new Float64Array(n);
  const lng = out ? out.lng : new Float64Array(n);
  const until = out ? out.until : new Float64Array(n);
  const along = out ? out.along : new Float64Array(n);
  const vmax = rules.maxSpeedMph * MPH_TO_MPS;
  const still = rules.stationaryMeters;

  let k = 0;
  let lastRaw = Number.NaN;
  let leading = true;
  let invalid = 0;
  let duplicate = 0;
  let jump = 0;
  let stationary = 0;
  // The last kept fix, in locals for the hot loop.
  let pLat = 0;
  let pLng = 0;
  let pUntil = 0;
  let pAlong = 0;
  for (let j = 0; j < n; j++) {
    const i = order ? order[j]! : j;
    const t = T[i]!;
    const la = LA[i]!;
    const ln = LN[i]!;
    // isValidCoordinate, inlined for numbers (NaN fails every comparison).
    if (!(t - t === 0 && la >= -90 && la <= 90 && ln >= -180 && ln <= 180 && la !== 0 && ln !== 0)) {
      invalid++;
      continue;
    }
    if (t === lastRaw) {
      duplicate++;
      continue;
    }
    if (k === 0 && leading) {
      if (!leadingFixAgrees(order, T, LA, LN, j, vmax, still)) {
        jump++;
        continue;
      }
      leading = false;
    }
    if (k > 0) {
      const d = segmentMeters(pLat, pLng, la, ln);
      if (d <= still) {
        stationary++;
        until[k - 1] = pUntil = t;
        lastRaw = t;
        continue;
      }
      // A jump must beat the speed limit by more than a fix's own error.
      if (d > vmax * (t - pUntil) + still) {
        jump++;
        continue;
      }
      pAlong += d;
    }
    time[k] = t;
    lat[k] = pLat = la;
    lng[k] = pLng = ln;
    until[k] = pUntil = t;
    along[k] = pAlong;
    lastRaw = t;
    k++;
  }
  const dropped = { invalid, duplicate, jump, stationary };
  return { time: time.subarray(0, k), lat: lat.subarray(0, k), lng: lng.subarray(0, k), until: until.subarray(0, k), along: along.subarray(0, k), dropped };
}

/** The first candidate fix is kept unless it is implausible from the next two valid fixes while they agree with each other. */
function leadingFixAgrees(order: Uint32Array | null, T: ArrayLike<number>, LA: ArrayLike<number>, LN: ArrayLike<number>, j: number, vmax: number, still: number): boolean {
  // Not a closure in cleanTrack: captured variables would slow its hot loop.
  const plausible = (d: number, dt: number) => d <= vmax * dt + still;
  const next: number[] = [];
  const t0 = T[order ? order[j]! : j]!;
  for (let m = j + 1; m < T.length && next.length < 2; m++) {
    const i = order ? order[m]! : m;
    if (Number.isFinite(T[i]!) && T[i]! > (next.length ? T[next[next.length - 1]!]! : t0) && isValidCoordinate(LA[i], LN[i])) next.push(i);
  }
  if (next.length < 2) return true;
  const i0 = order ? order[j]! : j;
  const [a, b] = next as [number, number];
  const firstToA = plausible(segmentMeters(LA[i0]!, LN[i0]!, LA[a]!, LN[a]!), T[a]! - t0);
  const aToB = plausible(segmentMeters(LA[a]!, LN[a]!, LA[b]!, LN[b]!), T[b]! - T[a]!);
  return firstToA || !aToB;
}

/**
 * Sorts and dedupes odometer readings by time, drops invalid ones, readings lower than the last
 * kept one (backwards) and readings ahead of it by more than `maxSpeedMph` allows (jumps).
 * A leading reading that disagrees with the two after it is refused the same way.
 */
export function cleanOdometer(readings: OdometerReadings, rules: MileageRules = MILEAGE_RULES): CleanOdometer {
  const n = readings.time.length;
  if (readings.meters.length !== n) throw new RangeError('time and meters have different lengths');
  const order = sortedOrder(readings.time, readings.meters, readings.meters);
  const T = readings.time;
  const V = readings.meters;
  const valid = (i: number) => Number.isFinite(T[i]!) && Number.isFinite(V[i]!) && V[i]! >= 0;
  const vmax = rules.maxSpeedMph * MPH_TO_MPS;
  const fits = (dv: number, dt: number) => dv >= 0 && dv <= vmax * dt + 100;
  const time = new Float64Array(n);
  const meters = new Float64Array(n);
  const refused: number[] = [];
  const dropped = { invalid: 0, duplicate: 0, backwards: 0, jump: 0 };
  let k = 0;
  let leading = true;
  for (let j = 0; j < n; j++) {
    const i = order ? order[j]! : j;
    if (!valid(i)) {
      dropped.invalid++;
      continue;
    }
    const t = T[i]!;
    const v = V[i]!;
    if (k > 0 && t === time[k - 1]) {
      dropped.duplicate++;
      continue;
    }
    if (k === 0 && leading) {
      // Compare with the next two valid readings at later times.
      const next: number[] = [];
      for (let m = j + 1; m < n && next.length < 2; m++) {
        const q = order ? order[m]! : m;
        if (valid(q) && T[q]! > (next.length ? T[next[next.length - 1]!]! : t)) next.push(q);
      }
      if (next.length === 2) {
        const [a, b] = next as [number, number];
        if (!fits(V[a]! - v, T[a]! - t) && fits(V[b]! - V[a]!, T[b]! - T[a]!)) {
          if (V[a]! < v) dropped.backwards++;
          else dropped.jump++;
          refused.push(t);
          continue;
        }
      }
      leading = false;
    }
    if (k > 0) {
      const dv = v - meters[k - 1]!;
      if (!fits(dv, t - time[k - 1]!)) {
        if (dv < 0) dropped.backwards++;
        else dropped.jump++;
        refused.push(t);
        continue;
      }
    }
    time[k] = t;
    meters[k] = v;
    k++;
  }
  return { time: time.subarray(0, k), meters: meters.subarray(0, k), refused: Float64Array.from(refused), dropped };
}

/** Index of the last element ≤ t in a sorted column, or −1. */
export function lastAtOrBefore(sorted: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The odometer at time t: interpolated between the readings around it when both are within
 * `gapSeconds` of t, else the one reading that is (a truck at a stop reports rarely); NaN when
 * none is.
 */
export function odometerAt(odo: CleanOdometer, t: number, rules: MileageRules = MILEAGE_RULES): number {
  const i = lastAtOrBefore(odo.time, t);
  const before = i >= 0 ? t - odo.time[i]! : Infinity;
  const after = i + 1 < odo.time.length ? odo.time[i + 1]! - t : Infinity;
  const gap = rules.gapSeconds;
  if (before === 0) return odo.meters[i]!;
  if (before <= gap && after <= gap) return odo.meters[i]! + (odo.meters[i + 1]! - odo.meters[i]!) * (before / (before + after));
  if (before <= gap) return odo.meters[i]!;
  if (after <= gap) return odo.meters[i + 1]!;
  return Number.NaN;
}
