import * as here from '@here/flexpolyline';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, decodeColumns, encode, encodeColumns, THIRD_DIM, type ThirdDim } from './flexpolyline';

const VECTOR = 'BFoz5xJ67i1B1B7PzIhaxL7Y';
const VECTOR_POINTS = [
  [50.10228, 8.69821],
  [50.10201, 8.69567],
  [50.10063, 8.6915],
  [50.09878, 8.68752],
];

describe('flexible polyline', () => {
  it('decodes the format test vector exactly (no float drift)', () => {
    const d = decode(VECTOR);
    expect(d).toEqual({ precision: 5, thirdDim: 0, thirdDimPrecision: 0, polyline: VECTOR_POINTS });
    expect(d.polyline[3]![0]).toBe(50.09878);
  });

  it('encodes the test vector and an empty line', () => {
    expect(encode({ polyline: VECTOR_POINTS })).toBe(VECTOR);
    expect(encodeColumns({ lat: VECTOR_POINTS.map((p) => p[0]!), lng: VECTOR_POINTS.map((p) => p[1]!) })).toBe(VECTOR);
    expect(encode({ polyline: [] })).toBe('BF');
    expect(decode('BF').polyline).toEqual([]);
  });

  it('stores breadcrumbs with epoch seconds as a third dimension, exactly', () => {
    const lat = Float64Array.from([35.46756, 35.46812, 35.47001]);
    const lng = Float64Array.from([-97.51643, -97.51702, -97.5188]);
    const z = Float64Array.from([1_790_000_000, 1_790_000_030, 1_790_000_061]);
    const s = encodeColumns({ lat, lng, z }, { precision: 6 });
    const d = decodeColumns(s);
    expect(d.thirdDim).toBe(THIRD_DIM.CUSTOM1);
    expect(d.precision).toBe(6);
    expect(Array.from(d.lat)).toEqual(Array.from(lat));
    expect(Array.from(d.lng)).toEqual(Array.from(lng));
    expect(Array.from(d.z!)).toEqual(Array.from(z));
    expect(here.decode(s).polyline.map((p) => p[2])).toEqual(Array.from(z));
  });

  it('keeps values beyond 32 bits exact (odometer metres at precision 3)', () => {
    const s = encode({
      polyline: [
        [1, 2, 912_345_678.125],
        [1, 2, 912_345_900.5],
      ],
      thirdDim: THIRD_DIM.CUSTOM2,
      thirdDimPrecision: 3,
    });
    expect(s).toBe(
      here.encode({
        polyline: [
          [1, 2, 912_345_678.125],
          [1, 2, 912_345_900.5],
        ],
        thirdDim: 7 as never,
        thirdDimPrecision: 3,
      }),
    );
    expect(decode(s).polyline.map((p) => p[2])).toEqual([912_345_678.125, 912_345_900.5]);
  });

  it('rejects bad input with clear errors', () => {
    expect(() => decode('CF')).toThrow('Invalid format version');
    expect(() => decode('BFoz5xJ67i1B1B7PzIhaxL7')).toThrow(/premature ending/);
    expect(() => decode('BFoz5x*J')).toThrow(/unexpected character/);
    expect(() => decode('BFoz5xJ')).toThrow(/premature ending/);
    expect(() => decode('B')).toThrow(/missing header/);
    expect(() => encode({ polyline: [], precision: 16 })).toThrow(/precision out of range/);
    expect(() => encode({ polyline: [], thirdDim: 4 as never })).toThrow(/thirdDim/);
    expect(() => encode({ polyline: [[Number.NaN, 1]] })).toThrow(RangeError);
    expect(() => encode({ polyline: [[1e12, 1]], precision: 15 })).toThrow(RangeError);
  });

  const coord = (max: number) => fc.double({ min: -max, max, noNaN: true, noDefaultInfinity: true });
  const header = fc.record({
    precision: fc.integer({ min: 0, max: 7 }),
    thirdDim: fc.constantFrom(0, 1, 2, 3, 6, 7),
    thirdDimPrecision: fc.integer({ min: 0, max: 4 }),
  });
  const line = fc.array(fc.tuple(coord(90), coord(180), coord(1e6)), { maxLength: 60 });

  it('encodes exactly like @here/flexpolyline and round-trips its strings (property)', () => {
    fc.assert(
      fc.property(header, line, (h, pts) => {
        const polyline = pts.map(([a, b, c]) => (h.thirdDim ? [a, b, c] : [a, b]));
        const ours = encode({ ...h, thirdDim: h.thirdDim as ThirdDim, polyline });
        const theirs = here.encode({ ...h, thirdDim: h.thirdDim as never, polyline });
        expect(ours).toBe(theirs);
        const d = decode(theirs);
        const r = here.decode(theirs);
        expect(d.precision).toBe(r.precision);
        expect(d.thirdDim).toBe(r.thirdDim);
        expect(d.thirdDimPrecision).toBe(r.thirdDimPrecision);
        expect(d.polyline.length).toBe(polyline.length);
        const f = 10 ** h.precision;
        const fz = 10 ** h.thirdDimPrecision;
        d.polyline.forEach((p, i) => {
          // Exact (-0 decodes as 0): every decoded value is the nearest double to its scaled integer / 10^precision …
          expect(p[0]).toBe(Math.round(polyline[i]![0]! * f) / f + 0);
          expect(p[1]).toBe(Math.round(polyline[i]![1]! * f) / f + 0);
          if (h.thirdDim) expect(p[2]).toBe(Math.round(polyline[i]![2]! * fz) / fz + 0);
          // … and the reference decoder, which accumulates floats, agrees to within its drift.
          r.polyline[i]!.forEach((v, k) => expect(Math.abs(v - p[k]!)).toBeLessThan(1e-6));
        });
        // Re-encoding a decoded line gives the same string (stable storage).
        expect(encode({ ...h, thirdDim: h.thirdDim as ThirdDim, polyline: d.polyline })).toBe(theirs);
      }),
      { numRuns: 400 },
    );
  });

  it('columns and rows give the same string and the same points (property)', () => {
    fc.assert(
      fc.property(line, (pts) => {
        const lat = Float64Array.from(pts.map((p) => p[0]));
        const lng = Float64Array.from(pts.map((p) => p[1]));
        const z = Float64Array.from(pts.map((p) => p[2]));
        const s = encodeColumns({ lat, lng, z }, { precision: 6, thirdDimPrecision: 1 });
        expect(s).toBe(encode({ polyline: pts, precision: 6, thirdDim: 6, thirdDimPrecision: 1 }));
        const d = decodeColumns(s);
        expect(Array.from(d.z!)).toEqual(decode(s).polyline.map((p) => p[2]));
      }),
      { numRuns: 200 },
    );
  });
});
