import type { MapSourceReport, TripMapReport } from '@milepost/contracts/trip-map-api';
import { milesToMetres } from '@milepost/geo/units';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { TripMapReportDialog } from './trip-map-report-dialog';

const m = milesToMetres;
const row = (stopType: string, city: string, miles: number | null, total: number | null, hours: number | null) => ({
  stopType,
  city,
  distance: miles === null ? null : m(miles),
  totalDistance: total === null ? null : m(total),
  duration: hours === null ? null : hours * 3600,
});

const REPORT_SOURCES: MapSourceReport[] = [
  {
    type: 'here',
    method: 'HERE',
    rows: [row('START', 'Chicago, IL', 0, 0, 0), row('PICKUP', 'Indianapolis, IN', 183.2, 183.2, 2.9), row('DELIVERY', 'Columbus, OH', 175.1, 358.3, 2.75)],
    totals: { distance: m(358.3), duration: 5.65 * 3600 },
  },
  {
    type: 'samsara',
    method: 'ODOMETER',
    rows: [row('START', 'Chicago, IL', 0, 0, 0), row('PICKUP', 'Indianapolis, IN', 190.4, 190.4, 3.1), row('DELIVERY', 'Columbus, OH', 181.0, 371.4, 3.25)],
    totals: { distance: m(371.4), duration: 6.35 * 3600 },
  },
  {
    type: 'gle',
    method: null,
    rows: [row('START', 'Chicago, IL', null, null, null), row('PICKUP', 'Indianapolis, IN', null, null, null), row('DELIVERY', 'Columbus, OH', null, null, null)],
    totals: { distance: null, duration: null },
  },
];
const report: TripMapReport = { tripId: 7, truckId: 12, identifierType: 'LOAD_NUMBER', number: 'LD-1001', sources: REPORT_SOURCES };

function setup(distanceUnit: 'MILES' | 'KM' = 'MILES', reply: () => unknown = () => report) {
  return mockApi({
    'GET /user-route-setting/1': () => ({ id: 1, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit }),
    'GET /trips/7/map-report': reply,
  });
}

const bodyRows = () =>
  screen
    .getAllByRole('row')
    .slice(1, -1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('TripMapReportDialog', () => {
  it("titles '{TYPE} Trip Report - {load}' and lists that source's rows from GET /trips/{id}/map-report, with a totals row", async () => {
    const { calls } = setup();
    renderWithApp(<TripMapReportDialog type="samsara" tripId={7} number="LD-1001" open onOpenChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByRole('heading', { name: 'SAMSARA Trip Report - LD-1001' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'SAMSARA stops' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Stop Type', 'City', 'Miles', 'Total Miles', 'Hours']);
    expect(bodyRows()).toEqual([
      ['START', 'Chicago, IL', '0.0 mi', '0.0 mi', '0.00 h'],
      ['PICKUP', 'Indianapolis, IN', '190.4 mi', '190.4 mi', '3.10 h'],
      ['DELIVERY', 'Columbus, OH', '181.0 mi', '371.4 mi', '3.25 h'],
    ]);
    expect(screen.getByTestId('report-totals')).toHaveTextContent('Total371.4 mi371.4 mi6.35 h');
    expect(screen.getByText('Odometer readings.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/trips/7/map-report'))).toBe(true);
  });

  it("shows the HERE rows for 'here', in kilometres when the user's setting says KM", async () => {
    setup('KM');
    renderWithApp(<TripMapReportDialog type="here" tripId={7} number="LD-1001" open onOpenChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByRole('heading', { name: 'HERE Trip Report - LD-1001' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Total KM' })).toBeInTheDocument();
    expect(bodyRows()[1]).toEqual(['PICKUP', 'Indianapolis, IN', '294.8 km', '294.8 km', '2.90 h']);
    expect(screen.getByTestId('report-totals')).toHaveTextContent('Total576.6 km576.6 km5.65 h');
  });

  it("an estimated route's report says its basis: the company's own factor and legs", async () => {
    const basis = { kind: 'COMPANY', band: 'LONG', factor: 1.0812, sampleSize: 212, p25: 1.051, p75: 1.124 } as const;
    const estimated = { ...report, sources: [{ ...REPORT_SOURCES[0]!, method: 'ESTIMATE' as const, estimateBasis: basis }] };
    setup('MILES', () => estimated);
    renderWithApp(<TripMapReportDialog type="here" tripId={7} number="LD-1001" open onOpenChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByTestId('estimate-basis')).toHaveTextContent('Estimate: × 1.08 from 212 of your legs (middle half 1.05–1.12)');
  });

  it("a HERE route's report has no basis line", async () => {
    setup();
    renderWithApp(<TripMapReportDialog type="here" tripId={7} number="LD-1001" open onOpenChange={() => {}} />, { user: makeUser([]) });
    await screen.findByRole('table', { name: 'HERE stops' });
    expect(screen.queryByTestId('estimate-basis')).toBeNull();
  });

  it('a source without a track lists the stops without figures and says so; a failed call says why', async () => {
    setup();
    const { unmount } = renderWithApp(<TripMapReportDialog type="gle" tripId={7} number="LD-1001" open onOpenChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByText('Not measured: no figures from this source for the trip.')).toBeInTheDocument();
    expect(bodyRows().map((r) => r.slice(2).join(''))).toEqual(['', '', '']);
    unmount();

    setup('MILES', () => apiError(404, 'Trip not found.', 'NOT_FOUND'));
    renderWithApp(<TripMapReportDialog type="samsara" tripId={7} number="LD-1001" open onOpenChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByText('Trip not found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
