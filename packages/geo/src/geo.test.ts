import { describe, expect, it } from 'vitest';
import { greatCircleMeters, isValidCoordinate } from './distance';
import { formatDistance, formatHours, groupDigits, metersTo } from './units';

describe('units', () => {
  it('converts metres to miles with the spec factor and to km', () => {
    expect(metersTo(1000, 'MILES')).toBeCloseTo(0.621371, 6);
    expect(metersTo(1500, 'KM')).toBe(1.5);
  });
  it('formats miles to 1 decimal and hours to 2, grouped with spaces', () => {
    expect(formatDistance(2_000_000)).toBe('1 242.7');
    expect(formatHours(5400)).toBe('1.50');
    expect(groupDigits(1234567.891, 1)).toBe('1 234 567.9');
    expect(groupDigits(-1234.5, 1)).toBe('-1 234.5');
    expect(groupDigits(-0.01, 1)).toBe('0.0');
  });
});

describe('distance', () => {
  it('measures Chicago to Dallas along the great circle (~1 290 km)', () => {
    const d = greatCircleMeters({ lat: 41.8781, lng: -87.6298 }, { lat: 32.7767, lng: -96.797 });
    expect(d / 1000).toBeGreaterThan(1285);
    expect(d / 1000).toBeLessThan(1300);
    expect(greatCircleMeters({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
  });
  it('accepts only non-zero, in-range coordinates', () => {
    expect(isValidCoordinate(40.7128, -74.006)).toBe(true);
    expect(isValidCoordinate(0, -74)).toBe(false);
    expect(isValidCoordinate(91, 10)).toBe(false);
    expect(isValidCoordinate(10, -181)).toBe(false);
    expect(isValidCoordinate('40', -74)).toBe(false);
  });
});
