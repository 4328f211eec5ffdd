import { describe, expect, it } from 'vitest';
import { formatCoordinate, formatCoordinates } from './format-coordinates';

describe('shop coordinates', () => {
  it("shows 'lat, lng' with 6 decimals", () => {
    expect(formatCoordinates(32.7767, -96.797)).toBe('32.776700, -96.797000');
    expect(formatCoordinates(41.878113912, -87.62979812)).toBe('41.878114, -87.629798');
    expect(formatCoordinates(0, 0)).toBe('0.000000, 0.000000');
  });

  it('is empty when a coordinate is missing', () => {
    expect(formatCoordinates(null, -96.797)).toBe('');
    expect(formatCoordinates(32.7767, undefined)).toBe('');
    expect(formatCoordinate(Number.NaN)).toBe('');
  });
});
