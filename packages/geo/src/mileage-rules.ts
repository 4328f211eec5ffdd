/**
 * The mileage engine's thresholds (docs/mileage-engine.md), owned by the engine: breadcrumbs.ts
 * and mileage.ts read them, and the API passes them on. Imports nothing.
 */
export const MILEAGE_RULES = {
  /** A leg's two methods "differ" when they are more than this fraction apart … */
  methodDifference: 0.03,
  /** … and more than this many metres (odometers count in 0.1 km steps; a few metres are noise). */
  methodDifferenceFloorMeters: 100,
  /** A leg has a gap when two consecutive fixes are more than this many seconds apart … */
  gapSeconds: 600,
  /** … or more than this many metres apart. */
  gapMeters: 5000,
  /** A fix implying a faster move than this from the last kept fix is a jump, and dropped. */
  maxSpeedMph: 110,
  /** Fixes within this many metres of the last kept fix are stationary jitter: they add no distance. */
  stationaryMeters: 25,
  /** A stop radius below this (e.g. an empty setting read as 0) is raised to it, in miles. */
  minRadiusMiles: 0.1,
  /**
   * A stop the track never comes within its radius of, but passes within this many miles of, is
   * matched at the closest approach and flagged with the distance (docs/mileage-engine.md
   * "Match stops"): a yard entrance or a geocode a few blocks off; a truck 5 mi away was elsewhere.
   */
  nearPassMiles: 5,
} as const;
export type MileageRules = { [K in keyof typeof MILEAGE_RULES]: number };
