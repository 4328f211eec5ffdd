import type { PlaceItem } from '@milepost/contracts/places-api';
import { describe, expect, it } from 'vitest';
import { addStop, applyLegs, canMoveStop, moveStop, removeStop, setLoadStatus, setStopType, stopLabel, toStopInputs, type StopDraft } from './stops';

const place = (label: string, lat: number, lng: number): PlaceItem => ({ id: label, title: label, address: { label }, position: { lat, lng } });

const DALLAS = place('Dallas, TX', 32.7767, -96.797);
const FORT_WORTH = place('Fort Worth, TX', 32.7555, -97.3308);
const OKC = place('Oklahoma City, OK', 35.4676, -97.5164);

function build(...labels: string[]): StopDraft[] {
  let stops: StopDraft[] = [];
  labels.forEach((label, i) => {
    stops = addStop(stops, place(label, 30 + i, -90 - i))!;
  });
  return stops;
}

describe('stops rules', () => {
  it('labels the first Start, the last by its type and the middle by its letter', () => {
    expect([0, 1, 2, 3].map((i) => stopLabel(i, 4))).toEqual(['Start', 'Stop B', 'Stop C', 'Delivery']);
    expect(stopLabel(3, 4, 'HOME')).toBe('Home');
    expect(stopLabel(0, 1)).toBe('Start');
  });

  it('types follow the route: Dallas → Fort Worth → Oklahoma City → Dallas is START, PICKUP, DELIVERY, HOME with the freight-on-board split', () => {
    let stops: StopDraft[] = [];
    for (const p of [DALLAS, FORT_WORTH, OKC, DALLAS]) stops = addStop(stops, p)!;
    expect(stops.map((s) => [s.address, s.orderIndex, s.stopType, s.loadStatus])).toEqual([
      ['Dallas, TX', 0, 'START', 'EMPTY'],
      ['Fort Worth, TX', 1, 'PICKUP', 'EMPTY'],
      ['Oklahoma City, OK', 2, 'DELIVERY', 'LOADED'],
      ['Dallas, TX', 3, 'HOME', 'EMPTY'],
    ]);
    expect(stops.every((s) => !s.typeChosen && !s.loadChosen)).toBe(true);
    // A last stop elsewhere is the delivery; a lone start is START.
    expect(build('Chicago').map((s) => [s.stopType, s.loadStatus])).toEqual([['START', 'EMPTY']]);
    expect(build('Chicago', 'Dallas', 'Memphis').map((s) => s.stopType)).toEqual(['START', 'PICKUP', 'DELIVERY']);
  });

  it('a type the user picked is never changed by adding, removing or moving other stops', () => {
    let stops = build('Chicago', 'Dallas', 'Memphis');
    stops = setStopType(stops, stops[2]!.key, 'HOME');
    const before = stops.map((s) => s.stopType);
    // The reported case: a trailing stop added, then removed, leaves HOME as it was.
    const added = addStop(stops, place('Tulsa', 36.15, -95.99))!;
    expect(added[2]).toMatchObject({ address: 'Memphis', stopType: 'HOME', typeChosen: true });
    const removed = removeStop(added, added[3]!.key);
    expect(removed.map((s) => s.stopType)).toEqual(before);
    expect(removed[2]).toMatchObject({ address: 'Memphis', stopType: 'HOME', loadStatus: stops[2]!.loadStatus });
    // Moved to the front, still HOME; the stop that leaves the front takes its new default.
    const moved = moveStop(stops, 2, 0)!;
    expect(moved.map((s) => [s.address, s.stopType])).toEqual([
      ['Memphis', 'HOME'],
      ['Chicago', 'PICKUP'],
      ['Dallas', 'DELIVERY'],
    ]);
  });

  it('inserts a stop anywhere; the neighbours of the new stop decide the duplicate check', () => {
    const stops = build('A', 'B', 'C');
    const inserted = addStop(stops, place('X', 50, -100), 1)!;
    expect(inserted.map((s) => [s.address, s.orderIndex])).toEqual([
      ['A', 0],
      ['X', 1],
      ['B', 2],
      ['C', 3],
    ]);
    expect(inserted.map((s) => s.stopType)).toEqual(['START', 'PICKUP', 'DELIVERY', 'DELIVERY']);
    const first = addStop(stops, place('Y', 51, -101), 0)!;
    expect(first.map((s) => [s.address, s.stopType])[0]).toEqual(['Y', 'START']);
    expect(first[1]!.stopType).toBe('PICKUP');
    // Next to the same place: refused; elsewhere in the trip: fine.
    expect(addStop(stops, place('B', 31, -91), 1)).toBeNull();
    expect(addStop(stops, place('B', 31, -91), 2)).toBeNull();
    expect(addStop(stops, place('B', 31, -91), 3)).toHaveLength(4);
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

  it('renumbers after a remove and applies the rules to the stops nobody chose', () => {
    const stops = build('A', 'B', 'C', 'D');
    const next = removeStop(stops, stops[1]!.key);
    expect(next.map((s) => [s.address, s.orderIndex, s.stopType])).toEqual([
      ['A', 0, 'START'],
      ['C', 1, 'PICKUP'],
      ['D', 2, 'DELIVERY'],
    ]);
    // Nothing was picked up: the leg into the delivery is empty by the freight-on-board rule.
    expect(removeStop(next, next[2]!.key).map((s) => [s.address, s.stopType, s.loadStatus])).toEqual([
      ['A', 'START', 'EMPTY'],
      ['C', 'DELIVERY', 'EMPTY'],
    ]);
    expect(removeStop(next, next[0]!.key).map((s) => [s.address, s.stopType])).toEqual([
      ['C', 'START'],
      ['D', 'DELIVERY'],
    ]);
  });

  it('moves any stop, the first and the last too, and renumbers', () => {
    const built = build('A', 'B', 'C', 'D');
    const stops = setStopType(built, built[1]!.key, 'SHOP');
    expect(canMoveStop(4, 0, 1)).toBe(true);
    expect(canMoveStop(4, 3, 0)).toBe(true);
    expect(canMoveStop(3, 1, 1)).toBe(false);
    expect(canMoveStop(3, 1, 3)).toBe(false);
    expect(moveStop(stops, 2, 4)).toBeNull();
    const moved = moveStop(stops, 1, 2)!;
    expect(moved.map((s) => [s.address, s.orderIndex, s.stopType])).toEqual([
      ['A', 0, 'START'],
      ['C', 1, 'PICKUP'],
      ['B', 2, 'SHOP'],
      ['D', 3, 'DELIVERY'],
    ]);
    expect(moved[3]).toMatchObject({ stopType: 'DELIVERY', loadStatus: 'LOADED' });
    const last = moveStop(stops, 3, 1)!;
    expect(last.map((s) => [s.address, s.stopType])).toEqual([
      ['A', 'START'],
      ['D', 'PICKUP'],
      ['B', 'SHOP'],
      ['C', 'DELIVERY'],
    ]);
  });

  it('the load status follows the freight on board until the dispatcher picks one, which is kept and sent', () => {
    let stops = build('A', 'B', 'C', 'D');
    stops = setStopType(stops, stops[2]!.key, 'TRAILER');
    expect(stops.map((s) => [s.stopType, s.loadStatus])).toEqual([
      ['START', 'EMPTY'],
      ['PICKUP', 'EMPTY'],
      ['TRAILER', 'LOADED'],
      ['DELIVERY', 'LOADED'],
    ]);
    stops = setLoadStatus(stops, stops[2]!.key, 'EMPTY');
    expect(stops[2]).toMatchObject({ loadStatus: 'EMPTY', loadChosen: true });
    const longer = addStop(stops, place('E', 40, -80))!;
    expect(longer[2]).toMatchObject({ loadStatus: 'EMPTY', loadChosen: true });
    expect(setLoadStatus(longer, longer[2]!.key, null)[2]).toMatchObject({ loadStatus: 'LOADED', loadChosen: false });
    // Only a chosen status is sent; the server applies the rule to the others.
    expect(toStopInputs(stops)[2]).toMatchObject({ loadStatus: 'EMPTY', orderIndex: 2 });
    expect(toStopInputs(stops)[3]).not.toHaveProperty('loadStatus');
    expect(toStopInputs(stops)[2]).not.toHaveProperty('key');
    expect(toStopInputs(stops)[2]).not.toHaveProperty('loadChosen');
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
    expect(
      applyLegs(legs, [
        { distance: 150_000.6, duration: 6_000 },
        { distance: 90_000, duration: 3_600 },
      ]),
    ).toBe(legs);
    // A change of a metre or more is written.
    expect(
      applyLegs(legs, [
        { distance: 150_002, duration: 6_000 },
        { distance: 90_000, duration: 3_600 },
      ])[2]!.totalDistance,
    ).toBe(240_002);
  });

  it('skips stops with invalid coordinates and needs 2 valid stops with one leg between each', () => {
    const stops = build('A', 'B', 'C').map((s, i) => (i === 1 ? { ...s, latitude: 0 } : s));
    const legs = applyLegs(stops, [{ distance: 200_000, duration: 8_000 }]);
    expect(legs.map((s) => s.distance)).toEqual([0, null, 200_000]);
    expect(legs[2]!.totalDistance).toBe(200_000);
    const one = build('A');
    expect(applyLegs(one, [])).toBe(one);
    // A leg count that does not match the valid stops is not applied.
    expect(
      applyLegs(stops, [
        { distance: 1, duration: 1 },
        { distance: 1, duration: 1 },
      ]),
    ).toBe(stops);
  });
});
