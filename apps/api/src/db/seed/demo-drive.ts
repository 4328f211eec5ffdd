import { wgs84Meters, type LatLng } from '@milepost/geo/distance';
import { ABROAD_JURISDICTIONS, OUTSIDE_US, jurisdictionAt } from '@milepost/geo/jurisdictions';
import type { Breadcrumb, OdometerReading } from '../../modules/telematics/provider';

/**
 * Believable GPS history for the demo trips, made by a deterministic process (no network, no
 * stored files): each leg is a smooth curve from stop to stop whose length is the planned road
 * distance a few percent off, driven at highway speeds with a fix every `stepSeconds`, and a
 * dwell at every stop where the truck stands still (with the small jitter of a parked GPS).
 * Odometer readings follow the distance actually driven, with a small calibration error.
 */
export interface DemoDriveOptions {
  /** Planned metres of each leg (index k: the leg into stop k; 0 for the first). */
  plannedLegs: readonly number[];
  start: number;
  rand: () => number;
  stepSeconds: number;
  /** Truck's odometer at the start, metres. */
  odometerStart: number;
  /** Odometer reads this much long or short (0.004: 0.4 % long). */
  odometerError: number;
  /** Stop generating at this time (a trip still in transit). */
  until?: number;
}

export interface DemoDrive {
  breadcrumbs: Breadcrumb[];
  odometers: OdometerReading[];
  /** When the truck reached each stop (ms). */
  arrivals: number[];
  /** When the truck left the last stop (ms). */
  end: number;
}

const METERS_PER_DEG_LAT = 110_574;
const MPH = 0.44704;

/** A point `offset` metres to the left of the a→b line at fraction f (equirectangular around a). */
function curvePoint(a: LatLng, b: LatLng, f: number, offset: number): LatLng {
  const kx = Math.cos((a.lat * Math.PI) / 180) * 111_320;
  const dx = (b.lng - a.lng) * kx;
  const dy = (b.lat - a.lat) * METERS_PER_DEG_LAT;
  const len = Math.hypot(dx, dy) || 1;
  const x = dx * f - (dy / len) * offset;
  const y = dy * f + (dx / len) * offset;
  return { lat: a.lat + y / METERS_PER_DEG_LAT, lng: a.lng + x / kx };
}

/** The leg's shape: zero at both ends, one broad bend and a few smaller ones. */
const shape = (f: number, phase: number) => Math.sin(Math.PI * f) * (1 + 0.35 * Math.sin(4 * Math.PI * f + phase));

function legPoints(a: LatLng, b: LatLng, amplitude: number, phase: number, n: number): LatLng[] {
  return Array.from({ length: n + 1 }, (_, i) => curvePoint(a, b, i / n, amplitude * shape(i / n, phase)));
}

function lengthOf(points: readonly LatLng[]): number {
  let m = 0;
  for (let i = 1; i < points.length; i++) m += wgs84Meters(points[i - 1]!, points[i]!);
  return m;
}

/** The curve from a to b whose length is `target` metres (never shorter than the straight line), bent to the left (`side` 1) or right (−1). */
function legCurve(a: LatLng, b: LatLng, target: number, phase: number, side = 1): LatLng[] {
  const straight = wgs84Meters(a, b);
  const n = Math.max(8, Math.min(240, Math.round(straight / 4000)));
  if (target <= straight * 1.0005) return legPoints(a, b, 0, phase, n);
  let lo = 0;
  let hi = straight;
  for (let i = 0; i < 22; i++) {
    const mid = (lo + hi) / 2;
    if (lengthOf(legPoints(a, b, side * mid, phase, n)) < target) lo = mid;
    else hi = mid;
  }
  return legPoints(a, b, (side * (lo + hi)) / 2, phase, n);
}

const inUsStates = (p: LatLng) => {
  const j = jurisdictionAt(p.lat, p.lng);
  return j !== OUTSIDE_US && !ABROAD_JURISDICTIONS.includes(j);
};

/**
 * A leg between two stops in the US stays in the US states: bent the other way when its usual bend
 * would cross the sea, a lake's far shore or a border (a Harrisburg → Jacksonville leg bent out over
 * the Atlantic, counted OUT in the State miles; docs/state-miles.md "Demo"), or the way that leaves
 * them least when both do (a leg out of Detroit towards the south-east passes Windsor, ON, first).
 * A leg to or from a stop abroad keeps its usual bend.
 */
function legCurveInUs(a: LatLng, b: LatLng, target: number, phase: number): LatLng[] {
  const left = legCurve(a, b, target, phase);
  if (!inUsStates(a) || !inUsStates(b) || left.every(inUsStates)) return left;
  const right = legCurve(a, b, target, phase, -1);
  const abroad = (curve: LatLng[]) => curve.filter((p) => !inUsStates(p)).length;
  return abroad(right) < abroad(left) ? right : left;
}

export function demoDrive(stops: readonly LatLng[], opts: DemoDriveOptions): DemoDrive {
  const { rand, stepSeconds } = opts;
  const step = stepSeconds * 1000;
  const until = opts.until ?? Infinity;
  const breadcrumbs: Breadcrumb[] = [];
  const odometers: OdometerReading[] = [];
  const arrivals: number[] = [];
  let t = opts.start;
  let driven = 0;
  const odo = () => opts.odometerStart + driven * (1 + opts.odometerError);
  const fix = (p: LatLng, speedMph: number, jitter = 0) => {
    if (t > until) return;
    const j = () => (rand() - 0.5) * 2 * jitter;
    breadcrumbs.push({ time: t, lat: p.lat + j() / METERS_PER_DEG_LAT, lng: p.lng + j() / 80_000, speedMph });
    // The engine reports its odometer about every five minutes.
    if (!odometers.length || t - odometers[odometers.length - 1]!.time >= 300_000) odometers.push({ time: t, meters: Math.round(odo()) });
  };
  const dwell = (p: LatLng, minutes: number) => {
    const endAt = t + minutes * 60_000;
    while (t < endAt) {
      fix(p, 0, 8);
      t += Math.min(step * 3, endAt - t);
    }
  };

  dwell(stops[0]!, 20 + rand() * 25);
  arrivals.push(opts.start);
  for (let k = 1; k < stops.length; k++) {
    const a = stops[k - 1]!;
    const b = stops[k]!;
    // The road as driven: the planned distance a few percent off (−2.5 % … +4 %).
    const target = (opts.plannedLegs[k] ?? wgs84Meters(a, b)) * (0.975 + rand() * 0.065);
    const curve = legCurveInUs(a, b, target, rand() * Math.PI * 2);
    const along = [0];
    for (let i = 1; i < curve.length; i++) along.push(along[i - 1]! + wgs84Meters(curve[i - 1]!, curve[i]!));
    const total = along[along.length - 1]!;
    let s = 0;
    let seg = 1;
    const legStart = driven;
    while (s < total) {
      const speed = 48 + rand() * 16; // mph, highway and town
      while (seg < along.length - 1 && along[seg]! < s) seg++;
      const f = along[seg]! === along[seg - 1]! ? 0 : (s - along[seg - 1]!) / (along[seg]! - along[seg - 1]!);
      const p0 = curve[seg - 1]!;
      const p1 = curve[seg]!;
      driven = legStart + s;
      fix({ lat: p0.lat + (p1.lat - p0.lat) * Math.min(1, f), lng: p0.lng + (p1.lng - p0.lng) * Math.min(1, f) }, speed);
      s += speed * MPH * stepSeconds;
      t += step;
    }
    driven = legStart + total;
    fix(b, 5);
    arrivals.push(t);
    t += step;
    // Loading, unloading or a trailer swap.
    if (k < stops.length - 1) dwell(b, 35 + rand() * 80);
  }
  dwell(stops[stops.length - 1]!, 25 + rand() * 30);
  return { breadcrumbs, odometers, arrivals, end: t };
}
