import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { MapTiles } from './map-geometry';
import { addOfflineBasemap } from './offline-basemap';

/**
 * The map's basemap: HERE raster tiles when the API serves them; the offline atlas otherwise, or
 * when tiles fail. Answers whether the basemap has drawn.
 */
export function useBasemap(map: L.Map | null, tiles: MapTiles): boolean {
  const [basemapReady, setBasemapReady] = useState(false);
  const urlTemplate = tiles.provider === 'HERE' ? tiles.urlTemplate : null;
  const hasTiles = urlTemplate !== null;
  const templateRef = useRef(urlTemplate);
  const tileLayerRef = useRef<L.TileLayer | null>(null);
  // A renewed tile link (a fresh token, place-search-queries.ts) is swapped in place: the tiles on
  // screen stay, the next ones load with the new token. Declared first, so the layer below is
  // created with the latest link.
  useEffect(() => {
    templateRef.current = urlTemplate;
    if (urlTemplate && tileLayerRef.current) tileLayerRef.current.setUrl(urlTemplate, true);
  }, [urlTemplate]);
  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    let requested = false;
    let offline: L.LayerGroup | null = null;
    const showOffline = () => {
      if (requested || cancelled) return;
      requested = true;
      addOfflineBasemap(map).then(
        (layer) => {
          if (cancelled) layer.remove();
          else offline = layer;
          setBasemapReady(true);
        },
        () => setBasemapReady(true),
      );
    };
    let tileLayer: L.TileLayer | null = null;
    if (hasTiles && templateRef.current) {
      tileLayer = L.tileLayer(templateRef.current, { maxZoom: 20, attribution: '&copy; HERE', crossOrigin: false });
      tileLayerRef.current = tileLayer;
      tileLayer.once('load', () => setBasemapReady(true));
      tileLayer.once('tileerror', showOffline);
      tileLayer.addTo(map);
    } else {
      showOffline();
    }
    return () => {
      cancelled = true;
      tileLayer?.remove();
      tileLayerRef.current = null;
      offline?.remove();
    };
  }, [map, hasTiles]);
  return basemapReady;
}
