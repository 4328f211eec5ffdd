import type { SourceMileStats } from '@milepost/contracts/mile-stats-api';
import { formatWireDateTime } from '@milepost/contracts/time';
import type { TelematicsMileage } from '@milepost/geo/mileage';
import { legFigures } from '@milepost/geo/mileage';
import type { LoadStatus, StopType } from '@milepost/geo/stops';
import { METERS_TO_MILES } from '@milepost/geo/units';

/**
 * The mileage engine's results (packages/geo/src/mileage.ts, metres and epoch seconds) shaped
 * for the wire: `SourceMileStats` in miles at full precision, times in the wire format
 * (docs/mileage-engine.md). The engine imports nothing; the API owns this shaping.
 */

/** The engine's result in the contract's shape: miles at full precision, times on the wire format. */
export function telematicsMileStats(result: TelematicsMileage): SourceMileStats {
  const mi = (m: number) => m * METERS_TO_MILES;
  return {
    miles: mi(result.miles),
    totalEmpty: mi(result.totalEmpty),
    pu: mi(result.pu),
    trl: mi(result.trl),
    totalMiles: mi(result.totalMiles),
    totalOdometers: result.totalOdometers === null ? null : mi(result.totalOdometers),
    legs: result.legs.map((l) => ({
      toIndex: l.toIndex,
      stopId: l.stopId,
      stopType: l.stopType,
      loadStatus: l.loadStatus,
      miles: l.distance === null ? null : mi(l.distance),
      method: l.method,
      otherMiles: l.other === null ? null : mi(l.other),
      otherMethod: l.otherMethod,
      differs: l.differs,
      gap: l.gap,
      reachedAt: l.reachedAt === null ? null : formatWireDateTime(l.reachedAt * 1000),
      seconds: l.seconds,
      stillSeconds: l.stillSeconds,
    })),
  };
}

export interface PlannedStop {
  id?: number | null;
  stopType: StopType;
  loadStatus: LoadStatus;
  /** Metres of the leg into this stop (ignored for the first stop). */
  distance: number | null;
  /** Where the distance came from: the HERE route or the offline estimate. */
  method: 'HERE' | 'ESTIMATE' | null;
}

/** The planned route's figures (HERE or estimate) in the contract's shape. */
export function plannedMileStats(stops: readonly PlannedStop[]): SourceMileStats {
  const f = legFigures(stops);
  return {
    miles: f.miles * METERS_TO_MILES,
    totalEmpty: f.totalEmpty * METERS_TO_MILES,
    pu: f.pu * METERS_TO_MILES,
    trl: f.trl * METERS_TO_MILES,
    totalMiles: f.totalMiles * METERS_TO_MILES,
    totalOdometers: null,
    legs: stops.slice(1).map((s, i) => ({
      toIndex: i + 1,
      stopId: s.id ?? null,
      stopType: s.stopType,
      loadStatus: s.loadStatus,
      miles: s.distance === null ? null : Math.max(0, s.distance) * METERS_TO_MILES,
      method: s.distance === null ? null : s.method,
      otherMiles: null,
      otherMethod: null,
      differs: false,
      gap: false,
      reachedAt: null,
    })),
  };
}
