import { Geodesic } from 'geographiclib-geodesic';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MILEAGE_RULES } from './mileage-rules';
import { cleanOdometer, cleanTrack, odometerAt } from './breadcrumbs';
import { decodeColumns } from './flexpolyline';
import { matchStops, radiusMilesFor, telematicsMileage, type EngineStop } from './mileage';

const geod = Geodesic.WGS84;
const RADII = { homeRadius: 0.5, shopRadius: 0.5, pickupRadius: 0.5, trailerRadius: 0.5, deliveryRadius: 0.5 };
const T0 = 1_790_000_000;

interface Crumbs {
  time: number[];
  lat: number[];
  lng: number[];
}

/** Appends `count` steps of exactly `stepM` metres (each a geodesic) on `azimuth`, one every `dt` seconds. */
function drive(c: Crumbs, azimuth: number, stepM: number, count: number, dt = 60): Crumbs {
  for (let i = 0; i < count; i++) {
    const n = c.lat.length - 1;
    const d = geod.Direct(c.lat[n]!, c.lng[n]!, azimuth, stepM);
    c.lat.push(d.lat2!);
    c.lng.push(d.lon2!);
    c.time.push(c.time[n]! + dt);
  }
  return c;
}
const start = (lat = 35, lng = -97, t = T0): Crumbs => ({ time: [t], lat: [lat], lng: [lng] });
const at = (c: Crumbs, i: number) => ({ lat: c.lat[i]!, lng: c.lng[i]! });

/** START → 20 km north → PICKUP → 30 km east → DELIVERY, 1 km a minute (37 mph). */
function simpleTrip() {
  const c = drive(drive(start(), 0, 1000, 20), 90, 1000, 30);
  const stops: EngineStop[] = [
    { id: 1, stopType: 'START', ...at(c, 0) },
    { id: 2, stopType: 'PICKUP', ...at(c, 20) },
    { id: 3, stopType: 'DELIVERY', ...at(c, 50) },
  ];
  return { c, stops };
}

describe('cleaning', () => {
  it('sorts, dedupes, drops invalid, (0,0) and > 110 mph fixes, and collapses stationary jitter', () => {
    const c = drive(start(), 0, 1000, 3); // 4 fixes, 1 km apart, a minute apart
    const time = [...c.time, c.time[1]!, T0 + 30, T0 + 90, T0 + 100, T0 + 200, Number.NaN];
    const lat = [...c.lat, c.lat[1]!, 0, 36, c.lat[1]! + 0.0001, c.lat[3]! + 0.00005, 35];
    const lng = [...c.lng, c.lng[1]!, 0, -97, c.lng[1]!, c.lng[3]!, -97];
    // reversed input order
    const t = cleanTrack({ time: [...time].reverse(), lat: [...lat].reverse(), lng: [...lng].reverse() });
    expect(Array.from(t.time)).toEqual(c.time);
    expect(t.dropped).toEqual({ invalid: 2, duplicate: 1, jump: 1, stationary: 2 });
    // the jitter 11 m from fix 1 at T0+100 is merged into it: the fix's time runs until then
    expect(Array.from(t.until)).toEqual([T0, T0 + 100, T0 + 120, T0 + 200]);
    expect(t.along[3]).toBeCloseTo(3000, 4);
  });

  it('refuses a bad first fix instead of letting it reject the trip', () => {
    const c = drive(start(), 0, 1000, 5);
    const t = cleanTrack({ time: [T0 - 10, ...c.time], lat: [40, ...c.lat], lng: [-90, ...c.lng] });
    expect(t.time.length).toBe(6);
    expect(t.dropped.jump).toBe(1);
    expect(t.along[5]).toBeCloseTo(5000, 4);
  });

  it('refuses odometer readings that go backwards or leap ahead, and interpolates between readings', () => {
    const o = cleanOdometer({ time: [T0, T0 + 60, T0 + 120, T0 + 180, T0 + 240, T0 + 240], meters: [1000, 2000, 1500, 900_000, 3000, 3100] });
    expect(Array.from(o.meters)).toEqual([1000, 2000, 3000]);
    expect(o.dropped).toEqual({ invalid: 0, duplicate: 1, backwards: 1, jump: 1 });
    expect(Array.from(o.refused)).toEqual([T0 + 120, T0 + 180]);
    expect(odometerAt(o, T0 + 30)).toBe(1500);
    expect(odometerAt(o, T0 + 240 + 500)).toBe(3000);
    expect(odometerAt(o, T0 + 240 + 601)).toBeNaN();
    const lead = cleanOdometer({ time: [T0, T0 + 60, T0 + 120], meters: [9_000_000, 1000, 1500] });
    expect(Array.from(lead.meters)).toEqual([1000, 1500]);
  });
});

describe('stop matching', () => {
  it('reaches a stop at the nearest point of its first visit within the radius for its type', () => {
    const { c, stops } = simpleTrip();
    const track = cleanTrack(c);
    expect(Array.from(matchStops(track, stops, RADII).index)).toEqual([0, 20, 50]);
    // A pickup 700 m off the road is reached with a 0.5 mi pickup radius; with 0.25 mi the track
    // passes it outside the radius and it is matched at the closest approach, marked near.
    const off = geod.Direct(c.lat[10]!, c.lng[10]!, 90, 700);
    const s2: EngineStop[] = [stops[0]!, { stopType: 'PICKUP', lat: off.lat2!, lng: off.lon2! }];
    const passed = matchStops(track, s2, { ...RADII, pickupRadius: 0.25 });
    expect(Array.from(passed.index)).toEqual([0, 10]);
    expect(Array.from(passed.near)).toEqual([0, 1]);
    expect(passed.meters[1]).toBeCloseTo(700, -1);
    const reached = matchStops(track, s2, RADII);
    expect(Array.from(reached.index)).toEqual([0, 10]);
    expect(Array.from(reached.near)).toEqual([0, 0]);
    // Farther than nearPassMiles (5 mi): not reached.
    const far = geod.Direct(c.lat[10]!, c.lng[10]!, 90, 9000);
    expect(Array.from(matchStops(track, [stops[0]!, { stopType: 'PICKUP', lat: far.lat2!, lng: far.lon2! }], RADII).index)).toEqual([0, -1]);
    expect(radiusMilesFor('START', { ...RADII, homeRadius: 0 })).toBe(MILEAGE_RULES.minRadiusMiles);
    expect(radiusMilesFor('TRAILER', { ...RADII, trailerRadius: 2 })).toBe(2);
  });

  it('reaches a stop the track drove through between two fixes a mile and a half apart (a fix a minute at 60 mph)', () => {
    // 1.6 km a minute: the fixes around the pickup are 800 m either side of it, beyond a 0.3 mi (483 m) radius.
    const c = drive(start(), 0, 1600, 40);
    const mid = geod.Direct(c.lat[20]!, c.lng[20]!, 0, 800);
    const stops: EngineStop[] = [
      { stopType: 'START', ...at(c, 0) },
      { stopType: 'PICKUP', lat: mid.lat2!, lng: mid.lon2! },
      { stopType: 'DELIVERY', ...at(c, 40) },
    ];
    const radii = { ...RADII, pickupRadius: 0.3 };
    const m = matchStops(cleanTrack(c), stops, radii);
    expect(Array.from(m.index)).toEqual([0, 20, 40]);
    expect(m.frac[1]).toBeCloseTo(0.5, 3);
    expect(m.near[1]).toBe(0);
    const r = telematicsMileage({ fixes: c, stops, radii });
    expect(r.legs.map((l) => l.distance! / 1000)).toEqual([expect.closeTo(32.8, 3), expect.closeTo(31.2, 3)]);
    expect(r.legs[0]!.seconds).toBeCloseTo(20.5 * 60, 1);
    expect(r.coverage).toEqual({ legs: 2, legsMeasured: 2, pct: 100 });
    expect(r.nearPasses).toEqual([]);
  });

  it('never interpolates across a gap: a stop beside the straight line of a 30-minute hole is not reached by it', () => {
    const c = drive(start(), 0, 1000, 10);
    drive(c, 0, 30_000, 1, 1800); // 30 km in 30 minutes without a fix
    drive(c, 0, 1000, 10);
    const mid = geod.Direct(c.lat[10]!, c.lng[10]!, 0, 15_000);
    const stops: EngineStop[] = [
      { stopType: 'START', ...at(c, 0) },
      { stopType: 'PICKUP', lat: mid.lat2!, lng: mid.lon2! },
    ];
    expect(Array.from(matchStops(cleanTrack(c), stops, RADII).index)).toEqual([0, -1]);
  });
});

describe('coverage', () => {
  it('counts the measured legs and their share of the planned miles', () => {
    const { c, stops } = simpleTrip();
    // The delivery is never reached: the track stops 10 km short of it (beyond 5 mi).
    const short = { time: c.time.slice(0, 41), lat: c.lat.slice(0, 41), lng: c.lng.slice(0, 41) };
    const planned = [null, 20_000, 30_000];
    const r = telematicsMileage({ fixes: short, stops: stops.map((s, i) => ({ ...s, planned: planned[i] })), radii: RADII });
    expect(r.coverage.legs).toBe(2);
    expect(r.coverage.legsMeasured).toBe(1);
    expect(r.coverage.pct).toBeCloseTo(40, 9);
    // Without planned figures, by legs.
    expect(telematicsMileage({ fixes: short, stops, radii: RADII }).coverage.pct).toBe(50);
  });
});

describe('telematics mileage', () => {
  it('measures legs along the breadcrumbs when there is no odometer (hand-computed: 20 km empty to pickup, 30 km loaded)', () => {
    const { c, stops } = simpleTrip();
    const r = telematicsMileage({ fixes: c, stops, radii: RADII });
    expect(r.pu).toBeCloseTo(20_000, 3);
    expect(r.totalEmpty).toBeCloseTo(20_000, 3);
    expect(r.miles).toBeCloseTo(30_000, 3);
    expect(r.trl).toBe(0);
    expect(r.totalMiles).toBeCloseTo(50_000, 3);
    expect(r.totalOdometers).toBeNull();
    expect(r.legs.map((l) => [l.method, l.other, l.differs, l.gap])).toEqual([
      ['GPS', null, false, false],
      ['GPS', null, false, false],
    ]);
    expect(r.nearbyPoints).toEqual([
      { type: 'START', ...at(c, 0) },
      { type: 'PICKUP', ...at(c, 20) },
      { type: 'DELIVERY', ...at(c, 50) },
    ]);
  });

  it('counts the time stood still apart from the driving: 45 minutes at the pickup are dwell of the leg that leaves it', () => {
    const c = drive(start(), 0, 1000, 20);
    // Standing at the pickup: a fix every 5 minutes at the same place, 45 minutes in all.
    for (let i = 1; i <= 9; i++) {
      c.time.push(c.time[20]! + i * 300);
      c.lat.push(c.lat[20]!);
      c.lng.push(c.lng[20]!);
    }
    drive(c, 90, 1000, 30);
    const stops: EngineStop[] = [
      { id: 1, stopType: 'START', ...at(c, 0) },
      { id: 2, stopType: 'PICKUP', ...at(c, 20) },
      { id: 3, stopType: 'DELIVERY', ...at(c, c.lat.length - 1) },
    ];
    const r = telematicsMileage({ fixes: c, stops, radii: RADII });
    expect(r.legs.map((l) => [l.seconds, l.stillSeconds])).toEqual([
      [20 * 60, 0],
      [75 * 60, 45 * 60],
    ]);
  });

  it('prefers the odometer delta at the matched times, keeps the GPS figure beside it, and flags > 3 %', () => {
    const { c, stops } = simpleTrip();
    // The odometer reads 2 % more than the track on the first leg and 5 % more on the second.
    const meters = c.time.map((_, i) => 5_000_000 + (i <= 20 ? i * 1020 : 20 * 1020 + (i - 20) * 1050));
    const r = telematicsMileage({ fixes: c, odometer: { time: c.time, meters }, stops, radii: RADII });
    const [l1, l2] = r.legs;
    expect(l1).toMatchObject({ method: 'ODOMETER', distance: 20_400, otherMethod: 'GPS', differs: false, gap: false, reachedAt: T0 + 20 * 60, seconds: 20 * 60 });
    expect(l2!.seconds).toBe(30 * 60);
    expect(l1!.other).toBeCloseTo(20_000, 3);
    expect(l2).toMatchObject({ method: 'ODOMETER', distance: 31_500, differs: true });
    expect(r.totalOdometers).toBe(20_400 + 31_500);
    expect(r.totalMiles).toBe(20_400 + 31_500);
    expect(r.legs[0]).toMatchObject({ toIndex: 1, stopId: 2, stopType: 'PICKUP', loadStatus: 'EMPTY' });
  });

  it('falls back to GPS on a leg where the odometer went backwards, or has no reading near an end', () => {
    const { c, stops } = simpleTrip();
    const meters = c.time.map((_, i) => 5_000_000 + i * 1000);
    meters[30] = 4_000_000; // a reading going backwards inside the second leg
    const r = telematicsMileage({ fixes: c, odometer: { time: c.time, meters }, stops, radii: RADII });
    expect(r.legs.map((l) => l.method)).toEqual(['ODOMETER', 'GPS']);
    expect(r.legs[1]!.other).toBeNull();
    expect(r.odometer.dropped.backwards).toBe(1);
    // Readings only during the first 5 minutes: neither leg has the odometer at both ends.
    const early = telematicsMileage({ fixes: c, odometer: { time: c.time.slice(0, 6), meters: meters.slice(0, 6) }, stops, radii: RADII });
    expect(early.legs.map((l) => l.method)).toEqual(['GPS', 'GPS']);
    expect(early.totalOdometers).toBe(5000);
  });

  it('flags gaps of more than 10 minutes or 5 km, and not a long stop with jitter', () => {
    const { c, stops } = simpleTrip();
    // 11 minutes without a fix between fixes 5 and 6 (the first leg) …
    const slow = { ...c, time: c.time.map((t, i) => (i > 5 ? t + 600 : t)) };
    expect(telematicsMileage({ fixes: slow, stops, radii: RADII }).legs.map((l) => l.gap)).toEqual([true, false]);
    // … a 6 km hole on the second leg (fixes 31–35 missing: 6 km in 6 minutes) …
    const keep = (_: unknown, i: number) => i < 31 || i > 35;
    const hole = { time: c.time.filter(keep), lat: c.lat.filter(keep), lng: c.lng.filter(keep) };
    const h = telematicsMileage({ fixes: hole, stops, radii: RADII });
    expect(h.legs.map((l) => l.gap)).toEqual([false, true]);
    expect(h.miles).toBeCloseTo(30_000, 0); // a straight road: the chord over the hole is the road
    // … but an hour parked at the pickup with jittering fixes every minute is neither a gap nor miles.
    const p = c.lat.length;
    const jit = { time: [...c.time], lat: [...c.lat], lng: [...c.lng] };
    for (let i = 0; i < p; i++) if (i > 20) jit.time[i] = jit.time[i]! + 3600;
    for (let m = 1; m < 60; m++) {
      const d = geod.Direct(c.lat[20]!, c.lng[20]!, m * 37, 3 + (m % 7) * 2);
      jit.time.push(c.time[20]! + m * 60);
      jit.lat.push(d.lat2!);
      jit.lng.push(d.lon2!);
    }
    const j = telematicsMileage({ fixes: jit, stops, radii: RADII });
    expect(j.legs.map((l) => l.gap)).toEqual([false, false]);
    expect(j.totalMiles).toBeCloseTo(50_000, 3);
    expect(j.track.dropped.stationary).toBe(59);
  });

  it('leaves the legs around a stop never reached unmeasured instead of guessing', () => {
    const { c, stops } = simpleTrip();
    const far: EngineStop[] = [stops[0]!, { id: 9, stopType: 'TRAILER', lat: 30, lng: -90 }, stops[2]!];
    const r = telematicsMileage({ fixes: c, stops: far, radii: RADII });
    expect(r.legs.map((l) => l.distance)).toEqual([null, null]);
    expect(r.legs.map((l) => l.reachedAt)).toEqual([null, T0 + 50 * 60]);
    expect(r.legs.map((l) => l.seconds)).toEqual([null, null]);
    expect(r.totalMiles).toBe(0);
    expect(r.nearbyPoints.map((p) => p.type)).toEqual(['START', 'DELIVERY']);
    expect(telematicsMileage({ fixes: { time: [], lat: [], lng: [] }, stops, radii: RADII }).totalMiles).toBe(0);
  });

  it('gives the map its cleaned track as a flexible polyline with distance, duration and nearby points', () => {
    const { c, stops } = simpleTrip();
    const r = telematicsMileage({ fixes: c, stops, radii: RADII, location: true });
    expect(telematicsMileage({ fixes: c, stops, radii: RADII }).location).toBeNull();
    const loc = r.location!;
    const d = decodeColumns(loc.polyline);
    expect(d.lat.length).toBe(51);
    expect(d.lat[50]).toBeCloseTo(c.lat[50]!, 5);
    expect(loc.distance).toBeCloseTo(50_000, 3);
    expect(loc.duration).toBe(50 * 60);
    expect(loc.nearbyPoints).toHaveLength(3);
  });
});

describe('engine properties', () => {
  /** A random drive: steps of 200–1500 m a minute (≤ 56 mph), turning up to ±40° a step; stops at some fixes. */
  const tripArb = fc
    .record({
      steps: fc.array(fc.record({ turn: fc.integer({ min: -40, max: 40 }), len: fc.integer({ min: 200, max: 1500 }) }), { minLength: 6, maxLength: 60 }),
      stopAt: fc.uniqueArray(fc.integer({ min: 1, max: 59 }), { minLength: 1, maxLength: 4 }),
      types: fc.array(fc.constantFrom('PICKUP', 'TRAILER', 'SHOP', 'DELIVERY') as fc.Arbitrary<'PICKUP'>, { minLength: 4, maxLength: 4 }),
    })
    .map(({ steps, stopAt, types }) => {
      const c = start(39.1, -94.6);
      let az = 10;
      for (const s of steps) drive(c, (az += s.turn), s.len, 1);
      const idx = [0, ...stopAt.filter((i) => i < c.lat.length).sort((a, b) => a - b)];
      const stops: EngineStop[] = idx.map((i, k) => ({ id: k + 1, stopType: k === 0 ? 'START' : types[k - 1]!, ...at(c, i) }));
      return { c, stops };
    });
  const radii = { ...RADII, pickupRadius: 0.2, trailerRadius: 0.2, shopRadius: 0.2, deliveryRadius: 0.2, homeRadius: 0.2 };
  const summary = (r: ReturnType<typeof telematicsMileage>) => ({ figures: [r.miles, r.totalEmpty, r.pu, r.trl, r.totalMiles], legs: r.legs, points: r.nearbyPoints });

  it('does not depend on the order the fixes arrive in', () => {
    fc.assert(
      fc.property(tripArb, fc.integer(), ({ c, stops }, seed) => {
        const idx = c.time.map((_, i) => i);
        let s = seed >>> 0;
        for (let i = idx.length - 1; i > 0; i--) {
          s = (s * 1103515245 + 12345) >>> 0;
          const j = s % (i + 1);
          [idx[i], idx[j]] = [idx[j]!, idx[i]!];
        }
        const shuffled = { time: idx.map((i) => c.time[i]!), lat: idx.map((i) => c.lat[i]!), lng: idx.map((i) => c.lng[i]!) };
        expect(summary(telematicsMileage({ fixes: shuffled, stops, radii }))).toEqual(summary(telematicsMileage({ fixes: c, stops, radii })));
      }),
      { numRuns: 150 },
    );
  });

  it('is not changed by duplicated fixes', () => {
    fc.assert(
      fc.property(tripArb, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), ({ c, stops }, picks) => {
        const dup = { time: [...c.time], lat: [...c.lat], lng: [...c.lng] };
        for (const p of picks) {
          const i = p % c.time.length;
          dup.time.push(c.time[i]!);
          dup.lat.push(c.lat[i]!);
          dup.lng.push(c.lng[i]!);
        }
        expect(summary(telematicsMileage({ fixes: dup, stops, radii }))).toEqual(summary(telematicsMileage({ fixes: c, stops, radii })));
      }),
      { numRuns: 150 },
    );
  });

  it('never gains miles from stationary jitter', () => {
    fc.assert(
      fc.property(
        tripArb,
        fc.array(
          fc.record({
            at: fc.nat(),
            az: fc.integer({ min: 0, max: 359 }),
            d: fc.double({ min: 0, max: MILEAGE_RULES.stationaryMeters * 0.9, noNaN: true }),
            dt: fc.integer({ min: 1, max: 59 }),
          }),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        ({ c, stops }, jitter) => {
          const base = telematicsMileage({ fixes: c, stops, radii });
          const j = { time: [...c.time], lat: [...c.lat], lng: [...c.lng] };
          for (const x of jitter) {
            const i = x.at % c.time.length;
            const p = geod.Direct(c.lat[i]!, c.lng[i]!, x.az, x.d);
            j.time.push(c.time[i]! + x.dt / 60); // between this fix and the next one a minute later
            j.lat.push(p.lat2!);
            j.lng.push(p.lon2!);
          }
          const r = telematicsMileage({ fixes: j, stops, radii });
          expect(r.totalMiles).toBeLessThanOrEqual(base.totalMiles + 1e-6);
          expect(r.track.meters).toBeLessThanOrEqual(base.track.meters + 1e-6);
        },
      ),
      { numRuns: 150 },
    );
  });
});
