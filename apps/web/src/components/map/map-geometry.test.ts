import { describe, expect, it } from 'vitest';
import { COINCIDENT_DEGREES, SPREAD_DEGREES, STOP_TYPE_COLORS, UNKNOWN_STOP_COLOR, spreadCoincidentStops, stopColor, stopLetter } from './map-geometry';

describe('spreadCoincidentStops', () => {
  it('keeps stops that are apart where they are', () => {
    const stops = [
      { lat: 41.8781, lng: -87.6298 },
      { lat: 41.8781 + 2 * COINCIDENT_DEGREES, lng: -87.6298 },
    ];
    expect(spreadCoincidentStops(stops)).toEqual([
      [41.8781, -87.6298],
      [41.8781 + 2 * COINCIDENT_DEGREES, -87.6298],
    ]);
  });

  it('moves stops under 0.0001° apart 0.0002° from their centre, around a circle', () => {
    const stops = [
      { lat: 41.8781, lng: -87.6298 },
      { lat: 41.87815, lng: -87.62985 },
      { lat: 40, lng: -80 },
    ];
    const [a, b, c] = spreadCoincidentStops(stops);
    // Two members: angles 0 and π — east and west of the first stop.
    expect(a![0]).toBeCloseTo(41.8781, 9);
    expect(a![1]).toBeCloseTo(-87.6298 + SPREAD_DEGREES, 9);
    expect(b![0]).toBeCloseTo(41.8781, 9);
    expect(b![1]).toBeCloseTo(-87.6298 - SPREAD_DEGREES, 9);
    expect(c).toEqual([40, -80]);
  });

  it('spreads a group of four at quarter turns, each exactly 0.0002° from the centre', () => {
    const same = { lat: 35, lng: -90 };
    const spread = spreadCoincidentStops([same, same, same, same]);
    for (const [lat, lng] of spread) expect(Math.hypot(lat - 35, lng + 90)).toBeCloseTo(SPREAD_DEGREES, 12);
    expect(new Set(spread.map((p) => p.join(','))).size).toBe(4);
    expect(spread[1]![0]).toBeCloseTo(35 + SPREAD_DEGREES, 12);
  });
});

describe('markers', () => {
  it('letters stops A, B, C … Z, AA by position', () => {
    expect([0, 1, 2, 25, 26, 27].map(stopLetter)).toEqual(['A', 'B', 'C', 'Z', 'AA', 'AB']);
  });

  it('colours each stop type differently, unknown types grey', () => {
    const types = ['START', 'PICKUP', 'TRAILER', 'SHOP', 'DELIVERY', 'HOME'];
    expect(new Set(types.map(stopColor)).size).toBe(types.length);
    expect(stopColor('START')).toBe(STOP_TYPE_COLORS.START);
    expect(stopColor('SOMETHING')).toBe(UNKNOWN_STOP_COLOR);
  });
});
