import { THIRD_DIM, decodeColumns, encodeColumns } from '@milepost/geo/flexpolyline';
import type { Breadcrumb, OdometerKind, OdometerReading } from './provider';

/**
 * A trip's GPS history in columns: what the mileage engine reads and what `trip_tracks` stores
 * (docs/integrations/telematics.md#storage). Times are epoch seconds.
 */
export interface Track {
  time: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  /** mph; NaN where the provider gave none. */
  speedMph: Float32Array;
  odoTime: Float64Array;
  odoMeters: Float64Array;
  odometerKind: OdometerKind | null;
}

export interface StoredTrack {
  pointCount: number;
  polyline: string;
  speeds: Uint8Array;
  odometerCount: number;
  odometerTimes: Uint8Array;
  odometerMeters: Uint8Array;
}

/** 1e-5° (about a metre) is what a GPS fix is worth; the third dimension is the fix's epoch second. */
const PRECISION = 5;
const NO_SPEED = 0xffff;

export const emptyTrack = (): Track => ({
  time: new Float64Array(0),
  lat: new Float64Array(0),
  lng: new Float64Array(0),
  speedMph: new Float32Array(0),
  odoTime: new Float64Array(0),
  odoMeters: new Float64Array(0),
  odometerKind: null,
});

/**
 * The stored track with fetched fixes and odometer readings merged in by time
 * (docs/integrations/samsara.md#late-fixes): a fix that arrives late (older than the stored
 * ones) takes its place in the track, and a fix already stored (same second) is not added again,
 * so a re-read window is never counted twice. `odometers` must be of the track's kind
 * (`odometerKind`, or the stored track's): one series is never mixed with another.
 */
export function trackFrom(breadcrumbs: readonly Breadcrumb[], odometers: readonly OdometerReading[], odometerKind: OdometerKind | null, after: Track = emptyTrack()): Track {
  // The edge (edge.ts) already refused impossible fixes; a track is never built from one either.
  const crumbs = breadcrumbs.filter((b) => Number.isFinite(b.time) && Math.abs(b.lat) <= 90 && Math.abs(b.lng) <= 180);
  const odos = odometers.filter((o) => Number.isFinite(o.time) && Number.isFinite(o.meters));
  // Index order by time, stored first: the stable sort keeps the stored one of two fixes in one second.
  const fixAt = (k: number) => (k < after.time.length ? after.time[k]! : Math.round(crumbs[k - after.time.length]!.time / 1000));
  const fixOrder = mergedOrder(after.time.length + crumbs.length, fixAt);
  const odoAt = (k: number) => (k < after.odoTime.length ? after.odoTime[k]! : Math.round(odos[k - after.odoTime.length]!.time / 1000));
  const odoOrder = mergedOrder(after.odoTime.length + odos.length, odoAt);
  const t: Track = {
    time: new Float64Array(fixOrder.length),
    lat: new Float64Array(fixOrder.length),
    lng: new Float64Array(fixOrder.length),
    speedMph: new Float32Array(fixOrder.length),
    odoTime: new Float64Array(odoOrder.length),
    odoMeters: new Float64Array(odoOrder.length),
    odometerKind: after.odometerKind ?? odometerKind,
  };
  const n0 = after.time.length;
  fixOrder.forEach((k, i) => {
    t.time[i] = fixAt(k);
    const b = k < n0 ? null : crumbs[k - n0]!;
    t.lat[i] = b ? b.lat : after.lat[k]!;
    t.lng[i] = b ? b.lng : after.lng[k]!;
    t.speedMph[i] = b ? (b.speedMph ?? Number.NaN) : after.speedMph[k]!;
  });
  const o0 = after.odoTime.length;
  odoOrder.forEach((k, i) => {
    t.odoTime[i] = odoAt(k);
    t.odoMeters[i] = k < o0 ? after.odoMeters[k]! : odos[k - o0]!.meters;
  });
  return t;
}

/** Indexes 0…n-1 ordered by `timeOf`, one per second (the first of a second kept). */
function mergedOrder(n: number, timeOf: (k: number) => number): number[] {
  const order = Array.from({ length: n }, (_, k) => k).sort((a, b) => timeOf(a) - timeOf(b) || a - b);
  return order.filter((k, i) => i === 0 || timeOf(k) !== timeOf(order[i - 1]!));
}

/** Most fixes (and odometer readings) a stored track keeps: a month at one fix a minute. */
export const MAX_TRACK_FIXES = 50_000;

/**
 * A track within `max` fixes: over it, every k-th fix is kept along the whole track (the first
 * and the last always), so a long trip is thinned evenly, never cut short. Odometer readings
 * likewise.
 */
export function thinTrack(t: Track, max = MAX_TRACK_FIXES): Track {
  if (t.time.length <= max && t.odoTime.length <= max) return t;
  const keep = (n: number) => {
    if (n <= max) return null;
    const step = Math.ceil(n / (max - 1));
    const idx: number[] = [];
    for (let i = 0; i < n - 1; i += step) idx.push(i);
    idx.push(n - 1);
    return idx;
  };
  const pick = <A extends Float64Array | Float32Array>(a: A, idx: number[] | null, make: (n: number) => A): A => {
    if (!idx) return a;
    const out = make(idx.length);
    idx.forEach((i, k) => (out[k] = a[i]!));
    return out;
  };
  const fixes = keep(t.time.length);
  const odos = keep(t.odoTime.length);
  const f64 = (n: number) => new Float64Array(n);
  return {
    time: pick(t.time, fixes, f64),
    lat: pick(t.lat, fixes, f64),
    lng: pick(t.lng, fixes, f64),
    speedMph: pick(t.speedMph, fixes, (n) => new Float32Array(n)),
    odoTime: pick(t.odoTime, odos, f64),
    odoMeters: pick(t.odoMeters, odos, f64),
    odometerKind: t.odometerKind,
  };
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

export function encodeTrack(t: Track): StoredTrack {
  const speeds = new Uint16Array(t.speedMph.length);
  for (let i = 0; i < speeds.length; i++) {
    const s = t.speedMph[i]!;
    speeds[i] = Number.isNaN(s) ? NO_SPEED : Math.min(NO_SPEED - 1, Math.max(0, Math.round(s * 10)));
  }
  const odoTimes = new Float64Array(t.odoTime);
  return {
    pointCount: t.time.length,
    polyline: encodeColumns({ lat: t.lat, lng: t.lng, z: t.time }, { precision: PRECISION, thirdDim: THIRD_DIM.CUSTOM1, thirdDimPrecision: 0 }),
    speeds: littleEndian(bytesOf(speeds), 2),
    odometerCount: t.odoTime.length,
    odometerTimes: littleEndian(bytesOf(odoTimes), 8),
    odometerMeters: littleEndian(bytesOf(new Float64Array(t.odoMeters)), 8),
  };
}

export function decodeTrack(s: StoredTrack, odometerKind: OdometerKind | null): Track {
  const cols = s.pointCount ? decodeColumns(s.polyline) : null;
  const speeds = new Uint16Array(aligned(littleEndian(s.speeds, 2)));
  const speedMph = new Float32Array(speeds.length);
  for (let i = 0; i < speeds.length; i++) speedMph[i] = speeds[i] === NO_SPEED ? Number.NaN : speeds[i]! / 10;
  return {
    time: cols?.z ?? new Float64Array(0),
    lat: cols?.lat ?? new Float64Array(0),
    lng: cols?.lng ?? new Float64Array(0),
    speedMph,
    odoTime: new Float64Array(aligned(littleEndian(s.odometerTimes, 8))),
    odoMeters: new Float64Array(aligned(littleEndian(s.odometerMeters, 8))),
    odometerKind,
  };
}

/**
 * A copy in a buffer of its own (typed arrays need aligned offsets). Copied through a plain
 * Uint8Array: node-postgres hands bytea over as a Buffer, whose slice() shares a pooled buffer.
 */
function aligned(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Stored bytes are little-endian; on a big-endian machine the words are swapped. */
function littleEndian(bytes: Uint8Array, width: number): Uint8Array {
  if (LITTLE) return bytes;
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += width) for (let k = 0; k < width; k++) out[i + k] = bytes[i + width - 1 - k]!;
  return out;
}
