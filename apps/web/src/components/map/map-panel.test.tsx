import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import L from 'leaflet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { MapCanvas } from './map-canvas';
import { MAP_TEXTS, MIN_CALCULATING_MS, PLACEHOLDER_DELAY_MS, type MapStop } from './map-geometry';
import { MapPanel } from './map-panel';
import type { RouteMapProps } from './route-map';

const STOPS: MapStop[] = [
  { lat: 41.8781, lng: -87.6298, stopType: 'START', title: 'Chicago, IL' },
  { lat: 39.9612, lng: -82.9988, stopType: 'DELIVERY', title: 'Columbus, OH' },
];
const props: RouteMapProps = { stops: STOPS, routes: [], selectedRoute: 0, calculating: false, expanded: false, tiles: { provider: 'OFFLINE' } };

afterEach(() => vi.useRealTimers());

describe('MapCanvas', () => {
  it("creates nothing until at least 10 % of it is on screen ('Loading map...' before)", async () => {
    const io = stubIntersectionObserver();
    render(<MapCanvas {...props} />);
    expect(screen.getByText(MAP_TEXTS.notVisibleYet)).toBeInTheDocument();
    expect(io.observedCount()).toBe(1);

    io.show(0.05);
    expect(screen.getByText(MAP_TEXTS.notVisibleYet)).toBeInTheDocument();
    expect(screen.queryByTestId('route-map')).toBeNull();

    io.show(0.1);
    expect(await screen.findByTestId('route-map', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(MAP_TEXTS.notVisibleYet)).toBeNull();
    expect(io.observedCount()).toBe(0);
  });

  it("shows 'Initializing Map' only once loading has taken 200 ms", async () => {
    vi.useFakeTimers();
    const io = stubIntersectionObserver();
    render(<MapCanvas {...props} />);
    io.show(1);
    // The map chunk is loading (or the map waits for its basemap): nothing flashes at first…
    expect(screen.queryByText(MAP_TEXTS.initializingTitle)).toBeNull();
    act(() => vi.advanceTimersByTime(PLACEHOLDER_DELAY_MS));
    // …then the placeholder.
    expect(screen.getByText(MAP_TEXTS.initializingTitle)).toBeInTheDocument();
    expect(screen.getByText(MAP_TEXTS.initializingText)).toBeInTheDocument();
  });

  it("keeps 'Calculating Route' on screen for at least 800 ms, however fast the route comes", () => {
    vi.useFakeTimers();
    stubIntersectionObserver();
    const { rerender } = render(<MapCanvas {...props} calculating />);
    expect(screen.getByText(MAP_TEXTS.calculatingTitle)).toBeInTheDocument();
    expect(screen.getByText(MAP_TEXTS.calculatingText)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    rerender(<MapCanvas {...props} calculating={false} />);
    act(() => vi.advanceTimersByTime(MIN_CALCULATING_MS - 150));
    expect(screen.getByText(MAP_TEXTS.calculatingTitle)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText(MAP_TEXTS.calculatingTitle)).toBeNull();
  });

  it('hides the overlay at once when the route took longer than 800 ms', () => {
    vi.useFakeTimers();
    stubIntersectionObserver();
    const { rerender } = render(<MapCanvas {...props} calculating />);
    act(() => vi.advanceTimersByTime(MIN_CALCULATING_MS + 500));
    rerender(<MapCanvas {...props} calculating={false} />);
    expect(screen.queryByText(MAP_TEXTS.calculatingTitle)).toBeNull();
  });
});

describe('MapPanel', () => {
  it('zooms in and out and expands/collapses (Escape collapses)', async () => {
    const user = userEvent.setup();
    const io = stubIntersectionObserver();
    const zoomIn = vi.spyOn(L.Map.prototype, 'zoomIn');
    const zoomOut = vi.spyOn(L.Map.prototype, 'zoomOut');
    render(<MapPanel {...props} label="HERE route" title="HERE · 812.4 mi · 14.20 h" actions={<button type="button">View Report</button>} />);
    const panel = screen.getByRole('region', { name: 'HERE route' });
    expect(panel).toHaveTextContent('HERE · 812.4 mi · 14.20 h');
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();

    io.show(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Zoom in' })).toBeEnabled(), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoomIn).toHaveBeenCalledTimes(1);
    expect(zoomOut).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Expand map' }));
    expect(panel).toHaveAttribute('data-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Collapse map' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(panel).not.toHaveAttribute('data-expanded');
  });
});
