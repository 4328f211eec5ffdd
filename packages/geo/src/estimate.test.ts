import { describe, expect, it } from 'vitest';
import { wgs84Meters } from './distance';
import { CIRCUITY, circuityFactor, estimateLeg } from './estimate';
import { metresToMiles, milesToMetres } from './units';

const MILE = milesToMetres(1);

describe('circuity bands', () => {
  it('is 1.25 under 25 straight-line miles and 1.20 from 25 on, for Shortest', () => {
    expect(circuityFactor(0, 'SHORTEST')).toBe(1.25);
    expect(circuityFactor(24.99 * MILE, 'SHORTEST')).toBe(1.25);
    expect(circuityFactor(25 * MILE, 'SHORTEST')).toBe(1.2);
    expect(circuityFactor(800 * MILE, 'SHORTEST')).toBe(1.2);
  });
  it('adds 0.05 for Practical in both bands', () => {
    expect(circuityFactor(10 * MILE, 'PRACTICAL')).toBeCloseTo(1.3, 10);
    expect(circuityFactor(100 * MILE, 'PRACTICAL')).toBeCloseTo(1.25, 10);
    expect(CIRCUITY.practicalExtra).toBe(0.05);
  });
});

describe('estimateLeg', () => {
  const chicago = { lat: 41.8781, lng: -87.6298 };
  const dallas = { lat: 32.7767, lng: -96.797 };
  const straight = wgs84Meters(chicago, dallas);

  it('Chicago → Dallas: the straight line × 1.20 (Shortest) or × 1.25 (Practical)', () => {
    expect(estimateLeg(chicago, dallas, 'SHORTEST', 50).distance).toBeCloseTo(straight * 1.2, 6);
    expect(estimateLeg(chicago, dallas, 'PRACTICAL', 50).distance).toBeCloseTo(straight * 1.25, 6);
    // ~800 straight-line miles → ~1 000 road miles Practical
    expect(metresToMiles(estimateLeg(chicago, dallas, 'PRACTICAL', 50).distance)).toBeGreaterThan(990);
    expect(metresToMiles(estimateLeg(chicago, dallas, 'PRACTICAL', 50).distance)).toBeLessThan(1010);
  });

  it('a short hop across town uses the short band', () => {
    const a = { lat: 32.7767, lng: -96.797 };
    const b = { lat: 32.85, lng: -96.85 }; // ~9.5 km
    const s = wgs84Meters(a, b);
    expect(estimateLeg(a, b, 'SHORTEST', 50).distance).toBeCloseTo(s * 1.25, 6);
    expect(estimateLeg(a, b, 'PRACTICAL', 50).distance).toBeCloseTo(s * 1.3, 6);
  });

  it('duration is the distance at the average speed: 100 road miles at 50 mph is 2 h', () => {
    const leg = estimateLeg(chicago, dallas, 'SHORTEST', 50);
    const hours = metresToMiles(leg.distance) / 50;
    expect(leg.duration / 3600).toBeCloseTo(hours, 6);
    expect(estimateLeg(chicago, dallas, 'SHORTEST', 25).duration).toBeCloseTo(leg.duration * 2, 6);
  });

  it('the same point twice is a zero leg', () => {
    expect(estimateLeg(chicago, chicago, 'PRACTICAL', 50)).toEqual({ distance: 0, duration: 0 });
  });
});

describe('a company calibration', () => {
  const dallas = { lat: 32.776665, lng: -96.796989 };
  const okc = { lat: 35.46756, lng: -97.516428 };
  it("replaces the default factor in the bands it covers, with no Practical surcharge; other bands keep the defaults", async () => {
    const { wgs84Meters } = await import('./distance');
    const straight = wgs84Meters(dallas, okc);
    const calibration = { LONG: { factor: 1.08, sampleSize: 212, p25: 1.05, p75: 1.12 } };
    expect(estimateLeg(dallas, okc, 'PRACTICAL', 50, calibration).distance).toBeCloseTo(straight * 1.08, 6);
    expect(circuityFactor(10 * MILE, 'PRACTICAL', calibration)).toBeCloseTo(1.3, 10);
    expect(circuityFactor(100 * MILE, 'SHORTEST', {})).toBe(1.2);
  });
});
