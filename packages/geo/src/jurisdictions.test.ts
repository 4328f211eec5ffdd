import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentMeters, trackMeters } from './distance';
import { POSTAL_BY_FIPS } from './us-states';
import {
  ABROAD_JURISDICTIONS,
  CANADIAN_PROVINCES,
  JURISDICTIONS,
  MEXICO,
  OUTSIDE_US,
  jurisdictionAt,
  jurisdictionAtExact,
  jurisdictionIndex,
  metresByJurisdiction,
  onLandExact,
  stateEdges,
} from './jurisdictions';

/** Fort Wayne → Indianapolis → Effingham → St. Louis → Kansas City, KS → Omaha → Des Moines: IN, IL, MO, KS, NE, IA. */
const WAYPOINTS: [number, number][] = [
  [41.0793, -85.1394],
  [39.7684, -86.1581],
  [39.1200, -88.5434],
  [38.6270, -90.1994],
  [39.1141, -94.6275],
  [41.2565, -95.9345],
  [41.5868, -93.6250],
]; // prettier-ignore

/** A drive along the waypoints with a fix about every 500 m, wandering a little like roads do. */
function generatedTrack(): { lat: Float64Array; lng: Float64Array } {
  const lat: number[] = [];
  const lng: number[] = [];
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.004;
  for (let w = 1; w < WAYPOINTS.length; w++) {
    const [a0, b0] = WAYPOINTS[w - 1]!;
    const [a1, b1] = WAYPOINTS[w]!;
    const n = Math.ceil(segmentMeters(a0, b0, a1, b1) / 500);
    for (let i = w === 1 ? 0 : 1; i <= n; i++) {
      const edge = i === 0 || i === n;
      lat.push(a0 + ((a1 - a0) * i) / n + (edge ? 0 : rnd()));
      lng.push(b0 + ((b1 - b0) * i) / n + (edge ? 0 : rnd()));
    }
  }
  return { lat: Float64Array.from(lat), lng: Float64Array.from(lng) };
}

/** Point-in-polygon over each state whose bounding box holds the point: slow and exact. */
function slowReference() {
  const E = stateEdges();
  const boxes = E.codes.map(() => [Infinity, Infinity, -Infinity, -Infinity]);
  const byState: number[][] = E.codes.map(() => []);
  for (let e = 0; e < E.sid.length; e++) {
    if (E.sid[e]! >= E.abroad) continue;
    const b = boxes[E.sid[e]! - 1]!;
    b[0] = Math.min(b[0]!, E.x0[e]!, E.x1[e]!);
    b[1] = Math.min(b[1]!, E.y0[e]!, E.y1[e]!);
    b[2] = Math.max(b[2]!, E.x0[e]!, E.x1[e]!);
    b[3] = Math.max(b[3]!, E.y0[e]!, E.y1[e]!);
    byState[E.sid[e]! - 1]!.push(e);
  }
  return (lat: number, lng: number): string => {
    for (let s = 0; s < E.codes.length; s++) {
      const b = boxes[s]!;
      if (lng < b[0]! || lng > b[2]! || lat < b[1]! || lat > b[3]!) continue;
      let inside = false;
      for (const e of byState[s]!) {
        const ay = E.y0[e]!;
        const by = E.y1[e]!;
        if (ay > lat === by > lat) continue;
        if (lng < E.x0[e]! + ((lat - ay) * (E.x1[e]! - E.x0[e]!)) / (by - ay)) inside = !inside;
      }
      if (inside) return E.codes[s]!;
    }
    return OUTSIDE_US;
  };
}

/** Every segment cut in steps of at most `stepM` metres; each step's length goes to the state of its middle. */
function denseSplit(lat: ArrayLike<number>, lng: ArrayLike<number>, stepM: number): Map<string, number> {
  const at = slowReference();
  const out = new Map<string, number>();
  for (let i = 1; i < lat.length; i++) {
    const len = segmentMeters(lat[i - 1]!, lng[i - 1]!, lat[i]!, lng[i]!);
    const k = Math.max(1, Math.ceil(len / stepM));
    for (let j = 0; j < k; j++) {
      const t = (j + 0.5) / k;
      const s = at(lat[i - 1]! + (lat[i]! - lat[i - 1]!) * t, lng[i - 1]! + (lng[i]! - lng[i - 1]!) * t);
      out.set(s, (out.get(s) ?? 0) + len / k);
    }
  }
  return out;
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

describe('jurisdiction of a point', () => {
  it('knows cities, DC on its own, Canada by province, Mexico, and OUT at sea', () => {
    expect(jurisdictionAt(41.0793, -85.1394)).toBe('IN'); // Fort Wayne
    expect(jurisdictionAt(39.0997, -94.5786)).toBe('MO'); // Kansas City, MO
    expect(jurisdictionAt(39.1141, -94.6275)).toBe('KS'); // Kansas City, KS
    expect(jurisdictionAt(38.8977, -77.0365)).toBe('DC');
    expect(jurisdictionAt(38.8462, -77.3064)).toBe('VA'); // Fairfax
    expect(jurisdictionAt(61.2181, -149.9003)).toBe('AK');
    expect(jurisdictionAt(21.3069, -157.8583)).toBe('HI');
    expect(jurisdictionAt(43.6532, -79.3832)).toBe('ON'); // Toronto
    expect(jurisdictionAt(19.4326, -99.1332)).toBe(MEXICO); // Mexico City
    expect(jurisdictionAt(35, -40)).toBe(OUTSIDE_US);
    expect(jurisdictionAt(-60, 10)).toBe(OUTSIDE_US);
    expect(JURISDICTIONS).toContain('DC');
  });

  it('gives Canada and Mexico codes that no US state, DC or territory has (CA is California)', () => {
    const us = new Set(Object.values(POSTAL_BY_FIPS));
    expect(ABROAD_JURISDICTIONS.filter((c) => us.has(c))).toEqual([]);
    expect(new Set(JURISDICTIONS).size).toBe(JURISDICTIONS.length);
    expect(CANADIAN_PROVINCES).toHaveLength(10);
    expect(ABROAD_JURISDICTIONS).not.toContain('CA');
  });

  it('agrees with point-in-polygon over every edge at random points on land, and with the nearest land in nearly all the water', () => {
    let water = 0;
    let agree = 0;
    fc.assert(
      fc.property(fc.double({ min: 24, max: 50, noNaN: true }), fc.double({ min: -125, max: -66, noNaN: true }), (lat, lng) => {
        if (onLandExact(lat, lng)) expect(jurisdictionAt(lat, lng)).toBe(jurisdictionAtExact(lat, lng));
        else {
          // Open water is labelled per 0.1° cell: near a midline between two lands or at the
          // reach's edge a cell can take its neighbour's answer.
          water++;
          if (jurisdictionAt(lat, lng) === jurisdictionAtExact(lat, lng)) agree++;
        }
      }),
      { numRuns: 3000 },
    );
    expect(water).toBeGreaterThan(300);
    expect(agree / water).toBeGreaterThan(0.97);
    // Along the IN/IL, IL/MO and MO/KS borders, where every cell is a mixed one.
    for (let k = 0; k < 400; k++) {
      const lat = 37.5 + (k / 400) * 4;
      for (const lng of [-87.53, -87.5, -90.2, -91.4, -94.61, -94.6]) expect(jurisdictionAt(lat, lng)).toBe(jurisdictionAtExact(lat, lng));
    }
    // About 2 s alone; the exact reference is slow, and a loaded CI machine took over 6 s.
  }, 30_000);
  it("holds at most 42 MB of typed arrays while built (the states' grid is not kept: its mixed cells are in the combined one)", () => {
    const bytes = (o: unknown, seen = new Set<unknown>()): number => {
      if (!o || typeof o !== 'object' || seen.has(o)) return 0;
      seen.add(o);
      if (ArrayBuffer.isView(o)) return o.byteLength;
      return Object.values(o).reduce((sum: number, v) => sum + bytes(v, seen), 0);
    };
    // 2026-11-29: 39.7 MB; 52.3 MB with the states' own grid of 3.1 M cells kept beside the combined one (docs/state-miles.md "Point → jurisdiction").
    expect(bytes(jurisdictionIndex())).toBeLessThan(42 * 1024 * 1024);
  });
});

describe('metres by jurisdiction', () => {
  it('splits a generated track through six states within 0.5 % of dense point-in-polygon, state by state', () => {
    const { lat, lng } = generatedTrack();
    const ours = metresByJurisdiction(lat, lng);
    const reference = denseSplit(lat, lng, 25);
    expect([...ours.keys()].sort()).toEqual(['IA', 'IL', 'IN', 'KS', 'MO', 'NE']);
    expect([...reference.keys()].sort()).toEqual(['IA', 'IL', 'IN', 'KS', 'MO', 'NE']);
    const total = sum(reference);
    for (const [state, metres] of reference) expect(Math.abs(ours.get(state)! - metres) / total, state).toBeLessThan(0.005);
    expect(sum(ours)).toBeCloseTo(trackMeters(lat, lng), 3);
  });

  it('splits a straight leg of hundreds of miles across the states it passes (Fort Wayne → Kansas City: IN, IL, MO)', () => {
    const lat = [41.0793, 39.0997];
    const lng = [-85.1394, -94.5786];
    const ours = metresByJurisdiction(lat, lng);
    expect([...ours.keys()].sort()).toEqual(['IL', 'IN', 'MO']);
    const reference = denseSplit(lat, lng, 25);
    for (const [state, metres] of reference) expect(Math.abs(ours.get(state)! - metres) / sum(reference)).toBeLessThan(0.005);
  });

  it('keeps a drive along a shore in its state, and a drive abroad OUT', () => {
    // Lake Shore Drive, Chicago: the 1:10m shoreline puts parts of it in Lake Michigan.
    const shore = { lat: [41.8676, 41.88, 41.8917, 41.91, 41.93, 41.95], lng: [-87.614, -87.616, -87.614, -87.624, -87.633, -87.64] };
    expect(shore.lat.some((la, i) => !onLandExact(la, shore.lng[i]!))).toBe(true);
    expect(shore.lat.every((la, i) => jurisdictionAt(la, shore.lng[i]!) === 'IL')).toBe(true);
    expect([...metresByJurisdiction(shore.lat, shore.lng).keys()]).toEqual(['IL']);
    // Detroit → Windsor → London, ON → Buffalo: Michigan, then Ontario (far more than a shore's gap), then New York.
    const abroad = metresByJurisdiction([42.3314, 42.3149, 42.9849, 42.8864], [-83.0458, -83.0364, -81.2453, -78.8784]);
    expect([...abroad.keys()].sort()).toEqual(['MI', 'NY', 'ON']);
    expect(abroad.get('ON')!).toBeGreaterThan(200_000);
  });

  it('counts a straight leg across a lake in the states whose water it crosses, none OUT', () => {
    // Milwaukee → Grand Rapids: ~130 km of Lake Michigan, the WI side then the MI side.
    const lake = metresByJurisdiction([43.0389, 42.9634], [-87.9065, -85.6681]);
    expect([...lake.keys()].sort()).toEqual(['MI', 'WI']);
    expect(lake.get('WI')!).toBeGreaterThan(50_000); // ~10 km of land, the rest the lake's west half
    expect(lake.get('MI')!).toBeGreaterThan(100_000);
    // Chicago → Detroit: the lake's southern tip off Illinois and Indiana, then Michigan.
    const tip = metresByJurisdiction([41.8781, 42.3314], [-87.6298, -83.0458]);
    expect([...tip.keys()].sort()).toEqual(['IL', 'IN', 'MI']);
    // Water points: mid Lake Michigan, Chesapeake Bay, Long Island Sound, Puget Sound.
    expect(jurisdictionAt(44.0, -87.0)).toBe('MI');
    expect(jurisdictionAt(43.0, -87.7)).toBe('WI');
    expect(jurisdictionAt(38.3, -76.3)).toBe('MD');
    expect(jurisdictionAt(41.1, -73.1)).not.toBe(OUTSIDE_US);
    expect(jurisdictionAt(47.7, -122.45)).toBe('WA');
  });

  it('splits Canada by province and territory, gives Mexico MX and their waters to the nearest land, and keeps the open sea OUT', () => {
    expect(jurisdictionAt(43.6532, -79.3832)).toBe('ON'); // Toronto
    expect(jurisdictionAt(42.3, -83.0)).toBe('ON'); // Windsor, ON, across the river from Detroit
    expect(jurisdictionAt(49.1, -123.0)).toBe('BC'); // Delta, BC, next to the 49th parallel
    expect(jurisdictionAt(45.5017, -73.5673)).toBe('QC'); // Montreal
    expect(jurisdictionAt(51.0447, -114.0719)).toBe('AB'); // Calgary
    expect(jurisdictionAt(44.6488, -63.5752)).toBe('NS'); // Halifax
    expect(jurisdictionAt(60.7212, -135.0568)).toBe('YT'); // Whitehorse
    expect(jurisdictionAt(62.454, -114.3718)).toBe('NT'); // Yellowknife
    expect(jurisdictionAt(32.52, -117.03)).toBe(MEXICO); // Tijuana
    expect(jurisdictionAt(31.69, -106.42)).toBe(MEXICO); // Ciudad Juárez, across the Rio Grande from El Paso
    expect(jurisdictionAt(31.76, -106.49)).toBe('TX'); // El Paso
    expect(jurisdictionAt(19.4326, -99.1332)).toBe(MEXICO); // Mexico City
    expect(jurisdictionAt(43.8, -78.0)).toBe('ON'); // Lake Ontario, nearer Ontario's shore
    // Lake Ontario nearer New York's shore (~28 km, Ontario's ~40 km). Before the provinces this
    // was OUT: world-atlas drew Canada's land over its half of the lake, up to the boundary.
    expect(jurisdictionAt(43.6, -77.9)).toBe('NY');
    expect(jurisdictionAt(52.5, -97.8)).toBe('MB'); // Lake Winnipeg: water inside Manitoba
    expect(jurisdictionAt(36.5, -73.5)).toBe(OUTSIDE_US); // the Atlantic, > 100 km from land
    expect(jurisdictionAt(23.11, -82.37)).toBe(OUTSIDE_US); // Havana: another country
    expect(jurisdictionAt(58, -85)).toBe(OUTSIDE_US); // Hudson Bay, > 100 km from land
    // Seattle → Victoria, BC: Puget Sound is Washington's, Victoria and the strait beside it British Columbia's.
    const victoria = metresByJurisdiction([47.6062, 48.4284], [-122.3321, -123.3656]);
    expect([...victoria.keys()].sort()).toEqual(['BC', 'WA']);
    expect(victoria.get('WA')!).toBeGreaterThan(80_000);
    expect(victoria.get('BC')!).toBeGreaterThan(10_000);
    // Detroit → Toronto in a straight line: Michigan, then Ontario.
    const toronto = metresByJurisdiction([42.3314, 43.6532], [-83.0458, -79.3832]);
    expect([...toronto.keys()].sort()).toEqual(['MI', 'ON']);
    expect(toronto.get('ON')!).toBeGreaterThan(250_000);
    // San Diego → Tijuana: California, then Mexico.
    const tijuana = metresByJurisdiction([32.7157, 32.52], [-117.1611, -117.03]);
    expect([...tijuana.keys()].sort()).toEqual(['CA', MEXICO]);
  });

  it('agrees with point-in-polygon over every edge at random points on land in southern Canada and northern Mexico', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: 42, max: 56, noNaN: true }), fc.double({ min: 19, max: 33, noNaN: true })),
        fc.double({ min: -130, max: -60, noNaN: true }),
        (lat, lng) => {
          if (onLandExact(lat, lng)) expect(jurisdictionAt(lat, lng)).toBe(jurisdictionAtExact(lat, lng));
        },
      ),
      { numRuns: 600 },
    );
  }, 30_000);

  it('gives nothing for fewer than two fixes', () => {
    expect(metresByJurisdiction([], []).size).toBe(0);
    expect(metresByJurisdiction([41], [-85]).size).toBe(0);
  });

  const point = fc.record({ lat: fc.double({ min: 25, max: 49, noNaN: true }), lng: fc.double({ min: -124, max: -67, noNaN: true }) });

  it('parts add up to the whole track (property)', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 2, maxLength: 30 }), (pts) => {
        const lat = pts.map((p) => p.lat);
        const lng = pts.map((p) => p.lng);
        const whole = trackMeters(lat, lng);
        const parts = metresByJurisdiction(lat, lng);
        expect(Math.abs(sum(parts) - whole)).toBeLessThanOrEqual(1e-9 * whole + 1e-6);
        for (const v of parts.values()) expect(v).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it('a track inside one state gives one part (property)', () => {
    // Inside Kansas and inside Colorado, well away from their borders.
    const boxes = [
      { state: 'KS', lat: [37.5, 39.5], lng: [-100.5, -96.5] },
      { state: 'CO', lat: [37.5, 40.5], lng: [-107.5, -103] },
    ];
    for (const box of boxes)
      fc.assert(
        fc.property(
          fc.array(fc.record({ lat: fc.double({ min: box.lat[0]!, max: box.lat[1]!, noNaN: true }), lng: fc.double({ min: box.lng[0]!, max: box.lng[1]!, noNaN: true }) }), {
            minLength: 2,
            maxLength: 40,
          }),
          (pts) => {
            const parts = metresByJurisdiction(
              pts.map((p) => p.lat),
              pts.map((p) => p.lng),
            );
            const whole = trackMeters(
              pts.map((p) => p.lat),
              pts.map((p) => p.lng),
            );
            if (whole === 0) expect(parts.size).toBe(0);
            else {
              expect([...parts.keys()]).toEqual([box.state]);
              expect(parts.get(box.state)).toBeCloseTo(whole, 6);
            }
          },
        ),
        { numRuns: 100 },
      );
  });
});
