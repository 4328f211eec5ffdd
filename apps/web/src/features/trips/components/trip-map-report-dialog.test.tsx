import { screen, within } from '@testing-library/react';
import type { TripDetail } from '@milepost/contracts/trips-api';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { TripMapReportDialog, cityOf } from './trip-map-report-dialog';

const mi = (miles: number) => miles / 0.000621371;
const stop = (id: number, stopType: string, address: string, miles: number | null, total: number | null, hours: number | null) => ({
  id, address, latitude: 40, longitude: -90, stopType, loadStatus: 'EMPTY', orderIndex: id,
  distance: miles === null ? null : mi(miles), totalDistance: total === null ? null : mi(total), duration: hours === null ? null : hours * 3600,
});

describe('TripMapReportDialog', () => {
  it("titles '{TYPE} Trip Report - {load}' and lists Stop Type, City, Miles, Total Miles, Hours with a totals row", async () => {
    mockApi({ 'GET /user-route-setting/1': () => ({ id: 1, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' }) });
    const trip = {
      tripStops: [
        stop(1, 'START', 'Chicago, IL, United States', 0, 0, 0),
        stop(2, 'PICKUP', 'Indianapolis, IN 46204, United States', 183.2, 183.2, 2.9),
        stop(3, 'DELIVERY', 'Columbus, OH, United States', 175.1, 358.3, 2.75),
      ],
    } as unknown as TripDetail;
    renderWithApp(<TripMapReportDialog trip={trip} number="LD-1001" source={null} open onOpenChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByRole('heading', { name: 'HERE Trip Report - LD-1001' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Stop Type', 'City', 'Miles', 'Total Miles', 'Hours']);
    const rows = screen.getAllByRole('row').slice(1, 4).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows[1]).toEqual(['PICKUP', 'Indianapolis, IN', '183.2 mi', '183.2 mi', '2.90 h']);
    expect(screen.getByTestId('report-totals')).toHaveTextContent('Total358.3 mi358.3 mi5.65 h');
  });

  it('reads the city and state from an address', () => {
    expect(cityOf('123 Main St, Dallas, TX 75201, United States')).toBe('Dallas, TX');
    expect(cityOf('Somewhere')).toBe('Somewhere');
  });
});
