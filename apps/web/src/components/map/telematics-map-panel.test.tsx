import type { MapSourceSummary } from '@milepost/contracts/trip-map-api';
import { encodeColumns } from '@milepost/geo/flexpolyline';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { makeUser, renderWithApp } from '@/test/render';
import { LIMITED_DATA } from './limited-data-notice';
import { TelematicsMapPanel, changeAgainstPrimary, panelsBeyondTolerance, telematicsDrawing } from './telematics-map-panel';

const location = {
  polyline: encodeColumns({ lat: [41.8781, 41.5, 40.1], lng: [-87.6298, -88.1, -88.9] }),
  distance: 330_000, // the whole cleaned track; the title reads the summary's figures
  duration: 5 * 3600,
  nearbyPoints: [
    { type: 'START' as const, lat: 41.8781, lng: -87.6298 },
    { type: 'DELIVERY' as const, lat: 40.1, lng: -88.9 },
  ],
};
const figures = (over: Partial<MapSourceSummary> = {}): MapSourceSummary => ({
  type: 'samsara',
  method: 'ODOMETER',
  distance: 321_868.8 /* 200 mi */,
  duration: 4.5 * 3600,
  ...over,
});
const tiles = { provider: 'OFFLINE' } as const;
const stops = [{ lat: 41.8781, lng: -87.6298, stopType: 'START' as const, title: 'Chicago, IL' }];

function withUnit(distanceUnit: 'MILES' | 'KM') {
  stubIntersectionObserver();
  mockApi({ 'GET /user-route-setting/1': () => ({ id: 1, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit }) });
}

describe('Telematics map panel', () => {
  it('draws the stored track as one line and the matched fixes as pins labelled with their stop type', () => {
    const d = telematicsDrawing(location);
    expect(d.routes).toEqual([
      {
        legs: [
          [
            [41.8781, -87.6298],
            [41.5, -88.1],
            [40.1, -88.9],
          ],
        ],
      },
    ]);
    expect(d.stops).toEqual([
      { lat: 41.8781, lng: -87.6298, stopType: 'START', title: 'START reached' },
      { lat: 40.1, lng: -88.9, stopType: 'DELIVERY', title: 'DELIVERY reached' },
    ]);
    expect(telematicsDrawing(null)).toEqual({ routes: [], stops: [] });
    expect(telematicsDrawing({ ...location, polyline: '' })).toEqual({ routes: [], stops: [] });
  });

  it('splits the hours into driving and, apart, time at stops when the summary has the dwell', async () => {
    withUnit('MILES');
    // 4.5 h from the first stop to the last, 1.25 h of it stood still.
    renderWithApp(
      <TelematicsMapPanel
        source="samsara"
        location={location}
        figures={{ ...figures(), dwell: 4500 }}
        primary={{ distance: 300_000, source: 'HERE' }}
        stops={stops}
        tiles={tiles}
      />,
      {
        user: makeUser([]),
      },
    );
    const panel = await screen.findByRole('region', { name: 'SAMSARA track' });
    expect(within(panel).getByTestId('telematics-figures')).toHaveTextContent('200.0 mi · 3.25 h driving · 1.25 h at stops');
    expect(within(panel).getByTestId('telematics-driving')).toHaveTextContent('3.25 h driving');
    expect(within(panel).getByTestId('telematics-dwell')).toHaveTextContent('1.25 h at stops');
  });

  it('titles the panel with the summary miles and hours, how they were measured, and the change against the route: red when higher', async () => {
    withUnit('MILES');
    const onViewReport = vi.fn();
    renderWithApp(
      <TelematicsMapPanel
        source="samsara"
        location={location}
        figures={figures()}
        primary={{ distance: 300_000, source: 'HERE' }}
        stops={stops}
        tiles={tiles}
        onViewReport={onViewReport}
      />,
      {
        user: makeUser([]),
      },
    );
    const panel = await screen.findByRole('region', { name: 'SAMSARA track' });
    expect(within(panel).getByTestId('telematics-figures')).toHaveTextContent('200.0 mi · 4.50 h');
    expect(within(panel).getByTestId('telematics-method')).toHaveTextContent('Odometer');
    expect(within(panel).queryByTestId('telematics-dwell')).not.toBeInTheDocument();
    const change = within(panel).getByTestId('telematics-change');
    expect(change).toHaveTextContent('+13.6 mi vs route');
    expect(change).toHaveClass('text-red-600');
    expect(panel).not.toHaveTextContent(LIMITED_DATA.title);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'View Report' }));
    expect(onViewReport).toHaveBeenCalledTimes(1);
  });

  it('follows the KM setting; lower than the estimate is green and says it is against an estimate; a GPS figure says so', async () => {
    withUnit('KM');
    renderWithApp(
      <TelematicsMapPanel
        source="gle"
        location={location}
        figures={figures({ type: 'gle', method: 'GPS' })}
        primary={{ distance: 350_000, source: 'ESTIMATE' }}
        stops={stops}
        tiles={tiles}
      />,
      { user: makeUser([]) },
    );
    const panel = await screen.findByRole('region', { name: 'GLE track' });
    expect(await within(panel).findByText('321.9 km · 4.50 h')).toBeInTheDocument();
    expect(within(panel).getByTestId('telematics-method')).toHaveTextContent('GPS track');
    const change = within(panel).getByTestId('telematics-change');
    expect(change).toHaveTextContent('-28.1 km vs estimate');
    expect(change).toHaveClass('text-green-600');
  });

  it("shows the amber 'Limited Data Available' notice, and no figures, when the integration has no track for the trip", async () => {
    withUnit('MILES');
    renderWithApp(
      <TelematicsMapPanel
        source="gle"
        location={null}
        figures={figures({ type: 'gle', method: null, distance: null, duration: null })}
        primary={{ distance: 300_000, source: 'HERE' }}
        stops={stops}
        tiles={tiles}
      />,
      { user: makeUser([]) },
    );
    const notice = within(await screen.findByRole('region', { name: 'GLE track' })).getByRole('status');
    expect(notice).toHaveTextContent(LIMITED_DATA.title);
    expect(notice).toHaveTextContent(LIMITED_DATA.text);
    expect(screen.queryByTestId('telematics-figures')).not.toBeInTheDocument();
    expect(screen.queryByTestId('telematics-change')).not.toBeInTheDocument();
    expect(changeAgainstPrimary(1000, null, 'MILES')).toBeNull();
    expect(changeAgainstPrimary(1000, 1010, 'MILES')).toBe(0);
  });

  it('names the panels whose figure is beyond the tolerance of the pay basis (complete figures only)', () => {
    const text = (m: number) => `${(m / 1609.344).toFixed(1)} mi`;
    const full = { legs: 2, legsMeasured: 2, pct: 100 };
    const summary = {
      tripId: 1,
      truckId: 2,
      identifierType: 'LOAD_NUMBER' as const,
      number: 'LD-1',
      payRule: { payBasis: 'ROUTED' as const, tolerancePct: 3 },
      sources: [
        { type: 'here' as const, method: 'HERE' as const, distance: 321_868.8, duration: 3600 },
        figures({ distance: 321_868.8 * 1.05, coverage: full }),
        { ...figures({ distance: 321_868.8 * 0.5, coverage: { legs: 2, legsMeasured: 1, pct: 50 } }), type: 'gle' as const },
      ],
    };
    expect(panelsBeyondTolerance(summary, text)).toEqual({ samsara: 'SAMSARA 210.0 mi is 5.0 % over the pay basis (routed 200.0 mi; tolerance 3 %)' });
    expect(panelsBeyondTolerance({ ...summary, payRule: { payBasis: 'ROUTED', tolerancePct: 6 } }, text)).toEqual({});
    expect(panelsBeyondTolerance({ ...summary, payRule: null }, text)).toEqual({});
    // GPS is the basis: the route is 4.8 % under it.
    expect(panelsBeyondTolerance({ ...summary, payRule: { payBasis: 'ACTUAL', tolerancePct: 3 } }, text).here).toBe(
      'HERE route 200.0 mi is 4.8 % under the pay basis (GPS 210.0 mi; tolerance 3 %)',
    );
  });

  it('marks a figure beyond tolerance in the title and says it under the title', async () => {
    withUnit('MILES');
    const sentence = 'SAMSARA 210.0 mi is 5.0 % over the pay basis (routed 200.0 mi; tolerance 3 %)';
    renderWithApp(
      <TelematicsMapPanel
        source="samsara"
        location={location}
        figures={figures()}
        primary={{ distance: 300_000, source: 'HERE' }}
        stops={stops}
        tiles={tiles}
        beyondTolerance={sentence}
      />,
      { user: makeUser([]) },
    );
    const panel = await screen.findByRole('region', { name: 'SAMSARA track' });
    expect(within(panel).getByTestId('panel-beyond-tolerance')).toHaveAttribute('title', sentence);
    expect(within(panel).getByTestId('panel-beyond-tolerance-sentence')).toHaveTextContent(sentence);
  });
});
