import { encodeColumns } from '@milepost/geo/flexpolyline';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { LIMITED_DATA_TEXTS, TelematicsMapPanel, changeAgainstPrimary, telematicsDrawing } from './telematics-map-panel';

const location = {
  polyline: encodeColumns({ lat: [41.8781, 41.5, 40.1], lng: [-87.6298, -88.1, -88.9] }),
  distance: 321_868.8, // 200 mi
  duration: 4.5 * 3600,
  nearbyPoints: [
    { type: 'START' as const, lat: 41.8781, lng: -87.6298 },
    { type: 'DELIVERY' as const, lat: 40.1, lng: -88.9 },
  ],
};

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

  it('titles the panel with miles and hours and the change against the route: red when higher, green when lower', async () => {
    stubIntersectionObserver();
    const onViewReport = vi.fn();
    const { rerender } = render(
      <TelematicsMapPanel source="SAMSARA" location={location} primary={{ distance: 300_000 }} tiles={{ provider: 'OFFLINE' }} onViewReport={onViewReport} />,
    );
    const panel = screen.getByRole('region', { name: 'SAMSARA track' });
    expect(screen.getByTestId('telematics-figures')).toHaveTextContent('200.0 mi · 4.50 h');
    const change = screen.getByTestId('telematics-change');
    expect(change).toHaveTextContent('+13.6 mi vs route');
    expect(change).toHaveClass('text-red-600');
    expect(panel).not.toHaveTextContent(LIMITED_DATA_TEXTS.title);
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Report' }));
    expect(onViewReport).toHaveBeenCalledTimes(1);

    rerender(<TelematicsMapPanel source="GLE" location={location} primary={{ distance: 350_000 }} tiles={{ provider: 'OFFLINE' }} unit="KM" />);
    expect(screen.getByTestId('telematics-figures')).toHaveTextContent('321.9 km · 4.50 h');
    expect(screen.getByTestId('telematics-change')).toHaveTextContent('-28.1 km vs route');
    expect(screen.getByTestId('telematics-change')).toHaveClass('text-green-600');
  });

  it("shows the amber 'Limited Data Available' notice when the integration has no data for the trip", () => {
    stubIntersectionObserver();
    render(<TelematicsMapPanel source="GLE" location={null} primary={{ distance: 300_000 }} tiles={{ provider: 'OFFLINE' }} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(LIMITED_DATA_TEXTS.title);
    expect(notice).toHaveTextContent(LIMITED_DATA_TEXTS.text);
    expect(screen.queryByTestId('telematics-figures')).not.toBeInTheDocument();
    expect(changeAgainstPrimary(1000, null, 'MILES')).toBeNull();
    expect(changeAgainstPrimary(1000, 1010, 'MILES')).toBe(0);
  });
});
