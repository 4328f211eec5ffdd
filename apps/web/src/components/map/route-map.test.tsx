import { act, fireEvent, render, screen } from '@testing-library/react';
import L from 'leaflet';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from '@/components/layout/sidebar';
import { DEFAULT_CENTER, DEFAULT_ZOOM, EXPANDED_ZOOM, FIT_PADDING, STOP_TYPE_COLORS, TOOLTIP_CLOSE_MS, type MapRoute, type MapStop } from './map-geometry';
import RouteMap, { SETTLE_MS, type RouteMapProps } from './route-map';

const STOPS: MapStop[] = [
  { lat: 41.8781, lng: -87.6298, stopType: 'START', title: 'Chicago, IL' },
  { lat: 39.7684, lng: -86.1581, stopType: 'PICKUP', title: 'Indianapolis, IN' },
  { lat: 39.9612, lng: -82.9988, stopType: 'DELIVERY', title: 'Columbus, OH' },
];
const PRIMARY: MapRoute = {
  legs: [
    [
      [41.8781, -87.6298],
      [40.9, -86.9],
      [39.7684, -86.1581],
    ],
    [
      [39.7684, -86.1581],
      [39.9612, -82.9988],
    ],
  ],
};
const ALTERNATIVE: MapRoute = {
  legs: [
    [
      [41.8781, -87.6298],
      [41.2, -85.1],
      [39.7684, -86.1581],
    ],
    [
      [39.7684, -86.1581],
      [40.4, -84.5],
      [39.9612, -82.9988],
    ],
  ],
};

const base: RouteMapProps = { stops: STOPS, routes: [PRIMARY, ALTERNATIVE], selectedRoute: 0, calculating: false, expanded: false, tiles: { provider: 'OFFLINE' } };

/** happy-dom lays nothing out: give elements a size so Leaflet has a viewport to fill. */
function stubLayout(width = 800, height = 500) {
  const w = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const h = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  return () => {
    if (w) Object.defineProperty(HTMLElement.prototype, 'clientWidth', w);
    if (h) Object.defineProperty(HTMLElement.prototype, 'clientHeight', h);
  };
}

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = stubLayout();
});
afterEach(() => {
  restoreLayout();
  vi.useRealTimers();
});

/** The map keeps its primary route in the parent's state, as the panels do. */
function Stateful(props: Partial<RouteMapProps>) {
  const [selected, setSelected] = useState(0);
  return <RouteMap {...base} {...props} selectedRoute={selected} onSelectRoute={setSelected} />;
}

describe('RouteMap', () => {
  it('draws lettered markers coloured by stop type, with the address in an accessible name', () => {
    render(<RouteMap {...base} />);
    const a = screen.getByRole('button', { name: 'Stop A, START: Chicago, IL' });
    const b = screen.getByRole('button', { name: 'Stop B, PICKUP: Indianapolis, IN' });
    const c = screen.getByRole('button', { name: 'Stop C, DELIVERY: Columbus, OH' });
    expect(a).toHaveTextContent('A');
    expect(a.querySelector('span')).toHaveStyle({ background: STOP_TYPE_COLORS.START });
    expect(b.querySelector('span')).toHaveStyle({ background: STOP_TYPE_COLORS.PICKUP });
    expect(c.querySelector('span')).toHaveStyle({ background: STOP_TYPE_COLORS.DELIVERY });
  });

  it('draws the primary route in colour over a grey alternative; clicking the alternative makes it primary', () => {
    const { container } = render(<Stateful />);
    const map = screen.getByTestId('route-map');
    expect(container.querySelectorAll('path.mp-route-primary')).toHaveLength(1);
    const alt = container.querySelector('path.mp-route-alt');
    expect(alt).toHaveAttribute('stroke', '#94a3b8');
    expect(map).toHaveAttribute('data-selected-route', '0');
    const primaryBefore = container.querySelector('path.mp-route-primary')!.getAttribute('d');

    fireEvent.click(alt!);

    expect(map).toHaveAttribute('data-selected-route', '1');
    const primaryAfter = container.querySelector('path.mp-route-primary')!.getAttribute('d');
    expect(primaryAfter).not.toBe(primaryBefore);
    // The former primary is now the grey, clickable one.
    expect(container.querySelector('path.mp-route-alt')!.getAttribute('d')).toBe(primaryBefore);
  });

  it('draws the markers and a straight line when no route could be computed, but not while computing', () => {
    const { container, rerender } = render(<RouteMap {...base} routes={[]} calculating />);
    expect(container.querySelector('path.mp-route-straight')).toBeNull();
    rerender(<RouteMap {...base} routes={[]} calculating={false} />);
    expect(container.querySelector('path.mp-route-straight')).not.toBeNull();
    expect(container.querySelector('path.mp-route-primary')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Stop [ABC],/ })).toHaveLength(3);
  });

  it('closes a stop tooltip by itself after 10 s', () => {
    vi.useFakeTimers();
    const { container } = render(<RouteMap {...base} />);
    fireEvent.click(screen.getByRole('button', { name: /^Stop B,/ }));
    const tooltip = () => container.querySelector('.leaflet-tooltip-pane .mp-stop-tooltip');
    expect(tooltip()).toHaveTextContent('B · PICKUP');
    expect(tooltip()).toHaveTextContent('Indianapolis, IN');
    act(() => vi.advanceTimersByTime(TOOLTIP_CLOSE_MS - 100));
    expect(tooltip()).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(tooltip()).toBeNull();
  });

  it('shows an address as text, never as markup', () => {
    const { container } = render(<RouteMap {...base} stops={[{ ...STOPS[0]!, title: '<img src=x onerror=alert(1)>' }, STOPS[1]!]} />);
    fireEvent.click(screen.getByRole('button', { name: /^Stop A,/ }));
    expect(container.querySelector('.mp-stop-tooltip img')).toBeNull();
    expect(container.querySelector('.mp-stop-tooltip')).toHaveTextContent('<img src=x onerror=alert(1)>');
  });

  it('fits the stops and routes with 50 px padding, and centres on New York at zoom 6 (8 expanded) without data', () => {
    vi.useFakeTimers();
    const fit = vi.spyOn(L.Map.prototype, 'fitBounds');
    const setView = vi.spyOn(L.Map.prototype, 'setView');
    const { rerender } = render(<RouteMap {...base} />);
    expect(fit).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ padding: [FIT_PADDING, FIT_PADDING] }));
    const bounds = fit.mock.calls.at(-1)![0] as L.LatLngBounds;
    // The alternative's detour (41.2, -85.1) is inside the frame too.
    expect(bounds.contains([41.2, -85.1])).toBe(true);

    setView.mockClear();
    rerender(<RouteMap {...base} stops={[]} routes={[]} />);
    expect(setView).toHaveBeenLastCalledWith([DEFAULT_CENTER[0], DEFAULT_CENTER[1]], DEFAULT_ZOOM);
    rerender(<RouteMap {...base} stops={[]} routes={[]} expanded />);
    act(() => vi.advanceTimersByTime(350));
    expect(setView).toHaveBeenLastCalledWith([DEFAULT_CENTER[0], DEFAULT_CENTER[1]], EXPANDED_ZOOM);
  });

  it('frames the route again when its box changes while the panel settles, and leaves the view to the user after that', () => {
    vi.useFakeTimers();
    // A box that changes after the data arrived (the estimate notice above the map, the panels' grid).
    restoreLayout();
    let box = { width: 800, height: 900 };
    restoreLayout = (() => {
      const w = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
      const h = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => box.width });
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => box.height });
      return () => {
        if (w) Object.defineProperty(HTMLElement.prototype, 'clientWidth', w);
        if (h) Object.defineProperty(HTMLElement.prototype, 'clientHeight', h);
      };
    })();
    const observers: { callback: ResizeObserverCallback; observing: boolean }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        private readonly entry: { callback: ResizeObserverCallback; observing: boolean };
        constructor(callback: ResizeObserverCallback) {
          this.entry = { callback, observing: false };
          observers.push(this.entry);
        }
        observe() {
          this.entry.observing = true;
        }
        unobserve() {}
        disconnect() {
          this.entry.observing = false;
        }
      },
    );
    const boxChanged = (width: number, height: number) => {
      box = { width, height };
      act(() => {
        for (const o of observers.filter((x) => x.observing)) o.callback([], {} as ResizeObserver);
      });
    };
    const fit = vi.spyOn(L.Map.prototype, 'fitBounds');
    try {
      render(<RouteMap {...base} />);
      expect(fit).toHaveBeenCalledTimes(1);
      const map = fit.mock.contexts[0] as L.Map;
      /** Every stop lies inside the map's box as it is now. */
      const stopsInView = () =>
        STOPS.every((s) => {
          const p = map.latLngToContainerPoint([s.lat, s.lng]);
          return p.x >= 0 && p.y >= 0 && p.x <= box.width && p.y <= box.height;
        });
      expect(stopsInView()).toBe(true);

      // The box shrinks 300 ms later: measured again and framed for the new box, every stop in view.
      act(() => vi.advanceTimersByTime(300));
      boxChanged(800, 160);
      expect(map.getSize()).toEqual(L.point(800, 160));
      expect(fit).toHaveBeenCalledTimes(2);
      expect(stopsInView()).toBe(true);

      // The same size again frames nothing more (a route the user panned stays where it is).
      boxChanged(800, 160);
      expect(fit).toHaveBeenCalledTimes(2);

      // After the settling time the view is the user's: a change of box no longer frames the route.
      act(() => vi.advanceTimersByTime(SETTLE_MS));
      boxChanged(800, 700);
      expect(fit).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('re-measures its box 50 ms after creation and 300 ms after the sidebar toggles', () => {
    vi.useFakeTimers();
    const resize = vi.spyOn(L.Map.prototype, 'invalidateSize');
    render(
      <SidebarProvider defaultOpen>
        <RouteMap {...base} />
      </SidebarProvider>,
    );
    act(() => vi.advanceTimersByTime(49));
    expect(resize).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(resize).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(400));
    resize.mockClear();

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    act(() => vi.advanceTimersByTime(299));
    expect(resize).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(resize).toHaveBeenCalledTimes(1);
  });

  it('uses HERE raster tiles from the template the API gives, and no offline atlas', async () => {
    const { container } = render(<RouteMap {...base} tiles={{ provider: 'HERE', urlTemplate: '/api/v1/map-tiles/{z}/{x}/{y}?token=abc' }} />);
    const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0]!.getAttribute('src')).toMatch(/^\/api\/v1\/map-tiles\/\d+\/\d+\/\d+\?token=abc$/);
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(container.querySelector('path.mp-land')).toBeNull();
  });

  it('a renewed tile link (a fresh token) is swapped into the open map: the next tiles load with it, the layer is not rebuilt', async () => {
    const here = (token: string) => ({ provider: 'HERE' as const, urlTemplate: `/api/v1/map-tiles/{z}/{x}/{y}?token=${token}` });
    let handle: { zoomIn(): void } | null = null;
    const onReady = (h: { zoomIn(): void } | null) => {
      handle = h;
    };
    const { container, rerender } = render(<RouteMap {...base} tiles={here('old')} onReady={onReady} />);
    const layer = container.querySelector('.leaflet-tile-pane > .leaflet-layer');
    expect(layer).not.toBeNull();
    rerender(<RouteMap {...base} tiles={here('new')} onReady={onReady} />);
    expect(container.querySelector('.leaflet-tile-pane > .leaflet-layer')).toBe(layer);
    // Tiles asked from now on (zooming in) carry the new token.
    act(() => handle!.zoomIn());
    await act(async () => new Promise((r) => setTimeout(r, 400)));
    const sources = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((t) => t.getAttribute('src') ?? '');
    expect(sources.some((src) => src.endsWith('?token=new'))).toBe(true);
  });

  it('draws the offline atlas (world land, US states and their borders) without a HERE key', async () => {
    const { container } = render(<RouteMap {...base} />);
    await vi.waitFor(() => expect(container.querySelectorAll('path.mp-state').length).toBeGreaterThan(40), { timeout: 5000 });
    expect(container.querySelector('path.mp-land')).not.toBeNull();
    expect(container.querySelector('path.mp-border')).not.toBeNull();
    expect(screen.queryByText('Initializing Map')).toBeNull();
  });
});
