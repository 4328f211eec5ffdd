import { Suspense, lazy } from 'react';
import { MIN_CALCULATING_MS, VISIBLE_THRESHOLD } from './map-geometry';
import { MapCalculating, MapInitializing, MapNotVisible } from './map-overlays';
import type { RouteMapProps } from './route-map';
import { useMinimumDuration, useSeenOnce } from './use-map-timing';

/** The map chunk (Leaflet, the atlas, the drawing code): fetched only when a map is about to show. */
const RouteMap = lazy(() => import('./route-map'));

/**
 * Where a screen puts a map: nothing is loaded or created until at least 10 % of this box has
 * been on screen ('Loading map...' until then); then the map chunk loads ('Initializing Map'
 * after 200 ms) and the map is created. While `calculating`, the 'Calculating Route' overlay
 * shows, for at least 800 ms.
 */
export function MapCanvas(props: RouteMapProps) {
  const [ref, seen] = useSeenOnce<HTMLDivElement>(VISIBLE_THRESHOLD);
  const calculating = useMinimumDuration(props.calculating, MIN_CALCULATING_MS);
  return (
    <div ref={ref} className="relative isolate h-full min-h-0 w-full overflow-hidden">
      {seen ? (
        <Suspense fallback={<MapInitializing />}>
          <RouteMap {...props} />
        </Suspense>
      ) : (
        <MapNotVisible />
      )}
      {calculating && <MapCalculating />}
    </div>
  );
}
