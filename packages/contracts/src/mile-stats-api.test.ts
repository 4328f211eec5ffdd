import { describe, expect, it } from 'vitest';
import { envelope } from './api';
import { mileStatsParams, payableFrom, telematicsLocation, tripMileStats } from './mile-stats-api';

const leg = {
  toIndex: 1,
  stopId: 11,
  stopType: 'PICKUP',
  loadStatus: 'EMPTY',
  miles: 12.345678,
  method: 'ODOMETER',
  otherMiles: 12.1,
  otherMethod: 'GPS',
  differs: false,
  gap: false,
  reachedAt: '11/02/2026 08:15:00',
};
const stats = { miles: 100.25, totalEmpty: 12.345678, pu: 12.345678, trl: 0, totalMiles: 112.595678, totalOdometers: 113.2, legs: [leg] };

describe('mile stats contract', () => {
  it('accepts the three sources (null when a source has no data) and the manual figures', () => {
    const body = {
      data: {
        hereStats: { ...stats, totalOdometers: null },
        samsaraStats: stats,
        gleStats: null,
        samsaraFetchedAt: '2026-11-25T12:40:00.000Z',
        gleFetchedAt: null,
        manualStats: { payableMileage: null, emptyMiles: null, loadedMiles: null, version: 1 },
      },
    };
    expect(envelope(tripMileStats).parse(body)).toEqual(body);
  });

  it('refuses an unknown provenance and a missing flag', () => {
    expect(
      tripMileStats.safeParse({
        hereStats: { ...stats, legs: [{ ...leg, method: 'GUESS' }] },
        samsaraStats: null,
        gleStats: null,
        manualStats: { payableMileage: 1, emptyMiles: 0, loadedMiles: 1, version: 1 },
      }).success,
    ).toBe(false);
    const { gap: _gap, ...noGap } = leg;
    expect(
      tripMileStats.safeParse({
        hereStats: null,
        samsaraStats: { ...stats, legs: [noGap] },
        gleStats: null,
        manualStats: { payableMileage: 1, emptyMiles: 0, loadedMiles: 1, version: 1 },
      }).success,
    ).toBe(false);
  });

  it('reads the trip id from the path and checks the location shape', () => {
    expect(mileStatsParams.parse({ tripId: '42' })).toEqual({ tripId: 42 });
    expect(mileStatsParams.safeParse({ tripId: 'x' }).success).toBe(false);
    const loc = { polyline: 'BFoz5xJ67i1B1B7PzIhaxL7Y', distance: 1234.5, duration: 600, nearbyPoints: [{ type: 'DELIVERY', lat: 50.1, lng: 8.7 }] };
    expect(telematicsLocation.parse(loc)).toEqual(loc);
    expect(telematicsLocation.safeParse({ ...loc, nearbyPoints: [{ type: 'NOWHERE', lat: 1, lng: 2 }] }).success).toBe(false);
  });
});

describe('payable mileage, computed in one place for the server and the forms', () => {
  it('is empty + loaded to one decimal, from numbers or typed texts', () => {
    expect(payableFrom(10.5, 20.2)).toBe(30.7);
    expect(payableFrom('10.5', '20.2')).toBe(30.7);
    expect(payableFrom(0.05, 0.01)).toBe(0.1);
    expect(payableFrom('0', '0')).toBe(0);
  });

  it('is null unless both are valid miles', () => {
    expect(payableFrom('', '20')).toBeNull();
    expect(payableFrom(12, null)).toBeNull();
    expect(payableFrom('abc', '1')).toBeNull();
    expect(payableFrom('-5', '10')).toBeNull();
    expect(payableFrom('1e6', '1')).toBeNull();
  });
});
