/**
 * The trip mileage model (architecture §5): the leg *into* stop i carries stop i's load status;
 * the first stop's leg is 0. Loaded legs make `miles`; empty legs make `totalEmpty`, of which
 * those ending at a PICKUP make `pu` and those ending at a TRAILER make `trl`.
 */
export type StopType = 'START' | 'PICKUP' | 'TRAILER' | 'SHOP' | 'DELIVERY' | 'HOME';
export type LoadStatus = 'EMPTY' | 'LOADED';

export interface LegStop {
  stopType: StopType;
  loadStatus: LoadStatus;
  /** Metres of the leg into this stop (ignored for the first stop). */
  distance: number | null;
}

export interface MileageFigures {
  /** Loaded metres. */
  miles: number;
  totalEmpty: number;
  pu: number;
  trl: number;
  totalMiles: number;
}

/** START, PICKUP and TRAILER give EMPTY; SHOP and DELIVERY give LOADED (spec 01 §4). */
export function loadStatusFor(stopType: StopType): LoadStatus {
  return stopType === 'SHOP' || stopType === 'DELIVERY' ? 'LOADED' : 'EMPTY';
}

export function legFigures(stops: readonly LegStop[]): MileageFigures {
  const f: MileageFigures = { miles: 0, totalEmpty: 0, pu: 0, trl: 0, totalMiles: 0 };
  stops.forEach((stop, i) => {
    const leg = i === 0 ? 0 : Math.max(0, stop.distance ?? 0);
    if (stop.loadStatus === 'LOADED') f.miles += leg;
    else {
      f.totalEmpty += leg;
      if (stop.stopType === 'PICKUP') f.pu += leg;
      if (stop.stopType === 'TRAILER') f.trl += leg;
    }
  });
  f.totalMiles = f.miles + f.totalEmpty;
  return f;
}
