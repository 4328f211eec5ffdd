import type { SourceMileStats } from '@milepost/contracts/mile-stats-api';
import { formatWireDateTime } from '@milepost/contracts/time';
import type { TelematicsMileage } from '@milepost/geo/mileage';
import { legFigures } from '@milepost/geo/mileage';
import type { LoadStatus, StopType } from '@milepost/geo/stops';
import { metresToMiles } from '@milepost/geo/units';

/**
 * The mileage engine's results (packages/geo/src/mileage.ts, metres and epoch seconds) shaped
 * for the wire: `SourceMileStats` in miles at full precision, times in the wire format
 * (docs/mileage-engine.md). The engine imports nothing; the API owns this shaping.
 */

/** The engine's result in the contract's shape: miles at full precision, times on the wire format. */
export function telematicsMileStats(result: TelematicsMileage): SourceMileStats {
  const mi = metresToMiles;
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
    coverage: result.coverage,
    nearPasses: result.nearPasses.map((p) => ({ index: p.index, miles: mi(p.meters), radiusMiles: mi(p.radiusMeters) })),
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
    miles: metresToMiles(f.miles),
    totalEmpty: metresToMiles(f.totalEmpty),
    pu: metresToMiles(f.pu),
    trl: metresToMiles(f.trl),
    totalMiles: metresToMiles(f.totalMiles),
    totalOdometers: null,
    legs: stops.slice(1).map((s, i) => ({
      toIndex: i + 1,
      stopId: s.id ?? null,
      stopType: s.stopType,
      loadStatus: s.loadStatus,
      miles: s.distance === null ? null : metresToMiles(Math.max(0, s.distance)),
      method: s.distance === null ? null : s.method,
      otherMiles: null,
      otherMethod: null,
      differs: false,
      gap: false,
      reachedAt: null,
    })),
  };
}
