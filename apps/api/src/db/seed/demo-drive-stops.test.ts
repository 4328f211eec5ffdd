import { describe, expect, it } from 'vitest';
import { wgs84Meters } from '@milepost/geo/distance';
import { telematicsMileage, type EngineStop } from '@milepost/geo/mileage';
import type { StopType } from '@milepost/geo/stops';
import { ABROAD_JURISDICTIONS, OUTSIDE_US, jurisdictionAt } from '@milepost/geo/jurisdictions';
import { demoDrive } from './demo-drive';

/**
 * A stop is reached by the track, not by a fix (docs/mileage-engine.md "Match stops"): the demo's
 * drives (the tracks the demo and the integration fakes serve) are made with a fix every 5 s, then
 * sampled every 60 s as a provider's sparse history is, keeping only the fixes of a truck on the
 * move — no fix stands at an intermediate stop, so the sampled track passes it between two fixes
 * up to a mile apart. Every stop must still be reached within a 0.3 mi radius (not as a near
 * pass), and every leg measured within 1 % of the dense track's.
 */

const RADII = { homeRadius: 0.3, shopRadius: 0.3, pickupRadius: 0.3, trailerRadius: 0.3, deliveryRadius: 0.3 };
const LANES: { name: string; stops: { lat: number; lng: number; type: StopType }[] }[] = [
  {
    name: 'Fort Wayne → Indianapolis → Kansas City',
    stops: [
      { lat: 41.0793, lng: -85.1394, type: 'START' },
      { lat: 39.7684, lng: -86.1581, type: 'PICKUP' },
      { lat: 39.0997, lng: -94.5786, type: 'DELIVERY' },
    ],
  },
  {
    name: 'Dallas → Oklahoma City → Tulsa → Joplin',
    stops: [
      { lat: 32.7767, lng: -96.797, type: 'START' },
      { lat: 35.4676, lng: -97.5164, type: 'PICKUP' },
      { lat: 36.154, lng: -95.9928, type: 'DELIVERY' },
      { lat: 37.0842, lng: -94.5133, type: 'DELIVERY' },
    ],
  },
  {
    name: 'Chicago → Joliet → Milwaukee',
    stops: [
      { lat: 41.8781, lng: -87.6298, type: 'START' },
      { lat: 41.525, lng: -88.0817, type: 'PICKUP' },
      { lat: 43.0389, lng: -87.9065, type: 'DELIVERY' },
    ],
  },
];

/** A small deterministic generator (the drives' bends and speeds). */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
}

const columns = (fixes: { time: number; lat: number; lng: number }[]) => ({
  time: fixes.map((f) => f.time / 1000),
  lat: fixes.map((f) => f.lat),
  lng: fixes.map((f) => f.lng),
});

describe('stop matching on tracks sampled every 60 s', () => {
  for (const [n, lane] of LANES.entries()) {
    it(`reaches every stop and measures every leg within 1 % of the dense track: ${lane.name}`, () => {
      const planned = lane.stops.map((s, k) => (k === 0 ? 0 : wgs84Meters(lane.stops[k - 1]!, s) * 1.15));
      const drive = demoDrive(lane.stops, { plannedLegs: planned, start: Date.UTC(2026, 9, 5, 13), rand: seeded(n + 7), stepSeconds: 5, odometerStart: 0, odometerError: 0 });
      const stops: EngineStop[] = lane.stops.map((s) => ({ stopType: s.type, lat: s.lat, lng: s.lng }));
      const dense = telematicsMileage({ fixes: columns(drive.breadcrumbs), stops, radii: RADII });
      expect(dense.legs.every((l) => l.distance !== null)).toBe(true);

      // A fix a minute, on the move only (no fix while standing at a stop), from 30 s after the truck starts moving.
      const moving = drive.breadcrumbs.filter((f) => (f.speedMph ?? 0) > 5);
      let next = moving[0]!.time + 30_000;
      const sparse = moving.filter((f) => {
        if (f.time < next) return false;
        next = f.time + 60_000;
        return true;
      });
      // The history of the window starts with the truck at its first stop and ends with it at its last.
      const track = [drive.breadcrumbs[0]!, ...sparse, drive.breadcrumbs.at(-1)!];
      const r = telematicsMileage({ fixes: columns(track), stops, radii: RADII });
      expect(r.nearPasses).toEqual([]);
      expect(r.coverage.legsMeasured).toBe(r.coverage.legs);
      r.legs.forEach((leg, i) => {
        expect(leg.distance, `leg ${i + 1}`).not.toBeNull();
        expect(Math.abs(leg.distance! - dense.legs[i]!.distance!) / dense.legs[i]!.distance!, `leg ${i + 1}`).toBeLessThan(0.01);
      });
    });
  }
});

describe('a demo drive between two US towns', () => {
  // docs/state-miles.md "Demo": a US load's State miles are US states only, never OUT or a province.
  const inUsStates = (p: { lat: number; lng: number }) => {
    const j = jurisdictionAt(p.lat, p.lng);
    return j !== OUTSIDE_US && !ABROAD_JURISDICTIONS.includes(j);
  };
  const lanes = [
    {
      name: 'Harrisburg, PA → Jacksonville, FL (its usual bend leaves the Atlantic shore)',
      stops: [
        { lat: 40.2732, lng: -76.8867 },
        { lat: 30.3322, lng: -81.6557 },
      ],
    },
    {
      name: 'Cleveland, OH → Buffalo, NY (along Lake Erie)',
      stops: [
        { lat: 41.4993, lng: -81.6944 },
        { lat: 42.8864, lng: -78.8784 },
      ],
    },
    {
      name: 'Houston, TX → Jacksonville, FL (along the Gulf)',
      stops: [
        { lat: 29.7604, lng: -95.3698 },
        { lat: 30.3322, lng: -81.6557 },
      ],
    },
  ];
  for (const [n, lane] of lanes.entries()) {
    it(`stays in the US states, bent inland where its usual bend would cross water or a border: ${lane.name}`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        const planned = [0, wgs84Meters(lane.stops[0]!, lane.stops[1]!) * 1.18];
        const drive = demoDrive(lane.stops, {
          plannedLegs: planned,
          start: Date.UTC(2026, 9, 5, 13),
          rand: seeded(n * 10 + seed),
          stepSeconds: 60,
          odometerStart: 0,
          odometerError: 0,
        });
        expect(drive.breadcrumbs.filter((f) => !inUsStates(f))).toEqual([]);
      }
    });
  }
});
