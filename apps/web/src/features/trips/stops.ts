import type { PlaceItem } from '@milepost/contracts/places-api';
import { isValidCoordinate } from '@milepost/geo/distance';
import { STOP_TYPES, loadStatusFor, type LoadStatus, type StopType } from '@milepost/geo/stops';

/**
 * The stops of a trip being edited (docs/product/trips.md "Stops editor") as pure functions: the
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
  /** Metres of the leg into this stop, from the routing (HERE, or its estimate when HERE is not available). */
  distance: number | null;
  totalDistance: number | null;
  /** Seconds of the leg into this stop. */
  duration: number | null;
}

export const STOP_TYPE_OPTIONS: readonly StopType[] = STOP_TYPES;

/** Recalculation waits this long after a change of stops (docs/product/trips.md). */
export const RECALC_DELAY_MS = 100;
/** Moved rows are highlighted this long (docs/product/shell.md). */
export const MOVED_HIGHLIGHT_MS = 1500;

let keySeq = 0;
export const newStopKey = () => `stop-${++keySeq}`;

/** 'Start' for the first stop, 'Delivery' for the last, 'Stop N' between. */
export function stopLabel(index: number, count: number): string {
  if (index === 0) return 'Start';
  if (index === count - 1) return 'Delivery';
  return `Stop ${index}`;
}

/** An identical address plus latitude and longitude is the same place. */
export function sameStop(a: Pick<StopDraft, 'address' | 'latitude' | 'longitude'>, b: Pick<StopDraft, 'address' | 'latitude' | 'longitude'>) {
  return a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;
}

type Role = 'first' | 'middle' | 'last';
const roleAt = (index: number, count: number): Role => (index === 0 ? 'first' : index === count - 1 ? 'last' : 'middle');
/** The type a stop takes in each position unless the user chose another (docs/decisions/007-trip-editing-for-dispatchers.md). */
const ROLE_TYPE: Record<Role, StopType> = { first: 'START', middle: 'PICKUP', last: 'DELIVERY' };
const withType = (s: StopDraft, stopType: StopType): StopDraft => (s.stopType === stopType ? s : { ...s, stopType, loadStatus: loadStatusFor(stopType) });

/**
 * The stop-type rule, applied after every add, remove and move: the first stop is START and the
 * last DELIVERY; a stop that becomes a middle stop is PICKUP unless the user had chosen its type
 * (a type other than the one its old position gave it); a stop whose position role did not
 * change keeps its type. Order indexes are renumbered.
 */
function applyStopTypes(before: readonly StopDraft[], after: readonly StopDraft[]): StopDraft[] {
  const oldRole = new Map(before.map((s, i) => [s.key, roleAt(i, before.length)]));
  return after.map((stop, i) => {
    const s = stop.orderIndex === i ? stop : { ...stop, orderIndex: i };
    const role = roleAt(i, after.length);
    const was = oldRole.get(s.key);
    if (was === role) return s;
    if (role !== 'middle') return withType(s, ROLE_TYPE[role]);
    const chosen = was !== undefined && s.stopType !== ROLE_TYPE[was];
    return chosen ? s : withType(s, ROLE_TYPE.middle);
  });
}

/**
 * Appends a picked place with the next order index; the stop-type rule sets its type. The same
 * place may be visited again later in the trip (home yard → load → home yard), only not twice
 * in a row: null when it is already the last stop.
 */
export function addStop(stops: readonly StopDraft[], place: PlaceItem): StopDraft[] | null {
  const stop: StopDraft = {
    key: newStopKey(),
    address: place.address.label,
    latitude: place.position.lat,
    longitude: place.position.lng,
    stopType: 'PICKUP',
    loadStatus: loadStatusFor('PICKUP'),
    orderIndex: stops.length,
    distance: null,
    totalDistance: null,
    duration: null,
  };
  const last = stops[stops.length - 1];
  if (last && sameStop(last, stop)) return null;
  return applyStopTypes(stops, [...stops, stop]);
}

export function removeStop(stops: readonly StopDraft[], key: string): StopDraft[] {
  return applyStopTypes(
    stops,
    stops.filter((s) => s.key !== key),
  );
}

/** The user's choice of type; it sets the load status (START/PICKUP/TRAILER → EMPTY, SHOP/DELIVERY → LOADED). */
export function setStopType(stops: readonly StopDraft[], key: string, stopType: StopType): StopDraft[] {
  return stops.map((s) => (s.key === key ? withType(s, stopType) : s));
}

/** The first and last stops never move, and nothing takes their place. */
export function canMoveStop(count: number, from: number, to: number): boolean {
  const middle = (i: number) => i > 0 && i < count - 1;
  return from !== to && middle(from) && middle(to);
}

/** Moves the stop at `from` to `to` and applies the stop-type rule. Null when the move is not allowed. */
export function moveStop(stops: readonly StopDraft[], from: number, to: number): StopDraft[] | null {
  if (!canMoveStop(stops.length, from, to)) return null;
  const next = [...stops];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return applyStopTypes(stops, next);
}

/**
 * Writes a route's legs onto the stops (docs/product/trips.md): the legs join the valid stops in order
 * (invalid stops are skipped and keep their figures); the first valid stop has zero; each
 * later one gets its leg's metres and seconds and the running total. A change under 1 (metre or
 * second) is ignored, so an answer equal to what is shown changes nothing: the same array is
 * returned. Null legs (a different count than the valid stops need) change nothing either.
 */
export function applyLegs(stops: readonly StopDraft[], legs: readonly { distance: number; duration: number }[]): readonly StopDraft[] {
  const valid = stops.filter((s) => isValidCoordinate(s.latitude, s.longitude));
  if (valid.length < 2 || legs.length !== valid.length - 1) return stops;
  let leg = -1;
  let total = 0;
  let changed = false;
  const close = (a: number | null, b: number) => a !== null && Math.abs(a - b) < 1;
  const next = stops.map((s) => {
    if (!isValidCoordinate(s.latitude, s.longitude)) return s;
    const figures = leg < 0 ? { distance: 0, duration: 0 } : legs[leg]!;
    leg += 1;
    total += figures.distance;
    if (close(s.distance, figures.distance) && close(s.totalDistance, total) && close(s.duration, figures.duration)) return s;
    changed = true;
    return { ...s, distance: Math.round(figures.distance), totalDistance: Math.round(total), duration: Math.round(figures.duration) };
  });
  return changed ? next : stops;
}

/** The stops as the API takes them. */
export function toStopInputs(stops: readonly StopDraft[]) {
  return stops.map(({ key: _key, ...s }, i) => ({ ...s, orderIndex: i }));
}
