import { describe, expect, it } from 'vitest';
import { wgs84Meters } from './distance';
import { bandOf, circuityFactor, DEFAULT_BANDS, DEFAULT_CIRCUITY, defaultBandOf, estimateLeg, fitDefaultCircuity, type DefaultBand } from './estimate';
import roadDistances from './road-distances.json';
import { metresToMiles, milesToMetres } from './units';

const MILE = milesToMetres(1);

/**
 * The city pairs of road-distances.json (docs/routing.md "The estimate"), split once: within each
 * default band, sorted by straight line, even places fit the factor and odd places check it.
 */
function splitPairs() {
  const cities = roadDistances.cities as [string, number, number][];
  const all = (roadDistances.pairs as [number, number, number][]).map(([i, j, miles]) => {
    const [a, b] = [cities[i]!, cities[j]!];
    return { from: a[0], to: b[0], straightMeters: wgs84Meters({ lat: a[1], lng: a[2] }, { lat: b[1], lng: b[2] }), roadMeters: milesToMetres(miles) };
  });
  const fitted: typeof all = [];
  const checked: typeof all = [];
  for (const band of DEFAULT_BANDS) {
    const inBand = all
      .filter((p) => defaultBandOf(p.straightMeters) === band)
      .sort((x, y) => x.straightMeters - y.straightMeters || x.from.localeCompare(y.from) || x.to.localeCompare(y.to));
    inBand.forEach((p, k) => (k % 2 === 0 ? fitted : checked).push(p));
  }
  return { all, fitted, checked };
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const error = (p: { straightMeters: number; roadMeters: number }, factor: number) => Math.abs(p.straightMeters * factor - p.roadMeters) / p.roadMeters;

describe('the default factors, fitted on road miles between US city pairs', () => {
  const { all, fitted, checked } = splitPairs();

  it('keeps fitted and checked pairs apart, every pair in one of them', () => {
    expect(all.length).toBe(7626);
    expect(fitted.length + checked.length).toBe(all.length);
    const key = (p: { from: string; to: string }) => `${p.from}|${p.to}`;
    const fittedKeys = new Set(fitted.map(key));
    expect(checked.some((p) => fittedKeys.has(key(p)))).toBe(false);
  });

  it('DEFAULT_CIRCUITY is the median road ÷ straight line of the fitted pairs in each band (to 3 decimals)', () => {
    const fit = fitDefaultCircuity(fitted);
    for (const band of DEFAULT_BANDS) {
      expect(fit[band]!.pairs, band).toBeGreaterThanOrEqual(50);
      expect(Math.round(fit[band]!.factor * 1000) / 1000, band).toBe(DEFAULT_CIRCUITY[band].factor);
    }
  });

  it('on the checked pairs (never fitted) the median error is within 8 % in every band and overall, and below the old flat 1.25', () => {
    const byBand = (band: DefaultBand) => checked.filter((p) => defaultBandOf(p.straightMeters) === band);
    const report: Record<string, { pairs: number; medianErrorPct: number; flat125Pct: number }> = {};
    for (const band of DEFAULT_BANDS) {
      const pairs = byBand(band);
      report[band] = {
        pairs: pairs.length,
        medianErrorPct: Math.round(median(pairs.map((p) => error(p, DEFAULT_CIRCUITY[band].factor))) * 1000) / 10,
        flat125Pct: Math.round(median(pairs.map((p) => error(p, 1.25))) * 1000) / 10,
      };
      expect(report[band].medianErrorPct, band).toBeLessThanOrEqual(8);
    }
    const overall = median(checked.map((p) => error(p, circuityFactor(p.straightMeters, 'PRACTICAL'))));
    const flat = median(checked.map((p) => error(p, 1.25)));
    // The figures docs/routing.md quotes.
    expect(report).toEqual({
      UNDER_100: { pairs: 50, medianErrorPct: 7.1, flat125Pct: 7.2 },
      FROM_100: { pairs: 722, medianErrorPct: 5, flat125Pct: 5.7 },
      FROM_500: { pairs: 3040, medianErrorPct: 3.3, flat125Pct: 4.4 },
    });
    expect(Math.round(overall * 1000) / 10).toBe(3.5);
    expect(Math.round(flat * 1000) / 10).toBe(4.6);
    expect(overall).toBeLessThan(flat);
  });
});

describe('the bands', () => {
  it('default bands: under 100, 100–500, from 500 straight-line miles', () => {
    expect(defaultBandOf(0)).toBe('UNDER_100');
    expect(defaultBandOf(99.99 * MILE)).toBe('UNDER_100');
    expect(defaultBandOf(100 * MILE)).toBe('FROM_100');
    expect(defaultBandOf(499.99 * MILE)).toBe('FROM_100');
    expect(defaultBandOf(500 * MILE)).toBe('FROM_500');
    expect(defaultBandOf(3000 * MILE)).toBe('FROM_500');
  });
  it('a company calibration keeps its own bands: under / from 25 mi', () => {
    expect(bandOf(24.99 * MILE)).toBe('SHORT');
    expect(bandOf(25 * MILE)).toBe('LONG');
  });
  it('without a calibration each leg gets its band’s fitted factor, the same for Practical and Shortest', () => {
    expect(circuityFactor(10 * MILE, 'SHORTEST')).toBe(DEFAULT_CIRCUITY.UNDER_100.factor);
    expect(circuityFactor(250 * MILE, 'PRACTICAL')).toBe(DEFAULT_CIRCUITY.FROM_100.factor);
    expect(circuityFactor(800 * MILE, 'SHORTEST')).toBe(DEFAULT_CIRCUITY.FROM_500.factor);
    expect(circuityFactor(800 * MILE, 'PRACTICAL')).toBe(circuityFactor(800 * MILE, 'SHORTEST'));
  });
});

describe('estimateLeg', () => {
  const chicago = { lat: 41.8781, lng: -87.6298 };
  const dallas = { lat: 32.7767, lng: -96.797 };
  const straight = wgs84Meters(chicago, dallas);

  it('Chicago → Dallas: the straight line × the 500+ mi factor', () => {
    expect(estimateLeg(chicago, dallas, 'PRACTICAL', 50).distance).toBeCloseTo(straight * 1.216, 6);
    // ~802 straight-line miles → ~975 road miles (about 967 by today's interstates)
    expect(metresToMiles(estimateLeg(chicago, dallas, 'PRACTICAL', 50).distance)).toBeGreaterThan(965);
    expect(metresToMiles(estimateLeg(chicago, dallas, 'PRACTICAL', 50).distance)).toBeLessThan(985);
  });

  it('duration is the distance at the average speed', () => {
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
  it('replaces the default factor in the bands it covers; other bands keep the fitted defaults', () => {
    const straight = wgs84Meters(dallas, okc);
    const calibration = { LONG: { factor: 1.08, sampleSize: 212, p25: 1.05, p75: 1.12 } };
    expect(estimateLeg(dallas, okc, 'PRACTICAL', 50, calibration).distance).toBeCloseTo(straight * 1.08, 6);
    expect(circuityFactor(10 * MILE, 'PRACTICAL', calibration)).toBe(DEFAULT_CIRCUITY.UNDER_100.factor);
    expect(circuityFactor(100 * MILE, 'SHORTEST', {})).toBe(DEFAULT_CIRCUITY.FROM_100.factor);
  });
});
