import type { PlaceItem } from '@milepost/contracts/places-api';
import { describe, expect, it } from 'vitest';
import { ROAD_FACTOR, addStop, canMoveStop, estimateLegs, moveStop, removeStop, setStopType, stopLabel, stopLetter, type StopDraft } from './stops';

const place = (label: string, lat: number, lng: number): PlaceItem => ({ id: label, title: label, address: { label }, position: { lat, lng } });

function build(...labels: string[]): StopDraft[] {
  let stops: StopDraft[] = [];
  labels.forEach((label, i) => {
    stops = addStop(stops, place(label, 30 + i, -90 - i))!;
  });
  return stops;
}

describe('stops rules', () => {
  it('labels the first Start, the last Delivery and the middle Stop N, with letters A, B, C…', () => {
    expect([0, 1, 2, 3].map((i) => stopLabel(i, 4))).toEqual(['Start', 'Stop 1', 'Stop 2', 'Delivery']);
    expect(stopLabel(0, 1)).toBe('Start');
    expect([0, 1, 2, 25, 26].map(stopLetter)).toEqual(['A', 'B', 'C', 'Z', 'AA']);
  });

  it('appends a new stop with the next order index as START / EMPTY and refuses a duplicate', () => {
    const stops = build('Chicago', 'Dallas');
    expect(stops.map((s) => [s.address, s.orderIndex, s.stopType, s.loadStatus])).toEqual([
      ['Chicago', 0, 'START', 'EMPTY'],
      ['Dallas', 1, 'START', 'EMPTY'],
    ]);
    expect(addStop(stops, place('Chicago', 30, -90))).toBeNull();
    // Same address elsewhere is another stop.
    expect(addStop(stops, place('Chicago', 30.5, -90))).toHaveLength(3);
  });

  it('renumbers after a remove', () => {
    const stops = build('A', 'B', 'C', 'D');
    const next = removeStop(stops, stops[1]!.key);
    expect(next.map((s) => [s.address, s.orderIndex])).toEqual([
      ['A', 0],
      ['C', 1],
      ['D', 2],
    ]);
  });

  it('moves only middle stops, renumbers, and makes the first START and the last DELIVERY', () => {
    const stops = setStopType(build('A', 'B', 'C', 'D'), 'x', 'SHOP');
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
    expect(moved[0]).toMatchObject({ stopType: 'START', loadStatus: 'EMPTY' });
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

  it('estimates legs from 2 valid stops: first zero, great-circle × road factor, cumulative', () => {
    const one = build('A');
    expect(estimateLegs(one)).toBe(one);
    const stops = build('A', 'B', 'C');
    const legs = estimateLegs(stops);
    expect(legs[0]).toMatchObject({ distance: 0, totalDistance: 0, duration: 0 });
    expect(legs[1]!.distance).toBeGreaterThan(140_000 * ROAD_FACTOR);
    expect(Math.abs(legs[2]!.totalDistance! - (legs[1]!.distance! + legs[2]!.distance!))).toBeLessThanOrEqual(1);
    // Nothing changes on a second pass.
    expect(estimateLegs(legs)).toBe(legs);
  });
});
