import { Geodesic } from 'geographiclib-geodesic';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cumulativeMeters, segmentMeters, trackMeters, wgs84Meters } from './distance';
import { metresToMiles, milesToMetres } from './units';

const geod = Geodesic.WGS84;
const exact = (lat1: number, lng1: number, lat2: number, lng2: number) => geod.Inverse(lat1, lng1, lat2, lng2).s12!;

/** A wandering 1 000-mile truck track (Chicago → south-west) with a fix every ~150 m. */
export function wanderingTrack(miles = 1000): { lat: Float64Array; lng: Float64Array } {
  const n = Math.round(milesToMetres(miles) / 150) + 1;
  const lat = new Float64Array(n);
  const lng = new Float64Array(n);
  lat[0] = 41.8781;
  lng[0] = -87.6298;
  let heading = 220;
  let seed = 7;
  for (let i = 1; i < n; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    heading += (seed / 2 ** 31 - 0.5) * 6;
    const d = geod.Direct(lat[i - 1]!, lng[i - 1]!, heading, 150);
    lat[i] = d.lat2!;
    lng[i] = d.lon2!;
  }
  return { lat, lng };
}

describe('WGS84 distance', () => {
  it('matches geographiclib on known city pairs to a few parts per million', () => {
    const pairs: [number, number, number, number][] = [
      [41.8781, -87.6298, 32.7767, -96.797], // Chicago–Dallas
      [40.7128, -74.006, 34.0522, -118.2437], // New York–Los Angeles
      [47.6062, -122.3321, 25.7617, -80.1918], // Seattle–Miami
      [35.4676, -97.5164, 35.4712, -97.5201], // a few hundred metres in Oklahoma City
      [64.8378, -147.7164, 61.2181, -149.9003], // Fairbanks–Anchorage
      [-33.8688, 151.2093, 51.5074, -0.1278], // Sydney–London
      [10, 179.9, 10.01, -179.95], // across the antimeridian
    ];
    for (const [a, b, c, d] of pairs) {
      const s = exact(a, b, c, d);
      expect(Math.abs(segmentMeters(a, b, c, d) - s) / s).toBeLessThan(2e-5);
    }
    expect(wgs84Meters({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
  });

  it('agrees with geographiclib for any pair, short or long (property)', () => {
    const lat = fc.double({ min: -80, max: 80, noNaN: true });
    const lng = fc.double({ min: -180, max: 180, noNaN: true });
    const step = fc.double({ min: -0.3, max: 0.3, noNaN: true });
    fc.assert(
      fc.property(lat, lng, step, step, fc.boolean(), (a, b, da, db, far) => {
        const c = far ? Math.max(-80, Math.min(80, a + da * 100)) : a + da / 100;
        const d = far ? b + db * 200 : b + db / 100;
        const s = exact(a, b, c, d);
        const ours = segmentMeters(a, b, c, d);
        // Breadcrumb steps (tangent plane) to 1e-7, long pairs (Lambert) to 1e-5 of the length.
        expect(Math.abs(ours - s)).toBeLessThanOrEqual((far ? 1e-5 : 1e-7) * s + 1e-6);
      }),
      { numRuns: 2000 },
    );
  });

  it('measures a 1 000-mile track within 0.01 % of geographiclib (target 0.5 %)', () => {
    const { lat, lng } = wanderingTrack(1000);
    let s = 0;
    for (let i = 1; i < lat.length; i++) s += exact(lat[i - 1]!, lng[i - 1]!, lat[i]!, lng[i]!);
    const ours = trackMeters(lat, lng);
    expect(Math.abs(ours - s) / s).toBeLessThan(1e-4);
    expect(metresToMiles(s)).toBeCloseTo(1000, 0);
    const cum = cumulativeMeters(lat, lng);
    expect(cum[lat.length - 1]).toBeCloseTo(ours, 3);
    expect(trackMeters(lat, lng, 10, 20)).toBeCloseTo(cum[19]! - cum[10]!, 6);
    expect(trackMeters(lat, lng, 5, 6)).toBe(0);
  });
});
