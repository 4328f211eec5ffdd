/**
 * The stop type a stop takes when nobody chose one, from its position and what precedes it
 * (docs/product/trips.md "Stops"), and the one stop numbering every
 * screen uses (editor, Trip History, legs table, map). Pure: the web's stops editor applies it
 * after every add, insert, remove and move; a type the dispatcher picked is kept as it is.
 */
import { greatCircleMeters } from './distance';
import type { StopType } from './stops';

/** Two stops this close (metres) are the same place: a round trip back to the yard. */
export const SAME_PLACE_METERS = 1_000;

export interface StopTypeSlot {
  /** The type the dispatcher picked for this stop, or null to take the default. */
  chosen: StopType | null;
  lat: number;
  lng: number;
}

/**
 * The type of each stop: the chosen one where there is one, else the default —
 * - the first stop is START;
 * - a stop while freight picked up earlier is still undelivered is DELIVERY;
 * - the last stop at the START's place is HOME;
 * - any other last stop is DELIVERY, any other stop between PICKUP.
 * Freight on board is counted along the effective types: a PICKUP adds one, a DELIVERY drops one,
 * a TRAILER hooked while nothing is on board brings freight (a pre-loaded trailer).
 * Dallas → Fort Worth → Oklahoma City → Dallas gives START, PICKUP, DELIVERY, HOME.
 */
export function stopTypeDefaults(stops: readonly StopTypeSlot[]): StopType[] {
  const first = stops[0];
  let onBoard = 0;
  return stops.map((stop, i) => {
    const type = stop.chosen ?? defaultAt(i, stops.length, onBoard, first !== undefined && i > 0 && greatCircleMeters(first, stop) <= SAME_PLACE_METERS);
    if (type === 'PICKUP') onBoard += 1;
    else if (type === 'DELIVERY') onBoard = Math.max(0, onBoard - 1);
    else if (type === 'TRAILER' && onBoard === 0) onBoard = 1;
    return type;
  });
}

function defaultAt(index: number, count: number, onBoard: number, atStartPlace: boolean): StopType {
  if (index === 0) return 'START';
  if (onBoard > 0) return 'DELIVERY';
  if (index === count - 1) return atStartPlace ? 'HOME' : 'DELIVERY';
  return 'PICKUP';
}

export { stopLetter } from './stops';
