import type { PlaceItem } from '@milepost/contracts/places-api';
import { greatCircleMeters, isValidCoordinate } from '@milepost/geo/distance';
import { loadStatusFor, type LoadStatus, type StopType } from '@milepost/geo/mileage';

/**
 * The stops of a trip being edited (spec 01 §2 "Stops editor", §4) as pure functions: the
 * editor component only renders them.
 */
export interface StopDraft {
  /** Stable key for rendering and dragging (not sent). */
  key: string;
  address: string;
  latitude: number;
  longitude: number;
  stopType: StopType;
  loadStatus: LoadStatus;
  orderIndex: number;
  /** Metres of the leg into this stop; an estimate until routing replaces it. */
  distance: number | null;
  totalDistance: number | null;
  /** Seconds of the leg into this stop. */
  duration: number | null;
}

export const STOP_TYPE_OPTIONS: readonly StopType[] = ['START', 'PICKUP', 'TRAILER', 'SHOP', 'DELIVERY', 'HOME'];

/** Straight-line distance times this gives the road estimate (no routing yet). */
export const ROAD_FACTOR = 1.18;
/** Average truck speed of the estimate, metres per second (about 55 mph). */
export const ESTIMATE_SPEED_MPS = 24.6;
/** Recalculation waits this long after a change of stops (spec 01 §4). */
export const RECALC_DELAY_MS = 100;
/** Moved rows are highlighted this long (spec 01 §9). */
export const MOVED_HIGHLIGHT_MS = 1500;

let keySeq = 0;
export const newStopKey = () => `stop-${++keySeq}`;

/** 'Start' for the first stop, 'Delivery' for the last, 'Stop N' between. */
export function stopLabel(index: number, count: number): string {
  if (index === 0) return 'Start';
  if (index === count - 1) return 'Delivery';
  return `Stop ${index}`;
}

/** Map letters A, B, C … Z, AA, AB … */
export function stopLetter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/** An identical address plus latitude and longitude identifies a stop. */
export function sameStop(a: Pick<StopDraft, 'address' | 'latitude' | 'longitude'>, b: Pick<StopDraft, 'address' | 'latitude' | 'longitude'>) {
  return a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;
}

const renumber = (stops: StopDraft[]) => stops.map((s, i) => (s.orderIndex === i ? s : { ...s, orderIndex: i }));

/** Appends a picked place with the next order index, START and EMPTY; null when it is already a stop. */
export function addStop(stops: readonly StopDraft[], place: PlaceItem): StopDraft[] | null {
  const stop: StopDraft = {
    key: newStopKey(),
    address: place.address.label,
    latitude: place.position.lat,
    longitude: place.position.lng,
    stopType: 'START',
    loadStatus: loadStatusFor('START'),
    orderIndex: stops.length,
    distance: null,
    totalDistance: null,
    duration: null,
  };
  if (stops.some((s) => sameStop(s, stop))) return null;
  return [...stops, stop];
}

export function removeStop(stops: readonly StopDraft[], key: string): StopDraft[] {
  return renumber(stops.filter((s) => s.key !== key));
}

/** The stop type sets the load status (START/PICKUP/TRAILER → EMPTY, SHOP/DELIVERY → LOADED). */
export function setStopType(stops: readonly StopDraft[], key: string, stopType: StopType): StopDraft[] {
  return stops.map((s) => (s.key === key ? { ...s, stopType, loadStatus: loadStatusFor(stopType) } : s));
}

/** The first and last stops never move, and nothing takes their place. */
export function canMoveStop(count: number, from: number, to: number): boolean {
  const middle = (i: number) => i > 0 && i < count - 1;
  return from !== to && middle(from) && middle(to);
}

/**
 * Moves the stop at `from` to `to`; orderIndex is renumbered, the first becomes START and the
 * last DELIVERY. Null when the move is not allowed.
 */
export function moveStop(stops: readonly StopDraft[], from: number, to: number): StopDraft[] | null {
  if (!canMoveStop(stops.length, from, to)) return null;
  const next = [...stops];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  const last = next.length - 1;
  return renumber(next).map((s, i) =>
    i === 0 && s.stopType !== 'START'
      ? { ...s, stopType: 'START', loadStatus: loadStatusFor('START') }
      : i === last && s.stopType !== 'DELIVERY'
        ? { ...s, stopType: 'DELIVERY', loadStatus: loadStatusFor('DELIVERY') }
        : s,
  );
}

/**
 * Leg estimates (until HERE routing arrives): with at least 2 valid stops, each valid stop's leg
 * is the great-circle distance from the previous valid stop × 1.18, its duration at ≈ 24.6 m/s;
 * the first has zero. Changes under 1 m are ignored. Returns the same array when nothing changed.
 */
export function estimateLegs(stops: readonly StopDraft[]): readonly StopDraft[] {
  const valid = stops.filter((s) => isValidCoordinate(s.latitude, s.longitude));
  if (valid.length < 2) return stops;
  let previous: StopDraft | null = null;
  let total = 0;
  let changed = false;
  const next = stops.map((s) => {
    if (!isValidCoordinate(s.latitude, s.longitude)) return s;
    const leg: number = previous
      ? greatCircleMeters({ lat: previous.latitude, lng: previous.longitude }, { lat: s.latitude, lng: s.longitude }) * ROAD_FACTOR
      : 0;
    previous = s;
    total += leg;
    const close = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 1;
    if (close(s.distance, leg) && close(s.totalDistance, total) && s.duration !== null) return s;
    changed = true;
    return { ...s, distance: Math.round(leg), totalDistance: Math.round(total), duration: Math.round(leg / ESTIMATE_SPEED_MPS) };
  });
  return changed ? next : stops;
}

/** The stops as the API takes them. */
export function toStopInputs(stops: readonly StopDraft[]) {
  return stops.map(({ key: _key, ...s }, i) => ({ ...s, orderIndex: i }));
}
