import type { TelematicsLocation } from '@milepost/contracts/mile-stats-api';
import type { TripRouteData } from '@milepost/contracts/route-data-api';
import type { MapSourceReport, MapSourceSummary } from '@milepost/contracts/trip-map-api';
import { encodeColumns } from '@milepost/geo/flexpolyline';
import { milesToMetres } from '@milepost/geo/units';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITED_DATA } from '@/components/map/limited-data-notice';
import { mockApi } from '@/test/api-mock';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { makeUser, renderWithApp } from '@/test/render';
import type { TripsSearch } from '../trips-search';
import { TripMapView } from './trip-map-view';

const MI = milesToMetres(1);
const STOPS = [
  { lat: 41.8781, lng: -87.6298, type: 'START', address: 'Chicago, IL, United States' },
  { lat: 39.7684, lng: -86.1581, type: 'PICKUP', address: 'Indianapolis, IN, United States' },
  { lat: 39.9612, lng: -82.9988, type: 'DELIVERY', address: 'Columbus, OH, United States' },
] as const;

const track = (jitter: number): TelematicsLocation => ({
  polyline: encodeColumns({ lat: STOPS.map((s) => s.lat + jitter), lng: STOPS.map((s) => s.lng + jitter) }),
  distance: 370 * MI,
  duration: 6 * 3600,
  nearbyPoints: STOPS.map((s) => ({ type: s.type, lat: s.lat + jitter, lng: s.lng + jitter })),
});

function tripOf(samsaraLocation: TelematicsLocation | null, gleLocation: TelematicsLocation | null): TripRouteData {
  return {
    id: 7,
    truckId: 12,
    loadNumber: 'LD-1001',
    trailerNumber: null,
    identifierType: 'LOAD_NUMBER',
    tripStops: STOPS.map((s, i) => ({
      id: i + 1,
      address: s.address,
      latitude: s.lat,
      longitude: s.lng,
      stopType: s.type,
      loadStatus: 'EMPTY',
      orderIndex: i,
      distance: null,
      totalDistance: null,
      duration: null,
    })),
    samsaraLocation,
    gleLocation,
  } as unknown as TripRouteData;
}

/** The drawn (HERE) route: 358.3 mi in 5.65 h. */
const ROUTE = {
  source: 'HERE',
  estimateReason: null,
  routes: [
    {
      legs: [
        { distance: 183.2 * MI, duration: 2.9 * 3600, polyline: '' },
        { distance: 175.1 * MI, duration: 2.75 * 3600, polyline: '' },
      ],
      distance: 358.3 * MI,
      duration: 5.65 * 3600,
      notices: [],
      truckRestricted: false,
    },
  ],
};
const HERE: MapSourceSummary = { type: 'here', method: 'HERE', distance: 358.3 * MI, duration: 5.65 * 3600 };
const SAMSARA: MapSourceSummary = { type: 'samsara', method: 'ODOMETER', distance: 371.4 * MI, duration: 6.35 * 3600 };
const GLE: MapSourceSummary = { type: 'gle', method: 'GPS', distance: 350.2 * MI, duration: 5.9 * 3600 };
const GLE_EMPTY: MapSourceSummary = { type: 'gle', method: null, distance: null, duration: null };

const reportRows = (pickup: number, delivery: number) => [
  { stopType: 'START', city: 'Chicago, IL', distance: 0, totalDistance: 0, duration: 0 },
  { stopType: 'PICKUP', city: 'Indianapolis, IN', distance: pickup * MI, totalDistance: pickup * MI, duration: 3 * 3600 },
  { stopType: 'DELIVERY', city: 'Columbus, OH', distance: delivery * MI, totalDistance: (pickup + delivery) * MI, duration: 3 * 3600 },
];
const REPORT: MapSourceReport[] = [
  { type: 'here', method: 'HERE', rows: reportRows(183.2, 175.1), totals: { distance: 358.3 * MI, duration: 6 * 3600 } },
  { type: 'samsara', method: 'ODOMETER', rows: reportRows(190.4, 181.0), totals: { distance: 371.4 * MI, duration: 6 * 3600 } },
  { type: 'gle', method: 'GPS', rows: reportRows(172.0, 178.2), totals: { distance: 350.2 * MI, duration: 6 * 3600 } },
];

function setup({
  trip,
  sources,
  distanceUnit = 'MILES',
  route = ROUTE,
  payRule,
}: {
  trip: TripRouteData;
  sources: MapSourceSummary[];
  distanceUnit?: 'MILES' | 'KM';
  route?: unknown;
  payRule?: { payBasis: 'ROUTED' | 'ACTUAL' | 'LOWER' | 'HIGHER'; tolerancePct: number };
}) {
  return mockApi({
    'GET /user-route-setting/1': () => ({ id: 1, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit }),
    'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
    'GET /trips/route-data': () => trip,
    'POST /routing/routes': () => route,
    'GET /trips/7/map-summary': () => ({ tripId: 7, truckId: 12, identifierType: 'LOAD_NUMBER', number: 'LD-1001', sources, ...(payRule ? { payRule } : {}) }),
    'GET /trips/7/map-report': () => ({ tripId: 7, truckId: 12, identifierType: 'LOAD_NUMBER', number: 'LD-1001', sources: REPORT }),
  });
}

function View({ mapOnly = false }: { mapOnly?: boolean }) {
  const [search, setSearch] = useState<TripsSearch>({ truckId: 12, truckLabel: 'T-12', loadNumber: 'LD-1001', showRoute: true });
  return <TripMapView title="Trips" search={search} onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))} mapOnly={mapOnly} />;
}

/** happy-dom lays nothing out: give elements a size so Leaflet has a viewport to fill. */
let restoreLayout: () => void;
beforeEach(() => {
  const w = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const h = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  restoreLayout = () => {
    if (w) Object.defineProperty(HTMLElement.prototype, 'clientWidth', w);
    if (h) Object.defineProperty(HTMLElement.prototype, 'clientHeight', h);
  };
});
afterEach(() => restoreLayout());

const regions = () => screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));

describe('Trips Map view: the panels', () => {
  it('places a Samsara and a GLE panel beside the route for a company that runs both, each drawing its track with labelled pins and titled with its figures and the change against the route', async () => {
    const io = stubIntersectionObserver();
    const { calls } = setup({ trip: tripOf(track(0.001), track(-0.001)), sources: [HERE, SAMSARA, GLE] });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });

    const samsara = await screen.findByRole('region', { name: 'SAMSARA track' });
    const gle = screen.getByRole('region', { name: 'GLE track' });
    expect(regions()).toEqual(['Route map', 'SAMSARA track', 'GLE track']);
    expect(await within(screen.getByRole('region', { name: 'Route map' })).findByTestId('panel-figures')).toHaveTextContent('358.3 mi · 5.65 h');

    // Samsara measured 13.1 mi more than the route: red; GLE 8.1 mi less: green.
    expect(within(samsara).getByTestId('telematics-figures')).toHaveTextContent('371.4 mi · 6.35 h');
    expect(within(samsara).getByTestId('telematics-method')).toHaveTextContent('Odometer');
    const up = within(samsara).getByTestId('telematics-change');
    expect(up).toHaveTextContent('+13.1 mi vs route');
    expect(up).toHaveClass('text-red-600');
    expect(within(gle).getByTestId('telematics-figures')).toHaveTextContent('350.2 mi · 5.90 h');
    expect(within(gle).getByTestId('telematics-method')).toHaveTextContent('GPS track');
    const down = within(gle).getByTestId('telematics-change');
    expect(down).toHaveTextContent('-8.1 mi vs route');
    expect(down).toHaveClass('text-green-600');
    expect(screen.queryByText(LIMITED_DATA.title)).not.toBeInTheDocument();

    // The trip comes from the API by truck and number; its titles by the id of the trip the map draws.
    const routeData = calls.find((c) => c.url.pathname.endsWith('/trips/route-data'))!;
    expect(Object.fromEntries(routeData.url.searchParams)).toEqual({ truckId: '12', number: 'LD-1001', identifierType: 'LOAD_NUMBER' });
    expect(calls.some((c) => c.url.pathname.endsWith('/trips/7/map-summary'))).toBe(true);
    expect(calls.some((c) => c.url.pathname.endsWith('/trips/summary'))).toBe(false);

    // Once on screen, each telematics panel draws the fixes that reached the stops as pins labelled with the stop type.
    io.show(1);
    expect(await within(samsara).findByRole('button', { name: 'Stop A, START: START reached' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(samsara).getByRole('button', { name: 'Stop C, DELIVERY: DELIVERY reached' })).toBeInTheDocument();
    expect(await within(gle).findByRole('button', { name: 'Stop B, PICKUP: PICKUP reached' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Route map' })).getByRole('button', { name: 'Stop A, START: Chicago, IL, United States' })).toBeInTheDocument();
  });

  it("View Report on a panel opens that source's report, read from GET /trips/{id}/map-report", async () => {
    stubIntersectionObserver();
    setup({ trip: tripOf(track(0.001), track(-0.001)), sources: [HERE, SAMSARA, GLE] });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });
    const user = userEvent.setup();
    const rowsOf = (dialog: HTMLElement) =>
      within(dialog)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        );

    await user.click(within(await screen.findByRole('region', { name: 'SAMSARA track' })).getByRole('button', { name: 'View Report' }));
    let dialog = await screen.findByRole('dialog', { name: 'SAMSARA Trip Report - LD-1001' });
    await within(dialog).findByRole('table');
    expect(rowsOf(dialog)).toEqual([
      ['START', 'Chicago, IL', '0.0 mi', '0.0 mi', '0.00 h'],
      ['PICKUP', 'Indianapolis, IN', '190.4 mi', '190.4 mi', '3.00 h'],
      ['DELIVERY', 'Columbus, OH', '181.0 mi', '371.4 mi', '3.00 h'],
      ['Total', '371.4 mi', '371.4 mi', '6.00 h'],
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('region', { name: 'GLE track' })).getByRole('button', { name: 'View Report' }));
    dialog = await screen.findByRole('dialog', { name: 'GLE Trip Report - LD-1001' });
    expect(rowsOf(dialog)[1]).toEqual(['PICKUP', 'Indianapolis, IN', '172.0 mi', '172.0 mi', '3.00 h']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('region', { name: 'Route map' })).getByRole('button', { name: 'View Report' }));
    dialog = await screen.findByRole('dialog', { name: 'HERE Trip Report - LD-1001' });
    expect(rowsOf(dialog)[2]).toEqual(['DELIVERY', 'Columbus, OH', '175.1 mi', '358.3 mi', '3.00 h']);
  });

  it("View Report of a source beyond the company's tolerance carries the panel's marker and sentence; a source within it carries none", async () => {
    stubIntersectionObserver();
    const full = { legs: 2, legsMeasured: 2, pct: 100 };
    // The summary of a completed trip carries its company's rule: routed miles within 3 %.
    setup({
      trip: tripOf(track(0.001), track(-0.001)),
      sources: [HERE, { ...SAMSARA, coverage: full }, { ...GLE, coverage: full }],
      payRule: { payBasis: 'ROUTED', tolerancePct: 3 },
    });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });
    const user = userEvent.setup();
    const sentence = 'SAMSARA 371.4 mi is 3.7 % over the pay basis (routed 358.3 mi; tolerance 3 %)';
    const panel = await screen.findByRole('region', { name: 'SAMSARA track' });
    await waitFor(() => expect(within(panel).getByTestId('panel-beyond-tolerance')).toHaveAttribute('title', sentence));

    await user.click(within(panel).getByRole('button', { name: 'View Report' }));
    let dialog = await screen.findByRole('dialog', { name: 'SAMSARA Trip Report - LD-1001' });
    expect(within(dialog).getByTestId('panel-beyond-tolerance')).toHaveAttribute('title', sentence);
    expect(within(dialog).getByTestId('panel-beyond-tolerance')).toHaveTextContent(`Beyond tolerance: ${sentence}`);
    expect(within(dialog).getByTestId('panel-beyond-tolerance-sentence')).toHaveTextContent(sentence);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // GLE 350.2 mi is 2.3 % under routed 358.3 mi: within 3 %, no marker in its panel or its report.
    await user.click(within(screen.getByRole('region', { name: 'GLE track' })).getByRole('button', { name: 'View Report' }));
    dialog = await screen.findByRole('dialog', { name: 'GLE Trip Report - LD-1001' });
    await within(dialog).findByRole('table');
    expect(within(dialog).queryByTestId('panel-beyond-tolerance')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('panel-beyond-tolerance-sentence')).not.toBeInTheDocument();
  });

  it("an integration the company runs without a track for the trip shows the amber 'Limited Data Available' notice in its panel, not figures", async () => {
    stubIntersectionObserver();
    setup({ trip: tripOf(track(0.001), null), sources: [HERE, SAMSARA, GLE_EMPTY] });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });
    const gle = await screen.findByRole('region', { name: 'GLE track' });
    const notice = within(gle).getByRole('status');
    expect(notice).toHaveTextContent(LIMITED_DATA.title);
    expect(notice).toHaveTextContent(LIMITED_DATA.text);
    expect(within(gle).queryByTestId('telematics-figures')).not.toBeInTheDocument();
    expect(screen.getAllByText(LIMITED_DATA.title)).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'SAMSARA track' })).getByTestId('telematics-figures')).toHaveTextContent('371.4 mi');
  });

  it('a company without Samsara or GLE: only the route panel, with the notice (its figures come from the stops only)', async () => {
    stubIntersectionObserver();
    setup({ trip: tripOf(null, null), sources: [HERE] });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });
    const route = await screen.findByRole('region', { name: 'Route map' });
    expect(await within(route).findByText(LIMITED_DATA.title)).toBeInTheDocument();
    expect(regions()).toEqual(['Route map']);
  });

  it('distances follow the KM setting', async () => {
    stubIntersectionObserver();
    setup({ trip: tripOf(track(0.001), track(-0.001)), sources: [HERE, SAMSARA, GLE], distanceUnit: 'KM' });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });
    const samsara = await screen.findByRole('region', { name: 'SAMSARA track' });
    await waitFor(() => expect(within(samsara).getByTestId('telematics-figures')).toHaveTextContent('597.7 km · 6.35 h'));
    expect(within(samsara).getByTestId('telematics-change')).toHaveTextContent('+21.1 km vs route');
    expect(await within(screen.getByRole('region', { name: 'Route map' })).findByTestId('panel-figures')).toHaveTextContent('576.6 km');
  });

  it("an estimated route says its basis in the panel's title: the fitted default band, in the user's unit", async () => {
    stubIntersectionObserver();
    const estimated = {
      ...ROUTE,
      source: 'ESTIMATE',
      estimateReason: 'NO_KEY',
      estimateBasis: { kind: 'DEFAULT', band: 'FROM_100', factor: 1.219, sampleSize: null, p25: null, p75: null },
    };
    setup({ trip: tripOf(null, null), sources: [{ ...HERE, method: 'ESTIMATE' }], route: estimated, distanceUnit: 'KM' });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });
    const route = await screen.findByRole('region', { name: 'Route map' });
    expect(await within(route).findByTestId('estimate-basis')).toHaveTextContent('Estimate: default × 1.22 for 161–805 km (fitted on road miles between US cities)');
  });

  it('a HERE route has no basis line', async () => {
    stubIntersectionObserver();
    setup({ trip: tripOf(null, null), sources: [HERE] });
    renderWithApp(<View />, { user: makeUser(['CAN_VIEW_TRIP_MAP']) });
    const route = await screen.findByRole('region', { name: 'Route map' });
    await within(route).findByTestId('panel-figures');
    expect(within(route).queryByTestId('estimate-basis')).toBeNull();
  });

  it('the Routes screen (map only) shows the route panel alone and never asks for the other sources', async () => {
    stubIntersectionObserver();
    const { calls } = setup({ trip: tripOf(track(0.001), track(-0.001)), sources: [HERE, SAMSARA, GLE] });
    renderWithApp(<View mapOnly />, { user: makeUser(['CAN_SHOW_ROUTES']) });
    expect(await within(await screen.findByRole('region', { name: 'Route map' })).findByTestId('panel-figures')).toHaveTextContent('358.3 mi');
    expect(regions()).toEqual(['Route map']);
    expect(screen.queryByText(LIMITED_DATA.title)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/map-summary'))).toBe(false);
  });
});
