import type { PlaceItem } from '@milepost/contracts/places-api';
import { isValidCoordinate } from '@milepost/geo/distance';
import { stopLetter, stopTypeDefaults } from '@milepost/geo/stop-types';
import { STOP_TYPES, resolveLoadStatuses, type LoadStatus, type StopType } from '@milepost/geo/stops';

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
  /** The dispatcher picked this type (or it was saved so): the rules never change it. */
  typeChosen: boolean;
  /** The load status of the leg into this stop: the dispatcher's choice, else the rule's default. */
  loadStatus: LoadStatus;
  /** The dispatcher picked the load status: sent to the API, which otherwise applies the rule itself. */
  loadChosen: boolean;
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

/** A stop type as people read it: 'DELIVERY' → 'Delivery'. */
export const stopTypeLabel = (type: StopType) => type.charAt(0) + type.slice(1).toLowerCase();

/**
 * 'Start' for the first stop, the last by its type ('Delivery', 'Home'…), 'Stop B', 'Stop C'…
 * between — the letter every screen gives the stop (stopLetter in packages/geo/src/stop-types.ts).
 */
export function stopLabel(index: number, count: number, stopType: StopType = 'DELIVERY'): string {
  if (index === 0) return 'Start';
  if (index === count - 1) return stopTypeLabel(stopType);
  return `Stop ${stopLetter(index)}`;
}

/** An identical address plus latitude and longitude is the same place. */
export function sameStop(a: Pick<StopDraft, 'address' | 'latitude' | 'longitude'>, b: Pick<StopDraft, 'address' | 'latitude' | 'longitude'>) {
  return a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;
}

/**
 * The stop-type and load-status rules, applied after every add, insert, remove and move: a stop
 * whose type the dispatcher picked keeps it; every other stop takes the default of its position
 * and what precedes it (stopTypeDefaults); a stop whose load status the dispatcher picked keeps
 * it, every other takes the freight-on-board default (resolveLoadStatuses, the function the API
 * counts with). Order indexes are renumbered. An unchanged stop stays the same object.
 */
export function applyStopRules(stops: readonly StopDraft[]): StopDraft[] {
  const types = stopTypeDefaults(stops.map((s) => ({ chosen: s.typeChosen ? s.stopType : null, lat: s.latitude, lng: s.longitude })));
  // The server's rule, the same function (packages/geo/src/stops.ts): the choice, else the default.
  const loads = resolveLoadStatuses(stops.map((s, i) => ({ stopType: types[i]!, loadStatus: s.loadStatus, loadStatusExplicit: s.loadChosen })));
  return stops.map((s, i) => {
    const stopType = types[i]!;
    const loadStatus = loads[i]!;
    return s.orderIndex === i && s.stopType === stopType && s.loadStatus === loadStatus ? s : { ...s, orderIndex: i, stopType, loadStatus };
  });
}

/**
 * Inserts a picked place at `at` (the end by default); the rules set its type. The same place may
 * be visited again later in the trip (home yard → load → home yard), only not twice in a row:
 * null when a neighbour of the new stop is that place.
 */
export function addStop(stops: readonly StopDraft[], place: PlaceItem, at: number = stops.length): StopDraft[] | null {
  const index = Math.max(0, Math.min(at, stops.length));
  const stop: StopDraft = {
    key: newStopKey(),
    address: place.address.label,
    latitude: place.position.lat,
    longitude: place.position.lng,
    stopType: 'PICKUP',
    typeChosen: false,
    loadStatus: 'EMPTY',
    loadChosen: false,
    orderIndex: index,
    distance: null,
    totalDistance: null,
    duration: null,
  };
  const before = stops[index - 1];
  const after = stops[index];
  if ((before && sameStop(before, stop)) || (after && sameStop(after, stop))) return null;
  return applyStopRules([...stops.slice(0, index), stop, ...stops.slice(index)]);
}

export function removeStop(stops: readonly StopDraft[], key: string): StopDraft[] {
  return applyStopRules(stops.filter((s) => s.key !== key));
}

/** The dispatcher's choice of type: kept from now on, whatever happens to the other stops. */
export function setStopType(stops: readonly StopDraft[], key: string, stopType: StopType): StopDraft[] {
  return applyStopRules(stops.map((s) => (s.key === key ? { ...s, stopType, typeChosen: true } : s)));
}

/** The dispatcher's choice of load status for the leg into a stop, or null to follow the rule again. */
export function setLoadStatus(stops: readonly StopDraft[], key: string, loadStatus: LoadStatus | null): StopDraft[] {
  return applyStopRules(stops.map((s) => (s.key === key ? { ...s, loadStatus: loadStatus ?? s.loadStatus, loadChosen: loadStatus !== null } : s)));
}

/** Any stop may move to any other position (the first and the last too). */
export function canMoveStop(count: number, from: number, to: number): boolean {
  const inside = (i: number) => Number.isInteger(i) && i >= 0 && i < count;
  return from !== to && inside(from) && inside(to);
}

/** Moves the stop at `from` to `to` and applies the rules. Null when the move is not allowed. */
export function moveStop(stops: readonly StopDraft[], from: number, to: number): StopDraft[] | null {
  if (!canMoveStop(stops.length, from, to)) return null;
  const next = [...stops];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return applyStopRules(next);
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

/**
 * The stops as the API takes them: the load status only where the dispatcher chose it (the server
 * applies the same rule to the others).
 */
export function toStopInputs(stops: readonly StopDraft[]) {
  return stops.map(({ key: _key, typeChosen: _type, loadChosen, loadStatus, ...s }, i) => ({ ...s, orderIndex: i, ...(loadChosen ? { loadStatus } : {}) }));
}
