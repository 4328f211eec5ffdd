import 'leaflet/dist/leaflet.css';
import '@/components/map/map.css';
import L from 'leaflet';
import { useEffect } from 'react';
import { POSTAL_BY_FIPS } from '@milepost/geo/us-states';
import type { DistanceUnit } from '@milepost/geo/units';
import { milesText } from '@/lib/distance-format';
import { addOfflineBasemap, loadOfflineAtlas } from '@/components/map/offline-basemap';
import { useLeafletMap } from '@/components/map/use-leaflet-map';

/** Light to dark blue: a state's share of the most-driven state's miles picks its shade. */
const SHADES = ['#dbeafe', '#bfdbfe', '#93c5fd', '#60a5fa', '#3b82f6', '#2563eb', '#1d4ed8'] as const;
export const shadeFor = (miles: number, max: number) => SHADES[Math.min(SHADES.length - 1, Math.floor((miles / max) * SHADES.length))]!;

/** The lower 48 states. */
const US_BOUNDS = L.latLngBounds([24.4, -124.8], [49.4, -66.9]);

/**
 * The State miles tab's map (docs/state-miles.md): the offline basemap of the map kit with each
 * state that has miles shaded by them and a tooltip with its figure. This module is a chunk of
 * its own (Leaflet and the atlas): import it lazily.
 */
export default function StateMilesMap({ states, label, unit = 'MILES' }: { states: readonly { state: string; miles: number }[]; label: string; unit?: DistanceUnit }) {
  const [ref, map] = useLeafletMap({ expanded: false });

  useEffect(() => {
    if (!map) return;
    map.fitBounds(US_BOUNDS, { padding: [8, 8] });
    let cancelled = false;
    let base: L.LayerGroup | null = null;
    let shaded: L.LayerGroup | null = null;
    void Promise.all([addOfflineBasemap(map), loadOfflineAtlas()]).then(([layer, atlas]) => {
      base = layer;
      if (cancelled) return void layer.remove();
      const byCode = new Map(states.map((s) => [s.state, s.miles]));
      const max = Math.max(1, ...byCode.values());
      const layers: L.Layer[] = [];
      for (const [fips, shapes] of atlas.statesById) {
        const code = POSTAL_BY_FIPS[fips];
        const miles = code ? byCode.get(code) : undefined;
        if (!code || !miles) continue;
        for (const s of shapes) {
          if (!s.polygon) continue;
          const polygon = L.polygon(s.latlngs, { color: '#1e3a8a', weight: 0.5, fillColor: shadeFor(miles, max), fillOpacity: 0.85, className: 'mp-state-miles' });
          polygon.bindTooltip(`${code}: ${milesText(miles, unit)}`, { sticky: true });
          layers.push(polygon);
        }
      }
      shaded = L.layerGroup(layers).addTo(map);
    });
    return () => {
      cancelled = true;
      base?.remove();
      shaded?.remove();
    };
  }, [map, states, unit]);

  // mp-map: the map kit's water, light or dark with the theme (map.css), not Leaflet's grey.
  return <div ref={ref} role="img" aria-label={label} className="mp-map h-full w-full" data-testid="state-miles-map" />;
}
