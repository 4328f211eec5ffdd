/**
 * The stop and load types of a trip, declared once (docs/product/trips.md): the mileage engine
 * (mileage.ts) reads the leg into each stop by them, and contracts builds the trip schemas from them.
 * Imports nothing, so contracts may import it without loading the rest of geo.
 */
export const STOP_TYPES = ['START', 'PICKUP', 'TRAILER', 'SHOP', 'DELIVERY', 'HOME'] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const LOAD_STATUSES = ['EMPTY', 'LOADED'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/** A stop's letter by its position: A, B, C … Z, AA, AB … — the one numbering of every screen (editor, Trip History, legs table, map). */
export function stopLetter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/** START, PICKUP and TRAILER give EMPTY; SHOP and DELIVERY give LOADED (docs/product/trips.md). */
export function loadStatusFor(stopType: StopType): LoadStatus {
  return stopType === 'SHOP' || stopType === 'DELIVERY' ? 'LOADED' : 'EMPTY';
}

/**
 * The load status of the leg into each stop when nobody chose one: LOADED while freight is on the
 * truck (issue 20 point 1). Freight comes on at a PICKUP, or at a TRAILER stop while nothing is on
 * board (a pre-loaded trailer hooked); it stays on until the last DELIVERY before the next PICKUP.
 * The first stop has no leg into it: EMPTY. A lone stop type reads as loadStatusFor.
 */
export function loadStatusDefaults(stopTypes: readonly StopType[]): LoadStatus[] {
  const deliveryAhead = (from: number) => {
    for (let j = from; j < stopTypes.length; j++) {
      if (stopTypes[j] === 'DELIVERY') return true;
      if (stopTypes[j] === 'PICKUP') return false;
    }
    return false;
  };
  let onBoard = false;
  return stopTypes.map((type, i) => {
    const status: LoadStatus = i === 0 ? 'EMPTY' : onBoard ? 'LOADED' : stopTypes.length === 2 ? loadStatusFor(type) : 'EMPTY';
    if (type === 'PICKUP' || (type === 'TRAILER' && !onBoard)) onBoard = true;
    if (onBoard && !deliveryAhead(i + 1)) onBoard = false;
    return status;
  });
}
