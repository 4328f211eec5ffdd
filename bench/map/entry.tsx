/**
 * The page `npm run bench -- map` opens in Chromium: the product's own RouteMap (the map chunk)
 * with the offline basemap, driven from the bench through `window.mapBench`.
 */
import './bench.css';
import { decode } from '@milepost/geo/flexpolyline';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { MapRoute, MapStop } from '@/components/map/map-geometry';
import RouteMap from '@/components/map/route-map';

const root = createRoot(document.getElementById('map')!);
let mounted = 0;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves once the primary route's SVG path is written, then after the frame that paints it. */
async function drawn(previous: string | null): Promise<void> {
  for (;;) {
    const d = document.querySelector('path.mp-route-primary')?.getAttribute('d');
    if (d && d.length > 10 && d !== previous) break;
    await new Promise((r) => setTimeout(r, 0));
  }
  await nextFrame();
  await nextFrame();
}

function render(stops: MapStop[], routes: MapRoute[], selected: number, key: number) {
  flushSync(() => root.render(<RouteMap key={key} stops={stops} routes={routes} selectedRoute={selected} calculating={false} expanded={false} tiles={{ provider: 'OFFLINE' }} />));
}

declare global {
  interface Window {
    mapBench: unknown;
  }
}

const mapBench = {
  /** A new map (created, basemap, markers, routes): decode + first draw, in ms. */
  async firstDraw(stops: MapStop[], encodedRoutes: string[][]) {
    flushSync(() => root.render(<div />));
    await nextFrame();
    const t0 = performance.now();
    const routes = encodedRoutes.map((legs) => ({ legs: legs.map((leg) => decode(leg).polyline as [number, number][]) }));
    const t1 = performance.now();
    render(stops, routes, 0, ++mounted);
    await drawn(null);
    const t2 = performance.now();
    return { decodeMs: t1 - t0, drawMs: t2 - t1, points: routes.reduce((n, r) => n + r.legs.reduce((m, l) => m + l.length, 0), 0) };
  },
  /** A route answer arriving on a map that exists (created when it came into view): decode + draw, in ms. */
  async draw(stops: MapStop[], encodedRoutes: string[][]) {
    if (!mounted) await mapBench.warm();
    render([], [], 0, mounted);
    await nextFrame();
    await nextFrame();
    const t0 = performance.now();
    const routes = encodedRoutes.map((legs) => ({ legs: legs.map((leg) => decode(leg).polyline as [number, number][]) }));
    const t1 = performance.now();
    render(stops, routes, 0, mounted);
    await drawn(null);
    const t2 = performance.now();
    return { decodeMs: t1 - t0, drawMs: t2 - t1, totalMs: t2 - t0 };
  },
  /** On the map just drawn: make another route primary (a click on a grey alternative), in ms. */
  async select(stops: MapStop[], encodedRoutes: string[][], selected: number) {
    const routes = encodedRoutes.map((legs) => ({ legs: legs.map((leg) => decode(leg).polyline as [number, number][]) }));
    render(stops, routes, 0, mounted);
    await drawn(null);
    const before = document.querySelector('path.mp-route-primary')!.getAttribute('d');
    const t0 = performance.now();
    render(stops, routes, selected, mounted);
    await drawn(before);
    return performance.now() - t0;
  },
  /** Waits for the offline atlas once, so the figures are about the route, not the download. */
  async warm() {
    render([], [], 0, ++mounted);
    for (let i = 0; i < 200 && !document.querySelector('path.mp-state'); i++) await new Promise((r) => setTimeout(r, 25));
  },
};
window.mapBench = mapBench;
