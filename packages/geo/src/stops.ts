/**
 * The stop and load types of a trip, declared once (docs/product/trips.md): the mileage engine
 * (mileage.ts) reads the leg into each stop by them, and contracts builds the trip schemas from them.
 * Imports nothing, so contracts may import it without loading the rest of geo.
 */
export const STOP_TYPES = ['START', 'PICKUP', 'TRAILER', 'SHOP', 'DELIVERY', 'HOME'] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const LOAD_STATUSES = ['EMPTY', 'LOADED'] as const;
export type LoadStatus = (typeof LOAD_STATUSES)[number];

/** START, PICKUP and TRAILER give EMPTY; SHOP and DELIVERY give LOADED (docs/product/trips.md). */
export function loadStatusFor(stopType: StopType): LoadStatus {
  return stopType === 'SHOP' || stopType === 'DELIVERY' ? 'LOADED' : 'EMPTY';
}
