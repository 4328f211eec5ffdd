import type { PlaceItem } from '@milepost/contracts/places-api';
import { describe, expect, it } from 'vitest';
import { addStop, applyLegs, canMoveStop, moveStop, removeStop, setStopType, stopLabel, type StopDraft } from './stops';

const place = (label: string, lat: number, lng: number): PlaceItem => ({ id: label, title: label, address: { label }, position: { lat, lng } });

function build(...labels: string[]): StopDraft[] {
  let stops: StopDraft[] = [];
  labels.forEach((label, i) => {
    stops = addStop(stops, place(label, 30 + i, -90 - i))!;
  });
  return stops;
}

describe('stops rules', () => {
  it('labels the first Start, the last Delivery and the middle Stop N', () => {
    expect([0, 1, 2, 3].map((i) => stopLabel(i, 4))).toEqual(['Start', 'Stop 1', 'Stop 2', 'Delivery']);
    expect(stopLabel(0, 1)).toBe('Start');
  });

  it('a new stop is START when first, DELIVERY when last; the stop it follows becomes PICKUP', () => {
    expect(build('Chicago').map((s) => [s.stopType, s.loadStatus])).toEqual([['START', 'EMPTY']]);
    const stops = build('Chicago', 'Dallas', 'Memphis', 'Tulsa', 'Denver');
    expect(stops.map((s) => [s.address, s.orderIndex, s.stopType, s.loadStatus])).toEqual([
      ['Chicago', 0, 'START', 'EMPTY'],
      ['Dallas', 1, 'PICKUP', 'EMPTY'],
      ['Memphis', 2, 'PICKUP', 'EMPTY'],
      ['Tulsa', 3, 'PICKUP', 'EMPTY'],
      ['Denver', 4, 'DELIVERY', 'LOADED'],
    ]);
  });

  it('keeps a type the user chose when the stop moves into the middle', () => {
    const two = build('Chicago', 'Dallas');
    const chosen = setStopType(two, two[1]!.key, 'SHOP');
    const three = addStop(chosen, place('Memphis', 40, -80))!;
    expect(three.map((s) => s.stopType)).toEqual(['START', 'SHOP', 'DELIVERY']);
    // A middle stop the user set stays as set when a stop is added after it.
    const middle = setStopType(three, three[1]!.key, 'TRAILER');
    expect(addStop(middle, place('Tulsa', 41, -81))!.map((s) => s.stopType)).toEqual(['START', 'TRAILER', 'PICKUP', 'DELIVERY']);
  });

  it('round trips: the same place may come back later, only not twice in a row', () => {
    const out = build('Home yard', 'Load');
    const back = addStop(out, place('Home yard', 30, -90))!;
    expect(back.map((s) => [s.address, s.stopType])).toEqual([
      ['Home yard', 'START'],
      ['Load', 'PICKUP'],
      ['Home yard', 'DELIVERY'],
    ]);
    expect(addStop(back, place('Home yard', 30, -90))).toBeNull();
    // Same address elsewhere is another place.
    expect(addStop(out, place('Load', 30.5, -91))).toHaveLength(3);
  });

  it('renumbers after a remove and applies the stop-type rule', () => {
    const stops = build('A', 'B', 'C', 'D');
    const next = removeStop(stops, stops[1]!.key);
    expect(next.map((s) => [s.address, s.orderIndex, s.stopType])).toEqual([
      ['A', 0, 'START'],
      ['C', 1, 'PICKUP'],
      ['D', 2, 'DELIVERY'],
    ]);
    // Removing the last makes the one before it the DELIVERY; removing the first makes the next START.
    expect(removeStop(next, next[2]!.key).map((s) => [s.address, s.stopType, s.loadStatus])).toEqual([
      ['A', 'START', 'EMPTY'],
      ['C', 'DELIVERY', 'LOADED'],
    ]);
    expect(removeStop(next, next[0]!.key).map((s) => [s.address, s.stopType])).toEqual([
      ['C', 'START'],
      ['D', 'DELIVERY'],
    ]);
  });

  it('moves only middle stops, renumbers, and makes the first START and the last DELIVERY', () => {
    const built = build('A', 'B', 'C', 'D');
    const stops = setStopType(built, built[1]!.key, 'SHOP');
    expect(canMoveStop(4, 0, 1)).toBe(false);
    expect(canMoveStop(4, 1, 3)).toBe(false);
    expect(canMoveStop(4, 3, 2)).toBe(false);
    expect(canMoveStop(3, 1, 1)).toBe(false);
    expect(moveStop(stops, 0, 2)).toBeNull();
    expect(moveStop(stops, 2, 3)).toBeNull();
    const moved = moveStop(stops, 1, 2)!;
    expect(moved.map((s) => [s.address, s.orderIndex])).toEqual([
      ['A', 0],
      ['C', 1],
      ['B', 2],
      ['D', 3],
    ]);
    expect(moved.map((s) => s.stopType)).toEqual(['START', 'PICKUP', 'SHOP', 'DELIVERY']);
    expect(moved[3]).toMatchObject({ stopType: 'DELIVERY', loadStatus: 'LOADED' });
  });

  it('stop type sets the load status', () => {
    const stops = build('A');
    const key = stops[0]!.key;
    expect(setStopType(stops, key, 'PICKUP')[0]!.loadStatus).toBe('EMPTY');
    expect(setStopType(stops, key, 'TRAILER')[0]!.loadStatus).toBe('EMPTY');
    expect(setStopType(stops, key, 'SHOP')[0]!.loadStatus).toBe('LOADED');
    expect(setStopType(stops, key, 'DELIVERY')[0]!.loadStatus).toBe('LOADED');
  });

  it('writes the route legs onto the valid stops: first zero, each leg, the running total', () => {
    const stops = build('A', 'B', 'C');
    const legs = applyLegs(stops, [
      { distance: 150_000.4, duration: 6_000 },
      { distance: 90_000, duration: 3_600.2 },
    ]);
    expect(legs.map((s) => [s.distance, s.totalDistance, s.duration])).toEqual([
      [0, 0, 0],
      [150_000, 150_000, 6_000],
      [90_000, 240_000, 3_600],
    ]);
    // The same answer again (or one under 1 m / 1 s away) changes nothing: the same array comes back.
    expect(applyLegs(legs, [{ distance: 150_000.6, duration: 6_000 }, { distance: 90_000, duration: 3_600 }])).toBe(legs);
    // A change of a metre or more is written.
    expect(applyLegs(legs, [{ distance: 150_002, duration: 6_000 }, { distance: 90_000, duration: 3_600 }])[2]!.totalDistance).toBe(240_002);
  });

  it('skips stops with invalid coordinates and needs 2 valid stops with one leg between each', () => {
    const stops = build('A', 'B', 'C').map((s, i) => (i === 1 ? { ...s, latitude: 0 } : s));
    const legs = applyLegs(stops, [{ distance: 200_000, duration: 8_000 }]);
    expect(legs.map((s) => s.distance)).toEqual([0, null, 200_000]);
    expect(legs[2]!.totalDistance).toBe(200_000);
    const one = build('A');
    expect(applyLegs(one, [])).toBe(one);
    // A leg count that does not match the valid stops is not applied.
    expect(applyLegs(stops, [{ distance: 1, duration: 1 }, { distance: 1, duration: 1 }])).toBe(stops);
  });
});
