/**
 * The stop and load types of a trip, declared once (docs/product/trips.md), and the rule that
 * gives each leg its load status (docs/decisions/015-loaded-by-freight-on-board.md): the mileage
 * engine (mileage.ts) reads the leg into each stop by them, contracts builds the trip schemas from
 * them, and the stops editor and the API fill a stop's default load status with
 * `loadStatusDefaults`. Imports nothing.
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

/**
 * The spec's table for a stop on its own: START, PICKUP, TRAILER (and HOME) give EMPTY; SHOP and
 * DELIVERY give LOADED. It is the first stop's default; every other stop's comes from
 * `loadStatusDefaults`.
 */
export function loadStatusFor(stopType: StopType): LoadStatus {
  return stopType === 'SHOP' || stopType === 'DELIVERY' ? 'LOADED' : 'EMPTY';
}

/**
 * Each stop's default load status by freight on board (decision 015): element i is the status of
 * the leg into stop i, LOADED while freight is on the truck on that leg, else EMPTY; element 0
 * (no leg leads into the first stop) is the spec's table value, `loadStatusFor`.
 *
 * Freight comes on at a PICKUP, and at a TRAILER when a DELIVERY follows before the next PICKUP
 * (a loaded trailer hooked); after a DELIVERY it stays on only while another DELIVERY follows
 * before the next PICKUP (multi-drop). START, SHOP and HOME change nothing.
 */
export function loadStatusDefaults(stopTypes: readonly StopType[]): LoadStatus[] {
  const n = stopTypes.length;
  // deliveryAhead[i]: a DELIVERY comes after stop i before the next PICKUP.
  const deliveryAhead: boolean[] = new Array<boolean>(n).fill(false);
  for (let i = n - 2, ahead = false; i >= 0; i--) {
    const next = stopTypes[i + 1];
    if (next === 'DELIVERY') ahead = true;
    else if (next === 'PICKUP') ahead = false;
    deliveryAhead[i] = ahead;
  }
  const out: LoadStatus[] = [];
  let onBoard = false;
  stopTypes.forEach((type, i) => {
    out.push(i === 0 ? loadStatusFor(type) : onBoard ? 'LOADED' : 'EMPTY');
    if (type === 'PICKUP') onBoard = true;
    else if (type === 'TRAILER') onBoard = onBoard || deliveryAhead[i]!;
    else if (type === 'DELIVERY') onBoard = deliveryAhead[i]!;
  });
  return out;
}

/**
 * The load status each stop is counted with: a dispatcher's explicit choice where there is one
 * (a status given and marked explicit), else the rule's default.
 */
export function resolveLoadStatuses(stops: readonly { stopType: StopType; loadStatus?: LoadStatus | null; loadStatusExplicit?: boolean | null }[]): LoadStatus[] {
  const defaults = loadStatusDefaults(stops.map((s) => s.stopType));
  return stops.map((s, i) => (s.loadStatusExplicit && s.loadStatus ? s.loadStatus : defaults[i]!));
}
