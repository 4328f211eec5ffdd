import type { TripRow } from '@milepost/contracts/trips-api';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { TripsScreen } from './trips-screen';

/** The trips list's mileage columns (docs/product/trips.md): the user's unit, and estimates marked as such. */
const row = (id: number, loadNumber: string, routeSource: TripRow['routeSource']): TripRow => ({
  id,
  truckId: 1,
  driverId: 2,
  unitNumber: '101',
  driverName: 'Sam Hill',
  assignUserName: null,
  companyName: 'Acme Freight',
  loadNumber,
  trailerNumber: null,
  identifierType: 'LOAD_NUMBER',
  dispatcherName: null,
  miles: 450,
  totalEmpty: 50,
  pu: 50,
  trl: 0,
  totalMiles: 500,
  routeSource,
  payableMileage: 505,
  loadedMiles: 455,
  emptyMiles: 50,
  pickupLocation: 'Chicago, IL',
  deliveryLocation: 'Dallas, TX',
  isRecoveryLoad: false,
  recoveryReasonName: null,
  pickupDateTime: '03/02/2026 09:00:00',
  updated: '2026-03-02T15:00:00.000Z',
  tripStatus: 'IN_TRANSIT',
});
const ROUTED = row(1, 'L-HERE', 'HERE');
const ESTIMATED = row(2, 'L-EST', 'ESTIMATE');
const SETTING = { id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' };
// TOTAL MILES and Payable Mileage come first: pay rests on them, and a laptop sees them without scrolling.
const HEADERS = ['TOTAL MILES', 'Payable Mileage', 'Miles', 'Total Empty', 'PU', 'TRL', 'Loaded Miles', 'Empty Miles'];
const KM_HEADERS = ['TOTAL KM', 'Payable km', 'km', 'Total Empty (km)', 'PU (km)', 'TRL (km)', 'Loaded km', 'Empty km'];

function renderList(distanceUnit: 'MILES' | 'KM') {
  mockApi({ 'GET /trips': () => page([ROUTED, ESTIMATED]), 'GET /user-route-setting/1': () => ({ ...SETTING, distanceUnit }) });
  renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <TripsScreen title="Trips" search={{}} onSearchChange={() => {}} />
    </div>,
    { user: makeUser(['CAN_SHOW_TRIPS']), path: '/trips' },
  );
}

/** The mileage cells of the row whose load is `load`, in column order, keyed by header. */
function mileage(load: string): Record<string, { text: string; estimate: boolean }> {
  const table = screen.getByRole('table', { name: 'Trips' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim() ?? '');
  const tr = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(load))!;
  const cells = within(tr).getAllByRole('cell');
  const out: Record<string, { text: string; estimate: boolean }> = {};
  headers.forEach((h, i) => {
    if (!HEADERS.includes(h) && !KM_HEADERS.includes(h)) return;
    const cell = cells[i]!;
    out[h] = { text: cell.textContent ?? '', estimate: cell.querySelector('[data-source="ESTIMATE"]') !== null };
  });
  return out;
}

let restore: () => void;
beforeEach(() => {
  restore = stubElementHeight();
});
afterEach(() => restore());

describe('Trips list mileage columns', { timeout: 20_000 }, () => {
  it('shows miles as routed, and marks the routed figures of an estimated trip "≈ … est." with the reason on hover', async () => {
    renderList('MILES');
    await screen.findByText('L-EST', {}, { timeout: 5000 });
    await waitFor(() => expect(Object.keys(mileage('L-HERE'))).toEqual(HEADERS));
    const routed = mileage('L-HERE');
    expect(routed.Miles).toEqual({ text: '450.0', estimate: false });
    expect(routed['TOTAL MILES']).toEqual({ text: '500.0', estimate: false });

    const estimated = mileage('L-EST');
    for (const h of ['Miles', 'Total Empty', 'PU', 'TRL', 'TOTAL MILES']) expect(estimated[h]!.estimate, h).toBe(true);
    expect(estimated.Miles!.text).toBe('≈ 450.0 mi est.');
    expect(estimated['TOTAL MILES']!.text).toBe('≈ 500.0 mi est.');
    // Figures entered by staff are not the routing's estimate.
    expect(estimated['Payable Mileage']).toEqual({ text: '505.0', estimate: false });
    const marker = screen.getByRole('row', { name: /L-EST/ }).querySelector('[data-source="ESTIMATE"]')!;
    expect(marker).toHaveAttribute('title', expect.stringMatching(/^Estimate/));
  });

  it('follows the user’s unit: KM converts every mileage column and says so in the header', async () => {
    renderList('KM');
    await screen.findByText('L-EST', {}, { timeout: 5000 });
    await waitFor(() => expect(Object.keys(mileage('L-HERE'))).toEqual(KM_HEADERS));
    const routed = mileage('L-HERE');
    expect(routed.km!.text).toBe('724.2');
    expect(routed['TOTAL KM']!.text).toBe('804.7');
    // Figures staff enter follow the unit too (stored in miles: 505 mi = 812.7 km).
    expect(routed['Payable km']!.text).toBe('812.7');
    expect(routed['Loaded km']!.text).toBe('732.3');
    expect(mileage('L-EST')['TOTAL KM']).toEqual({ text: '≈ 804.7 km est.', estimate: true });
  });
});
