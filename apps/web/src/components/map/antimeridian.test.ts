import { feature } from 'topojson-client';
import type { GeometryCollection } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import world from 'world-atlas/land-110m.json';
import { unwrapAntimeridian } from './map-geometry';

/** The largest longitude step between neighbouring points of any ring (but along a pole's edge, where a ring around the pole closes). */
const largestStep = (polygons: readonly (readonly (readonly (readonly number[])[])[])[]) =>
  Math.max(...polygons.flat().flatMap((ring) => ring.slice(1).map((p, i) => (Math.abs(p[1]!) === 90 && Math.abs(ring[i]![1]!) === 90 ? 0 : Math.abs(p[0]! - ring[i]![0]!)))));

describe('unwrapAntimeridian (the offline basemap, docs/maps.md)', () => {
  it('answers a polygon that does not cross as it is', () => {
    const texas = [
      [
        [-106, 32],
        [-94, 33],
        [-97, 26],
        [-106, 32],
      ],
    ];
    expect(unwrapAntimeridian(texas)).toEqual([texas]);
  });

  it('makes a ring across the antimeridian continuous and draws it on both sides', () => {
    // Wrangel Island as world-atlas keeps it: 179.5 → −179.5 → back.
    const island = [
      [
        [179, 71],
        [-179, 71.5],
        [-178, 71],
        [179, 70.8],
        [179, 71],
      ],
    ];
    const [east, west] = unwrapAntimeridian(island);
    expect(east![0]!.map((p) => p[0])).toEqual([179, 181, 182, 179, 179]);
    expect(west![0]!.map((p) => p[0])).toEqual([-181, -179, -178, -181, -181]);
  });

  it('closes a ring around a pole along its edge', () => {
    const antarctica = [
      [
        [-180, -84],
        [0, -70],
        [179, -78],
        [-180, -84],
      ],
    ];
    const [whole] = unwrapAntimeridian(antarctica);
    expect(whole![0]!.slice(-3)).toEqual([
      [180, -90],
      [-180, -90],
      [-180, -84],
    ]);
  });

  it('leaves no ring of the world land with a jump across the map: no band cut out of Alaska and northern Canada', () => {
    const land = feature(world, world.objects.land as GeometryCollection);
    const geometries = ('features' in land ? land.features : [land]).map((f) => f.geometry);
    const polygons = geometries.flatMap((g) => (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []));
    // As stored, Eurasia, Wrangel Island, Fiji and Antarctica jump by ~360°.
    expect(largestStep(polygons)).toBeGreaterThan(300);
    expect(largestStep(polygons.flatMap((p) => unwrapAntimeridian(p)))).toBeLessThan(180);
  });
});
