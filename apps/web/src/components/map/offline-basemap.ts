import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection } from 'topojson-specification';
import { unwrapAntimeridian } from './map-geometry';

/**
 * The offline basemap (docs/decisions/README.md "Maps"): world land (1:110m) with the US states (1:10m)
 * on top, from the `world-atlas` and `us-atlas` TopoJSON packages, drawn as vector layers in a
 * pane under the routes. The atlas is fetched and converted (to Leaflet LatLngs) once, then shared by
 * every map.
 */
interface Atlas {
  land: Shape[];
  states: Shape[];
  /** Each state's outline by its us-atlas id (FIPS code), for maps that shade states (the State miles tab). */
  statesById: Map<string, Shape[]>;
  borders: Shape[];
}
/** One feature's outline as Leaflet LatLngs: converted once, shared by every map (Leaflet keeps LatLngs as given). */
type Shape = { polygon: true; latlngs: L.LatLng[][] | L.LatLng[][][] } | { polygon: false; latlngs: L.LatLng[] | L.LatLng[][] };

function shapes(geo: GeoJSON.GeoJsonObject): Shape[] {
  const geometries =
    geo.type === 'FeatureCollection'
      ? (geo as GeoJSON.FeatureCollection).features.map((f) => f.geometry)
      : geo.type === 'Feature'
        ? [(geo as GeoJSON.Feature).geometry]
        : [geo as GeoJSON.Geometry];
  return geometries.flatMap((g): Shape[] => {
    switch (g?.type) {
      // Rings across the antimeridian made continuous first (unwrapAntimeridian: else Leaflet draws
      // Chukotka's jump across the world and the even-odd fill cuts a band out of North America).
      case 'Polygon':
        return [polygonShape(unwrapAntimeridian(g.coordinates))];
      case 'MultiPolygon':
        return [polygonShape(g.coordinates.flatMap((p) => unwrapAntimeridian(p)))];
      case 'LineString':
        return [{ polygon: false, latlngs: L.GeoJSON.coordsToLatLngs(g.coordinates, 0) as L.LatLng[] }];
      case 'MultiLineString':
        return [{ polygon: false, latlngs: L.GeoJSON.coordsToLatLngs(g.coordinates, 1) as L.LatLng[][] }];
      default:
        return [];
    }
  });
}

function polygonShape(polygons: ReturnType<typeof unwrapAntimeridian>): Shape {
  return polygons.length === 1
    ? { polygon: true, latlngs: L.GeoJSON.coordsToLatLngs(polygons[0] as number[][][], 1) as L.LatLng[][] }
    : { polygon: true, latlngs: L.GeoJSON.coordsToLatLngs(polygons as number[][][][], 2) as L.LatLng[][][] };
}

let atlas: Promise<Atlas> | null = null;

export type { Shape as AtlasShape };

export function loadOfflineAtlas(): Promise<Atlas> {
  atlas ??= Promise.all([import('us-atlas/states-10m.json'), import('world-atlas/land-110m.json')]).then(([us, world]) => {
    const usTopology = us.default;
    const worldTopology = world.default;
    const states = usTopology.objects.states as GeometryCollection;
    const stateFeatures = feature(usTopology, states);
    const statesById = new Map(stateFeatures.features.map((f) => [String(f.id), shapes(f)]));
    return {
      land: shapes(feature(worldTopology, worldTopology.objects.land as GeometryCollection)),
      states: [...statesById.values()].flat(),
      statesById,
      // Each border once (shared arcs), not twice as two states' outlines would draw it.
      borders: shapes(mesh(usTopology, states, (a, b) => a !== b)),
    };
  });
  atlas.catch(() => {
    atlas = null;
  });
  return atlas;
}

export const BASEMAP_PANE = 'basemap';

/** Draws the offline atlas into `map`; resolves with the layer (remove it to take it away). */
export async function addOfflineBasemap(map: L.Map): Promise<L.LayerGroup> {
  const { land, states, borders } = await loadOfflineAtlas();
  if (!map.getPane(BASEMAP_PANE)) {
    const pane = map.createPane(BASEMAP_PANE);
    // Above raster tiles (200), below routes and markers (400+).
    pane.style.zIndex = '250';
    pane.style.pointerEvents = 'none';
  }
  const renderer = L.svg({ pane: BASEMAP_PANE, padding: 0.5 });
  const common = { pane: BASEMAP_PANE, renderer, interactive: false } as const;
  const draw = (list: Shape[], style: L.PathOptions) =>
    list.map((s) => (s.polygon ? L.polygon(s.latlngs, { ...common, ...style }) : L.polyline(s.latlngs, { ...common, ...style })));
  const group = L.layerGroup([
    ...draw(land, { className: 'mp-land', stroke: false, fillOpacity: 1 }),
    ...draw(states, { className: 'mp-state', stroke: false, fillOpacity: 1 }),
    ...draw(borders, { className: 'mp-border', weight: 1, fill: false }),
  ]);
  group.addTo(map);
  map.attributionControl.addAttribution('US Census Bureau, Natural Earth');
  return group;
}
