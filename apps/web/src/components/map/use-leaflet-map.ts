import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useOptionalSidebar } from '@/components/layout/sidebar';
import { DEFAULT_CENTER, DEFAULT_ZOOM, EXPANDED_ZOOM, MAX_ZOOM, MIN_ZOOM, RESIZE_AFTER_MOUNT_MS, RESIZE_AFTER_SIDEBAR_MS } from './map-geometry';

/**
 * Our thin hook over Leaflet (docs/maps.md): creates one `L.Map` in the
 * element the returned ref is given, removes it on unmount, and re-measures the box 50 ms after
 * creation and 300 ms after the sidebar opens or closes (its width animates meanwhile).
 * Returns the map once it exists; layers are the caller's business.
 */
export function useLeafletMap({ expanded }: { expanded: boolean }): [(node: HTMLDivElement | null) => void, L.Map | null] {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [map, setMap] = useState<L.Map | null>(null);

  useEffect(() => {
    if (!container) return;
    const created = L.map(container, {
      center: [DEFAULT_CENTER[0], DEFAULT_CENTER[1]],
      zoom: expanded ? EXPANDED_ZOOM : DEFAULT_ZOOM,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      zoomControl: false,
      attributionControl: true,
      worldCopyJump: true,
    });
    created.attributionControl.setPrefix(false);
    setMap(created);
    const timer = setTimeout(() => created.invalidateSize(), RESIZE_AFTER_MOUNT_MS);
    return () => {
      clearTimeout(timer);
      created.remove();
      setMap(null);
    };
    // The initial zoom only matters at creation; later expansions are handled by the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);

  const sidebarOpen = useOptionalSidebar()?.open;
  useEffect(() => {
    if (!map) return;
    const timer = setTimeout(() => map.invalidateSize(), RESIZE_AFTER_SIDEBAR_MS);
    return () => clearTimeout(timer);
  }, [map, sidebarOpen]);

  return [setContainer, map];
}
