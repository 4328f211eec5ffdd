import type { TripRow } from '@milepost/contracts/trips-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { TripsScreen } from './trips-screen';

const ROW: TripRow = {
  id: 42,
  truckId: 1,
  driverId: 2,
  unitNumber: '101',
  driverName: 'Sam Hill',
  assignUserName: null,
  companyName: 'Acme Freight',
  loadNumber: 'L-42',
  trailerNumber: null,
  identifierType: 'LOAD_NUMBER',
  dispatcherName: null,
  miles: 450,
  totalEmpty: 50,
  pu: 50,
  trl: 0,
  totalMiles: 500,
  routeSource: 'HERE',
  payableMileage: null,
  loadedMiles: null,
  emptyMiles: null,
  pickupLocation: 'Chicago, IL',
  deliveryLocation: 'Dallas, TX',
  isRecoveryLoad: false,
  recoveryReasonName: null,
  pickupDateTime: '03/02/2026 09:00:00',
  updated: '2026-03-02T15:00:00.000Z',
  tripStatus: 'IN_TRANSIT',
};

function renderScreen(permissions: string[]) {
  mockApi({ 'GET /trips': () => page([ROW]) });
  const onMileageReport = vi.fn();
  renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <TripsScreen title="Trips" search={{}} onSearchChange={() => {}} onMileageReport={onMileageReport} />
    </div>,
    { user: makeUser(permissions), path: '/trips' },
  );
  return onMileageReport;
}

let restore: () => void;
beforeEach(() => {
  restore = stubElementHeight();
});
afterEach(() => restore());

// The whole Trips screen renders (table, filters): give it time on a busy machine.
describe('Trips row menu', { timeout: 20_000 }, () => {
  it('offers Mileage Report with CAN_VIEW_MILEAGE_REPORT_TRIP and opens it for the row', async () => {
    const onMileageReport = renderScreen(['CAN_SHOW_TRIPS', 'CAN_VIEW_MILEAGE_REPORT_TRIP']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for L-42' }, { timeout: 5000 }));
    // The menu's code loads on this first click (components/ui/lazy-layer.tsx).
    const report = await screen.findByRole('menuitem', { name: 'Mileage Report' });
    expect(screen.queryByRole('menuitem', { name: 'Trip History' })).not.toBeInTheDocument();
    await user.click(report);
    expect(onMileageReport).toHaveBeenCalledWith({ id: 42, number: 'L-42' });
  });

  it('hides Mileage Report without the permission', async () => {
    renderScreen(['CAN_SHOW_TRIPS', 'CAN_SHOW_TRIP_HISTORY']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for L-42' }, { timeout: 5000 }));
    expect(await screen.findByRole('menuitem', { name: 'Trip History' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mileage Report' })).not.toBeInTheDocument();
  });
});

describe('Trips list: viewers and phones', { timeout: 20_000 }, () => {
  it('a viewer without row actions gets no Actions column', async () => {
    renderScreen(['CAN_SHOW_TRIPS']);
    await screen.findByText('L-42', {}, { timeout: 5000 });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).not.toContain('Actions');
  });

  it('marks a recovery load with an icon whose tooltip gives the reason', async () => {
    mockApi({ 'GET /trips': () => page([{ ...ROW, isRecoveryLoad: true, recoveryReasonName: 'Truck broke down' }]) });
    renderWithApp(
      <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
        <TripsScreen title="Trips" search={{}} onSearchChange={() => {}} />
      </div>,
      { user: makeUser(['CAN_SHOW_TRIPS']), path: '/trips' },
    );
    const marker = await screen.findByTestId('recovery-load', {}, { timeout: 5000 });
    expect(marker).toHaveAttribute('title', 'Recovery load: Truck broke down');
    expect(marker).toHaveTextContent('Recovery load: Truck broke down');
  });

  it('on a phone shows cards (unit, load, driver, status, TOTAL MILES with its source, payable) with every row action in one menu', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    const onMileageReport = renderScreen(['CAN_SHOW_TRIPS', 'CAN_EDIT_TRIP', 'CAN_SHOW_TRIP_HISTORY', 'CAN_VIEW_TRIP_MAP', 'CAN_VIEW_MILEAGE_REPORT_TRIP']);
    const card = await screen.findByRole('article', { name: 'Trip L-42' }, { timeout: 5000 });
    expect(screen.queryByRole('table', { name: 'Trips' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Unit 101');
    expect(card).toHaveTextContent('Sam Hill');
    expect(card).toHaveTextContent('In Transit');
    expect(screen.getByTestId('card-total-miles')).toHaveTextContent('TOTAL MILES500.0 HERE');
    expect(screen.getByTestId('card-payable')).toHaveTextContent('Payable MileageNot yet');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for L-42' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['View Route', 'Edit Trip', 'Mileage Report', 'Trip History']);
    await user.click(screen.getByRole('menuitem', { name: 'Mileage Report' }));
    expect(onMileageReport).toHaveBeenCalledWith({ id: 42, number: 'L-42' });
    vi.unstubAllGlobals();
  });
});
