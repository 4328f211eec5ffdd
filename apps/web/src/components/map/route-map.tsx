import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  EXPANDED_ZOOM,
  EXPAND_MS,
  FIT_PADDING,
  TOOLTIP_CLOSE_MS,
  spreadCoincidentStops,
  stopColor,
  stopLetter,
  type MapHandle,
  type MapRoute,
  type MapStop,
  type MapTiles,
} from './map-geometry';
import { MapInitializing } from './map-overlays';
import { useBasemap } from './use-basemap';
import { useLeafletMap } from './use-leaflet-map';

/** How long after framing a change of the map's box still re-frames the route (docs/maps.md). */
export const SETTLE_MS = 1500;

export interface RouteMapProps {
  stops: readonly MapStop[];
  /** The computed routes (primary and alternatives); empty when none could be computed. */
  routes: readonly MapRoute[];
  /** Which of `routes` is the primary one (drawn in colour; the others grey and clickable). */
  selectedRoute: number;
  onSelectRoute?: ((index: number) => void) | undefined;
  /** True while a route is being computed: no fallback line is drawn meanwhile. */
  calculating: boolean;
  expanded: boolean;
  tiles: MapTiles;
  /** The panel's zoom buttons get their handle here (null when the map goes away). */
  onReady?: ((handle: MapHandle | null) => void) | undefined;
}

export const ROUTE_COLORS = { primary: '#2563eb', alternative: '#94a3b8', fallback: '#475569' } as const;

/**
 * One Leaflet map showing a trip (docs/product/trips.md "Map behaviour"): the basemap (HERE tiles through
 * the API, else the offline atlas), lettered stop markers coloured by type (coincident stops
 * spread apart, tooltips closing after 10 s), the primary route over grey alternatives that
 * become primary when clicked, or — when no route could be computed — a straight line through
 * the stops. Fits everything with 50 px padding; New York at zoom 6 (8 expanded) without data.
 * This module is the map chunk: import it lazily (see map-canvas.tsx).
 */
export default function RouteMap({ stops, routes, selectedRoute, onSelectRoute, calculating, expanded, tiles, onReady }: RouteMapProps) {
  const [ref, map] = useLeafletMap({ expanded });
  const onSelectRef = useRef(onSelectRoute);
  useEffect(() => {
    onSelectRef.current = onSelectRoute;
  });

  // The panel's zoom buttons.
  useEffect(() => {
    if (!map || !onReady) return;
    onReady({ zoomIn: () => map.zoomIn(), zoomOut: () => map.zoomOut() });
    return () => onReady(null);
  }, [map, onReady]);

  // Basemap: HERE raster tiles when the API serves them; the offline atlas otherwise (use-basemap.ts).
  const basemapReady = useBasemap(map, tiles);

  // Framing: fit the stops and every route with 50 px padding when the data changes (not when a route is picked).
  // Declared before the layers, so the view is set first and each line is projected once, at the
  // zoom it is seen at (React removes the old layers before any of these effects run).
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;
  useEffect(() => {
    if (!map) return;
    frame(map, stops, routes, expandedRef.current);
    // The panel's box can still settle after the data arrives (a notice above the map, the panels'
    // grid): while it does, re-measure and frame again, so a route is never framed for a box that
    // is gone. After that the view is the user's.
    if (typeof ResizeObserver === 'undefined') return;
    const framedAt = Date.now();
    let framedFor = map.getSize();
    const observer = new ResizeObserver(() => {
      if (Date.now() - framedAt > SETTLE_MS) return observer.disconnect();
      map.invalidateSize();
      if (map.getSize().equals(framedFor)) return;
      framedFor = map.getSize();
      frame(map, stops, routes, expandedRef.current);
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, stops, routes]);

  // Stop markers.
  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    const positions = spreadCoincidentStops(stops);
    stops.forEach((stop, index) => {
      const letter = stopLetter(index);
      const marker = L.marker([positions[index]![0], positions[index]![1]], {
        icon: L.divIcon({
          className: 'mp-stop-marker',
          html: `<span style="background:${stopColor(stop.stopType)}">${letter}</span>`,
          iconSize: [26, 26],
          iconAnchor: [13, 13],
          tooltipAnchor: [0, -14],
        }),
        keyboard: true,
        riseOnHover: true,
      });
      // Addresses are user data: text nodes only, never HTML.
      const content = document.createElement('div');
      const head = document.createElement('strong');
      head.textContent = `${letter} · ${stop.stopType}`;
      const address = document.createElement('div');
      address.textContent = stop.title;
      content.append(head, address);
      marker.bindTooltip(content, { direction: 'top', className: 'mp-stop-tooltip' });
      let closeTimer: ReturnType<typeof setTimeout> | undefined;
      marker.on('tooltipopen', () => {
        clearTimeout(closeTimer);
        closeTimer = setTimeout(() => marker.closeTooltip(), TOOLTIP_CLOSE_MS);
      });
      marker.on('tooltipclose remove', () => clearTimeout(closeTimer));
      marker.on('click', () => marker.openTooltip());
      marker.addTo(group);
      marker.getElement()?.setAttribute('aria-label', `Stop ${letter}, ${stop.stopType}: ${stop.title}`);
    });
    return () => {
      group.clearLayers();
      group.remove();
    };
  }, [map, stops]);

  // Each route's points as Leaflet LatLngs, made once per answer: picking another route re-uses them.
  const lines = useMemo(() => routes.map((route) => leafletLines(route.legs)), [routes]);

  // Routes: alternatives first (grey, clickable), the primary on top; else the straight line.
  useEffect(() => {
    if (!map) return;
    const group = L.layerGroup().addTo(map);
    const order = routes.map((_, i) => i).filter((i) => i !== selectedRoute);
    for (const i of order) {
      const line = L.polyline(lines[i]!, {
        color: ROUTE_COLORS.alternative,
        weight: 5,
        opacity: 0.85,
        className: 'mp-route-alt',
        bubblingMouseEvents: false,
      });
      line.on('click', () => onSelectRef.current?.(i));
      line.bindTooltip('Alternative route — click to use it', { sticky: true });
      line.addTo(group);
    }
    const primary = routes[selectedRoute];
    if (primary) {
      L.polyline(lines[selectedRoute]!, { color: ROUTE_COLORS.primary, weight: 5, opacity: 0.95, className: 'mp-route-primary', interactive: false }).addTo(group);
    } else if (!calculating && stops.length >= 2) {
      L.polyline(
        stops.map((s) => [s.lat, s.lng] as L.LatLngTuple),
        { color: ROUTE_COLORS.fallback, weight: 3, dashArray: '6 6', className: 'mp-route-straight', interactive: false },
      ).addTo(group);
    }
    return () => {
      group.clearLayers();
      group.remove();
    };
  }, [map, routes, lines, selectedRoute, stops, calculating]);

  // Expand/collapse: once the 350 ms animation is over, re-measure and frame again.
  const firstExpanded = useRef(true);
  useEffect(() => {
    if (!map) return;
    if (firstExpanded.current) {
      firstExpanded.current = false;
      return;
    }
    const timer = setTimeout(() => {
      map.invalidateSize();
      frame(map, stops, routes, expanded);
    }, EXPAND_MS);
    return () => clearTimeout(timer);
    // Only the expansion itself re-frames here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, expanded]);

  return (
    <div className="mp-map relative isolate h-full w-full overflow-hidden" data-testid="route-map" data-routes={routes.length} data-selected-route={selectedRoute}>
      <div ref={ref} className="absolute inset-0" />
      {!basemapReady && <MapInitializing />}
    </div>
  );
}

/** The legs as LatLng objects: Leaflet keeps LatLngs it is given as they are, so a redraw allocates none. */
function leafletLines(legs: MapRoute['legs']): L.LatLng[][] {
  return legs.map((leg) => leg.map(([lat, lng]) => new L.LatLng(lat, lng)));
}

function frame(map: L.Map, stops: readonly MapStop[], routes: readonly MapRoute[], expanded: boolean) {
  const bounds = L.latLngBounds([]);
  for (const s of stops) bounds.extend([s.lat, s.lng]);
  for (const route of routes) {
    for (const leg of route.legs) {
      // One pass over plain numbers: no LatLng object per point.
      const legBounds = boundsOf(leg);
      if (legBounds) bounds.extend(legBounds);
    }
  }
  if (!bounds.isValid()) {
    map.setView([DEFAULT_CENTER[0], DEFAULT_CENTER[1]], expanded ? EXPANDED_ZOOM : DEFAULT_ZOOM);
    return;
  }
  map.fitBounds(bounds, { padding: [FIT_PADDING, FIT_PADDING], maxZoom: 14, animate: false });
}

function boundsOf(points: readonly (readonly [number, number])[]): L.LatLngBounds | null {
  if (points.length === 0) return null;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const [lat, lng] of points) {
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return L.latLngBounds([south, west], [north, east]);
}
