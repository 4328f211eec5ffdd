import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDistance, metresToEnteredMiles, metresToMiles, milesToMetres } from './units';

// The one conversion pair (docs/decisions/020-one-unit.md).
describe('metres and miles', () => {
  it("converts with the spec's factor, 0.000621371 miles per metre", () => {
    expect(metresToMiles(1)).toBe(0.000621371);
    expect(metresToMiles(1_000_000)).toBeCloseTo(621.371, 9);
    expect(milesToMetres(621.371)).toBeCloseTo(1_000_000, 6);
    expect(formatDistance(milesToMetres(812.4))).toBe('812.4');
  });

  it('takes a figure to metres and back to the same figure, within a few bits', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000_000, noNaN: true }), (mi) => {
        expect(Math.abs(metresToMiles(milesToMetres(mi)) - mi)).toBeLessThanOrEqual(mi * 4 * Number.EPSILON);
      }),
    );
  });

  it('answers a figure staff typed (up to 6 decimals) exactly as typed', () => {
    expect(metresToMiles(milesToMetres(432.6))).toBe(432.59999999999997); // why the entered form exists
    expect(metresToEnteredMiles(milesToMetres(432.6))).toBe(432.6);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (micro) => {
        const typed = micro / 1e6; // up to 10 000 000 miles with 6 decimals
        expect(metresToEnteredMiles(milesToMetres(typed))).toBe(typed);
      }),
    );
  });
});
