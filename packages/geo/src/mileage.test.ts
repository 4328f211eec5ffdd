import { describe, expect, it } from 'vitest';
import { legFigures } from './mileage';
import { loadStatusFor } from './stops';

describe('mileage model', () => {
  it('stop type sets load status', () => {
    expect(['START', 'PICKUP', 'TRAILER', 'SHOP', 'DELIVERY'].map((t) => loadStatusFor(t as never))).toEqual(['EMPTY', 'EMPTY', 'EMPTY', 'LOADED', 'LOADED']);
  });
  it('sums legs into stops by their load status; the first leg is 0', () => {
    const f = legFigures([
      { stopType: 'START', loadStatus: 'EMPTY', distance: 999 },
      { stopType: 'TRAILER', loadStatus: 'EMPTY', distance: 10_000 },
      { stopType: 'PICKUP', loadStatus: 'EMPTY', distance: 20_000 },
      { stopType: 'SHOP', loadStatus: 'LOADED', distance: 5_000 },
      { stopType: 'DELIVERY', loadStatus: 'LOADED', distance: 300_000 },
    ]);
    expect(f).toEqual({ miles: 305_000, totalEmpty: 30_000, pu: 20_000, trl: 10_000, totalMiles: 335_000 });
  });
  it('treats missing or negative distances as 0', () => {
    expect(
      legFigures([
        { stopType: 'START', loadStatus: 'EMPTY', distance: null },
        { stopType: 'DELIVERY', loadStatus: 'LOADED', distance: -5 },
      ]).totalMiles,
    ).toBe(0);
    expect(legFigures([]).totalMiles).toBe(0);
  });
});
