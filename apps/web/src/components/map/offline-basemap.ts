import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection } from 'topojson-specification';

/**
 * The offline basemap (docs/decisions/README.md "Maps"): world land (1:110m) with the US states (1:10m)
 * on top, from the `world-atlas` and `us-atlas` TopoJSON packages, drawn as vector layers in a
 * pane under the routes. The atlas is fetched and converted once, then shared by every panel.
 */
interface Atlas {
  land: GeoJSON.GeoJsonObject;
  states: GeoJSON.GeoJsonObject;
  borders: GeoJSON.GeoJsonObject;
}

let atlas: Promise<Atlas> | null = null;

export function loadOfflineAtlas(): Promise<Atlas> {
  atlas ??= Promise.all([import('us-atlas/states-10m.json'), import('world-atlas/land-110m.json')]).then(([us, world]) => {
    const usTopology = us.default;
    const worldTopology = world.default;
    const states = usTopology.objects.states as GeometryCollection;
    return {
      land: feature(worldTopology, worldTopology.objects.land as GeometryCollection),
      states: feature(usTopology, states),
      // Each border once (shared arcs), not twice as two states' outlines would draw it.
      borders: mesh(usTopology, states, (a, b) => a !== b),
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
  const group = L.layerGroup([
    L.geoJSON(land, { ...common, style: { className: 'mp-land', stroke: false, fillOpacity: 1 } }),
    L.geoJSON(states, { ...common, style: { className: 'mp-state', stroke: false, fillOpacity: 1 } }),
    L.geoJSON(borders, { ...common, style: { className: 'mp-border', weight: 1, fill: false } }),
  ]);
  group.addTo(map);
  map.attributionControl.addAttribution('US Census Bureau, Natural Earth');
  return group;
}
