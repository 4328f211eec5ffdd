import { describe, expect, it } from 'vitest';
import { decodeTrack, encodeTrack, thinTrack, trackFrom } from './track-codec';

describe('track storage', () => {
  const crumbs = Array.from({ length: 500 }, (_, i) => ({
    time: 1_790_000_000_000 + i * 30_000,
    lat: 41.5 + i * 0.001,
    lng: -88 - i * 0.0013,
    speedMph: i % 7 === 0 ? null : 55.3 + (i % 5),
  }));
  const odos = crumbs.filter((_, i) => i % 10 === 0).map((c, i) => ({ time: c.time, meters: 500_000_123.5 + i * 480.25 }));

  it('round-trips breadcrumbs (times to the second, positions to 1e-5°), speeds to 0.1 mph and odometers exactly', () => {
    const track = trackFrom(crumbs, odos, 'OBD');
    const stored = encodeTrack(track);
    expect(stored.pointCount).toBe(500);
    // A dense track costs a few bytes a point, plus two bytes of speed.
    expect(stored.polyline.length / 500).toBeLessThan(10);
    // node-postgres hands bytea back as Buffers cut from a shared pool, at odd offsets.
    const pooled = (b: Uint8Array) => {
      const pool = Buffer.alloc(b.byteLength + 13);
      pool.set(b, 5);
      return pool.subarray(5, 5 + b.byteLength);
    };
    const back = decodeTrack({ ...stored, speeds: pooled(stored.speeds), odometerTimes: pooled(stored.odometerTimes), odometerMeters: pooled(stored.odometerMeters) }, 'OBD');
    expect(Array.from(back.time)).toEqual(crumbs.map((c) => c.time / 1000));
    back.lat.forEach((v, i) => expect(v).toBeCloseTo(crumbs[i]!.lat, 5));
    back.lng.forEach((v, i) => expect(v).toBeCloseTo(crumbs[i]!.lng, 5));
    back.speedMph.forEach((v, i) => (crumbs[i]!.speedMph === null ? expect(v).toBeNaN() : expect(v).toBeCloseTo(crumbs[i]!.speedMph!, 1)));
    expect(Array.from(back.odoMeters)).toEqual(odos.map((o) => o.meters));
    expect(Array.from(back.odoTime)).toEqual(odos.map((o) => o.time / 1000));
  });

  it('merges fetched fixes by time: a re-read window adds nothing twice, a late fix takes its place', () => {
    const first = trackFrom(crumbs.slice(0, 300), odos.slice(0, 30), 'OBD');
    const more = trackFrom(crumbs.slice(250), odos.slice(25), null, first);
    expect(more.time.length).toBe(500);
    expect(more.odoTime.length).toBe(50);
    expect(more.odometerKind).toBe('OBD');
    // Fix 100 was uploaded late: the first fetch missed it, the re-read brings it.
    const withoutLate = trackFrom([...crumbs.slice(0, 100), ...crumbs.slice(101, 300)], odos.slice(0, 30), 'OBD');
    expect(withoutLate.time.length).toBe(299);
    const merged = trackFrom(crumbs.slice(50, 320), [], null, withoutLate);
    expect(Array.from(merged.time)).toEqual(crumbs.slice(0, 320).map((c) => c.time / 1000));
    expect(merged.lat[100]).toBe(crumbs[100]!.lat);
  });

  it('thins a track over the cap evenly along its whole length (first and last fix kept), and never builds one from an impossible fix', () => {
    const track = trackFrom([...crumbs, { time: crumbs[499]!.time + 30_000, lat: 1e12, lng: -88, speedMph: null }], odos, 'OBD');
    expect(track.time.length).toBe(500);
    const thin = thinTrack(track, 100);
    expect(thin.time.length).toBeLessThanOrEqual(100);
    expect(thin.time.length).toBeGreaterThan(80);
    expect(thin.time[0]).toBe(track.time[0]);
    expect(thin.time[thin.time.length - 1]).toBe(track.time[499]);
    expect(thin.lat[thin.lat.length - 1]).toBe(track.lat[499]);
    const gaps = Array.from(thin.time.slice(1), (t, i) => t - thin.time[i]!);
    expect(Math.max(...gaps.slice(0, -1))).toBe(Math.min(...gaps.slice(0, -1)));
    expect(thinTrack(track, 1000)).toBe(track);
  });
});
