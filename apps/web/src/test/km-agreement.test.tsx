import type { TripMileStats } from '@milepost/contracts/mile-stats-api';
import type { TripRouteData } from '@milepost/contracts/route-data-api';
import type { MapSourceReport, MapSourceSummary } from '@milepost/contracts/trip-map-api';
import type { ReportRow } from '@milepost/contracts/trip-statistics-api';
import type { TripRow } from '@milepost/contracts/trips-api';
import { milesToMetres } from '@milepost/geo/units';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { MileageReportDialog } from '@/features/mileage/components/mileage-report-dialog';
import { ReportsScreen } from '@/features/reports/components/reports-screen';
import { TripMapReportDialog } from '@/features/trips/components/trip-map-report-dialog';
import { TripMapView } from '@/features/trips/components/trip-map-view';
import { TripsScreen } from '@/features/trips/components/trips-screen';
import type { TripsSearch } from '@/features/trips/trips-search';

// The chart draws on a canvas, which the test DOM does not have.
vi.mock('@/features/reports/components/reports-chart', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

/**
 * One trip, in KM (docs/decisions/020-one-unit.md): its TOTAL MILES (835.7 mi, estimated: no HERE route) and
 * its Payable Mileage (835.7 mi, entered) read the same 1 344.9 km on the trips list, in the
 * Mileage Report, in the map panel's title and its report, and in Reports — each with the
 * estimate's one hover where the figure is an estimate, and no header reading "Miles (km)".
 */
const TOTAL_MI = 835.7;
const KM_TEXT = '1 344.9';
const MI = milesToMetres(1);
const BASIS = { kind: 'COMPANY', band: 'LONG', factor: 1.0812, sampleSize: 212, p25: 1.05, p75: 1.12 } as const;
const SETTING = { id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'KM' };

const TRIP_ROW: TripRow = {
  id: 7,
  truckId: 12,
  driverId: 2,
  unitNumber: '101',
  driverName: 'Sam Hill',
  assignUserName: null,
  companyName: 'Acme Freight',
  loadNumber: 'LD-1001',
  trailerNumber: null,
  identifierType: 'LOAD_NUMBER',
  dispatcherName: null,
  miles: 785.7,
  totalEmpty: 50,
  pu: 50,
  trl: 0,
  totalMiles: TOTAL_MI,
  routeSource: 'ESTIMATE',
  routeEstimateBasis: BASIS,
  payableMileage: TOTAL_MI,
  loadedMiles: 785.7,
  emptyMiles: 50,
  pickupLocation: 'Chicago, IL',
  deliveryLocation: 'Dallas, TX',
  isRecoveryLoad: false,
  recoveryReasonName: null,
  pickupDateTime: '03/02/2026 09:00:00',
  updated: '2026-03-02T15:00:00.000Z',
  tripStatus: 'COMPLETED',
};

const STATS: TripMileStats = {
  hereStats: { miles: 785.7, totalEmpty: 50, pu: 50, trl: 0, totalMiles: TOTAL_MI, totalOdometers: null, legs: [] },
  routeSource: 'ESTIMATE',
  routeEstimateBasis: BASIS,
  samsaraStats: null,
  gleStats: null,
  samsaraFetchedAt: null,
  gleFetchedAt: null,
  manualStats: { payableMileage: TOTAL_MI, emptyMiles: 50, loadedMiles: 785.7, version: 3 },
};

const STOPS = [
  { lat: 41.8781, lng: -87.6298, type: 'START', address: 'Chicago, IL, United States' },
  { lat: 32.7767, lng: -96.797, type: 'DELIVERY', address: 'Dallas, TX, United States' },
] as const;
const ROUTE_DATA = {
  id: 7,
  truckId: 12,
  loadNumber: 'LD-1001',
  trailerNumber: null,
  identifierType: 'LOAD_NUMBER',
  samsaraLocation: null,
  gleLocation: null,
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
} as unknown as TripRouteData;
const ROUTE = {
  source: 'ESTIMATE',
  estimateReason: 'NO_KEY',
  estimateBasis: BASIS,
  routes: [{ legs: [{ distance: TOTAL_MI * MI, duration: 13 * 3600, polyline: '' }], distance: TOTAL_MI * MI, duration: 13 * 3600, notices: [], truckRestricted: false }],
};
const HERE_SUMMARY: MapSourceSummary = { type: 'here', method: 'ESTIMATE', distance: TOTAL_MI * MI, duration: 13 * 3600, estimateBasis: BASIS };
const HERE_REPORT: MapSourceReport = {
  type: 'here',
  method: 'ESTIMATE',
  estimateBasis: BASIS,
  rows: [
    { stopType: 'START', city: 'Chicago, IL', distance: 0, totalDistance: 0, duration: 0 },
    { stopType: 'DELIVERY', city: 'Dallas, TX', distance: TOTAL_MI * MI, totalDistance: TOTAL_MI * MI, duration: 13 * 3600 },
  ],
  totals: { distance: TOTAL_MI * MI, duration: 13 * 3600 },
};
const REPORT_ROW: ReportRow = {
  periodGroup: '03/02/2026 - 03/08/2026',
  periodStart: '03/02/2026 00:00:00',
  periodEnd: '03/08/2026 23:59:59',
  truckCount: 1,
  loadCount: 1,
  totalMiles: TOTAL_MI,
  totalEmptyMiles: 50,
  totalPuMiles: 50,
  totalTrlMiles: 0,
  totalLoadedMiles: 785.7,
  totalPayableMileage: TOTAL_MI,
  emptyMiles: 50,
  loadedMiles: 785.7,
  telematicsLoadCount: 0,
  plannedMiles: null,
  actualMiles: null,
  milesDifference: null,
  dataCoverage: 0,
  estimateLoadCount: 1,
  noPayableLoadCount: 0,
};

function api() {
  return mockApi({
    'GET /user-route-setting/1': () => SETTING,
    'GET /trips': () => page([TRIP_ROW]),
    'GET /mile-stats/7': () => STATS,
    'GET /trips/7/state-miles': () => ({ sources: [] }),
    'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
    'GET /trips/route-data': () => ROUTE_DATA,
    'POST /routing/routes': () => ROUTE,
    'GET /trips/7/map-summary': () => ({ tripId: 7, truckId: 12, identifierType: 'LOAD_NUMBER', number: 'LD-1001', sources: [HERE_SUMMARY] }),
    'GET /trips/7/map-report': () => ({ tripId: 7, truckId: 12, identifierType: 'LOAD_NUMBER', number: 'LD-1001', sources: [HERE_REPORT] }),
    'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: [REPORT_ROW], noPayableCount: 0 }),
  });
}

const user = makeUser(['CAN_SHOW_TRIPS', 'CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_VIEW_TRIP_MAP', 'CAN_SHOW_REPORTS']);
const wait = { timeout: 8000 };
/** What each screen showed for the trip's TOTAL MILES: its text and its hover. */
const seen: Record<string, { text: string; hover: string | null }> = {};
const estimateOf = (el: Element) => {
  const figure = el.matches('[data-source="ESTIMATE"]') ? el : el.querySelector('[data-source="ESTIMATE"]');
  return { text: (el.textContent ?? '').trim(), hover: figure?.getAttribute('title') ?? null };
};
const noMilesKm = () => expect(document.body.textContent).not.toMatch(/miles \(km\)|mileage \(km\)/i);

let restore: () => void;
beforeEach(() => {
  restore = stubElementHeight(720);
  const w = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  const h = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  const restoreHeight = restore;
  restore = () => {
    restoreHeight();
    if (w) Object.defineProperty(HTMLElement.prototype, 'clientWidth', w);
    if (h) Object.defineProperty(HTMLElement.prototype, 'clientHeight', h);
  };
});
afterEach(() => restore());

describe('one trip in KM: every screen shows the same distance', { timeout: 30_000 }, () => {
  it('the trips list', async () => {
    api();
    renderWithApp(
      <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
        <TripsScreen title="Trips" search={{}} onSearchChange={() => {}} />
      </div>,
      { user, path: '/trips' },
    );
    await screen.findByText('LD-1001', {}, wait);
    const table = screen.getByRole('table', { name: 'Trips' });
    await waitFor(
      () =>
        expect(
          within(table)
            .getAllByRole('columnheader')
            .some((h) => h.textContent?.trim() === 'TOTAL KM'),
        ).toBe(true),
      wait,
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim() ?? '');
    const cells = within(
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes('LD-1001'))!,
    ).getAllByRole('cell');
    seen.list = estimateOf(cells[headers.indexOf('TOTAL KM')]!);
    expect(cells[headers.indexOf('Payable km')]!.textContent).toBe(KM_TEXT);
    noMilesKm();
  });

  it('the Mileage Report: the routing row, and the payable entered, in km', async () => {
    api();
    renderWithApp(<MileageReportDialog trip={{ id: 7, number: 'LD-1001' }} onOpenChange={() => {}} />, { user });
    const table = await screen.findByRole('table', { name: 'Mileage by source' }, wait);
    await waitFor(
      () =>
        expect(
          within(table)
            .getAllByRole('columnheader')
            .map((h) => h.textContent),
        ).toContain('TOTAL KM'),
      wait,
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    const routing = within(table).getAllByRole('row')[1]!;
    expect(within(routing).getByRole('rowheader')).toHaveTextContent(/^Estimate/);
    seen.mileageReport = estimateOf(within(routing).getAllByRole('cell')[headers.indexOf('TOTAL KM') - 1]!);
    expect(screen.getByLabelText('PAYABLE KM')).toHaveValue(KM_TEXT.replace(' ', ''));
    noMilesKm();
  });

  it("the map panel's title and its report", async () => {
    api();
    function View() {
      const [search, setSearch] = useState<TripsSearch>({ truckId: 12, truckLabel: 'T-12', loadNumber: 'LD-1001', showRoute: true });
      return <TripMapView title="Trips" search={search} onSearchChange={(patch) => setSearch((s) => ({ ...s, ...patch }))} />;
    }
    const { unmount } = renderWithApp(<View />, { user });
    const figures = await within(await screen.findByRole('region', { name: 'Route map' }, wait)).findByTestId('panel-figures', {}, wait);
    seen.mapTitle = estimateOf(figures);
    unmount();

    api();
    renderWithApp(<TripMapReportDialog type="here" tripId={7} number="LD-1001" open onOpenChange={() => {}} />, { user });
    const totals = await screen.findByTestId('report-totals', {}, wait);
    await waitFor(() => expect(totals.textContent).toContain('km'), wait);
    seen.mapReport = estimateOf(within(totals).getAllByRole('cell')[2]!);
    noMilesKm();
  });

  it('Reports', async () => {
    api();
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />, { user });
    await screen.findByText('Total: 1 record', undefined, wait);
    await waitFor(() => expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.trim() === 'Total km')).toBe(true), wait);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim() ?? '');
    const cells = within(screen.getByRole('link', { name: REPORT_ROW.periodGroup }).closest('[role="row"]') as HTMLElement).getAllByRole('cell');
    seen.reports = estimateOf(cells[headers.indexOf('Total km')]!);
    expect(cells[headers.findIndex((h) => h.startsWith('Total Payable km'))]!.textContent).toBe(KM_TEXT);
    noMilesKm();
  });

  afterAll(() => {
    // Checked once every screen was read: the same km figure everywhere, marked as the estimate, with the one hover.
    expect(Object.keys(seen).sort()).toEqual(['list', 'mapReport', 'mapTitle', 'mileageReport', 'reports']);
    for (const [where, { text, hover }] of Object.entries(seen)) {
      expect(text, where).toContain(`≈ ${KM_TEXT}`);
      expect(text, where).not.toMatch(/\bmi\b/);
      expect(hover, where).toContain('Estimate (no HERE route)');
    }
    // Where a single trip is shown, the hover names its company's factor; Reports sum many trips and send to them.
    for (const where of ['list', 'mileageReport', 'mapTitle', 'mapReport']) expect(seen[where]!.hover, where).toContain('× 1.08 from 212 of your legs');
    expect(seen.reports!.hover).toContain("Each trip's factor");
  });
});
