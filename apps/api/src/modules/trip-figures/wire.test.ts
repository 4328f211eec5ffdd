import { describe, expect, it } from 'vitest';
import { telematicsMileage } from '@milepost/geo/mileage';
import { metresToMiles } from '@milepost/geo/units';
import { plannedMileStats, telematicsMileStats } from './wire';

describe('the engine on the wire', () => {
  it('reports the planned route in miles with each leg marked HERE or estimate', () => {
    const s = plannedMileStats([
      { id: 1, stopType: 'START', loadStatus: 'EMPTY', distance: null, method: null },
      { id: 2, stopType: 'PICKUP', loadStatus: 'EMPTY', distance: 16_093.44, method: 'HERE' },
      { id: 3, stopType: 'DELIVERY', loadStatus: 'LOADED', distance: 160_934.4, method: 'ESTIMATE' },
    ]);
    expect(s.pu).toBeCloseTo(metresToMiles(16_093.44), 10);
    expect(s.miles).toBeCloseTo(metresToMiles(160_934.4), 10);
    expect(s.totalOdometers).toBeNull();
    expect(s.legs.map((l) => [l.toIndex, l.method, l.loadStatus])).toEqual([
      [1, 'HERE', 'EMPTY'],
      [2, 'ESTIMATE', 'LOADED'],
    ]);
  });

  it('gives telematics figures in miles, each leg with the status it was counted with and the time it reached its stop', () => {
    // 20 km north to the pickup, 30 km on to the delivery, a fix a minute; the odometer 2 % long.
    const T0 = 1_790_000_000;
    const time: number[] = [];
    const lat: number[] = [];
    const lng: number[] = [];
    for (let i = 0; i <= 50; i++) {
      time.push(T0 + i * 60);
      lat.push(35 + (Math.min(i, 20) * 1000) / 111_195);
      lng.push(-97 + (Math.max(0, i - 20) * 1000) / (111_195 * Math.cos(((35 + 20_000 / 111_195) * Math.PI) / 180)));
    }
    const r = telematicsMileage({
      fixes: { time, lat, lng },
      odometer: { time, meters: time.map((_, i) => 5_000_000 + i * 1020) },
      stops: [
        { id: 1, stopType: 'START', lat: lat[0]!, lng: lng[0]! },
        { id: 2, stopType: 'PICKUP', lat: lat[20]!, lng: lng[20]! },
        { id: 3, stopType: 'DELIVERY', lat: lat[50]!, lng: lng[50]! },
      ],
      radii: { homeRadius: 0.5, shopRadius: 0.5, pickupRadius: 0.5, trailerRadius: 0.5, deliveryRadius: 0.5 },
    });
    const stats = telematicsMileStats(r);
    expect(stats.totalMiles).toBeCloseTo(metresToMiles(r.totalMiles), 10);
    expect(stats.miles).toBeCloseTo(metresToMiles(30 * 1020), 6);
    expect(stats.legs[0]).toMatchObject({
      toIndex: 1,
      stopId: 2,
      stopType: 'PICKUP',
      loadStatus: 'EMPTY',
      method: 'ODOMETER',
      otherMethod: 'GPS',
      reachedAt: '09/21/2026 09:33:20',
    });
    expect(stats.legs[1]).toMatchObject({ loadStatus: 'LOADED', miles: expect.closeTo(metresToMiles(30 * 1020), 6) });
  });
});
