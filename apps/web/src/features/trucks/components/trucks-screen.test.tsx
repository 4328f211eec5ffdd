import type { TruckRow } from '@milepost/contracts/trucks-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { apiError, mockApi, page, stubElementHeight } from '@/test/api-mock';
import { REFRESH_FAILED_TEXT } from '@/components/data-table/table-toolbar';
import { makeUser, renderWithApp } from '@/test/render';
import type { TrucksSearch } from '../trucks-search';
import { TrucksScreen } from './trucks-screen';

function makeTruck(overrides: Partial<TruckRow> = {}): TruckRow {
  return {
    id: 12,
    unitNumber: '1012',
    vinNumber: '1FUJGLDR7CLBP8834',
    samsaraVin: '1FUJGLDR7CLBP8834',
    vehicleId: 'veh-281',
    licencePlate: 'TX-4821',
    homeLocation: 'Dallas, TX, United States',
    homeLatitude: 32.7767,
    homeLongitude: -96.797,
    companyId: 1,
    companyName: 'Prairie Freight',
    driverNames: ['Ava Stone', 'Ben Cole'],
    assignUserName: 'Dana Reyes',
    active: true,
    updated: '2026-03-02T15:04:00.000Z',
    version: 4,
    ...overrides,
  };
}

const ALL = ['CAN_SHOW_TRUCKS', 'CAN_EDIT_TRUCK', 'CAN_VIEW_TRUCK', 'CAN_CHANGE_STATUS_TRUCK', 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK'];

function renderScreen(permissions: string[] = ALL, search: TrucksSearch = {}) {
  return renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <TrucksScreen title="Trucks" search={search} onSearchChange={() => {}} />
      <Toasts />
    </div>,
    { user: makeUser(permissions), path: '/trucks' },
  );
}

let restoreHeight: () => void;
beforeEach(() => {
  restoreHeight = stubElementHeight(720);
});
afterEach(() => restoreHeight());

describe('Trucks screen', () => {
  it('lists trucks with the spec columns, drivers joined, and no create button', async () => {
    mockApi({ 'GET /trucks': () => page([makeTruck()]) });
    renderScreen();
    expect(await screen.findByText('Total: 1 truck')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 12)).toEqual([
      'No',
      'Unit',
      'Driver',
      'Assigned User',
      'Company',
      'License Plate',
      'Samsara VIN',
      'GLE VIN',
      'Status',
      'Home Location',
      'Updated',
      'Actions',
    ]);
    expect(screen.getByText('Ava Stone, Ben Cole')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new truck|add truck/i })).not.toBeInTheDocument();
  });

  it('hides edit, view, assign and the status button without the permissions', async () => {
    mockApi({ 'GET /trucks': () => page([makeTruck()]) });
    renderScreen(['CAN_SHOW_TRUCKS']);
    expect(await screen.findByText('Total: 1 truck')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit truck 1012' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View truck 1012' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deactivate truck/ })).not.toBeInTheDocument();
  });

  it("flips the status with PATCH ?active= and the row's version, says 'Truck deactivated' and offers Undo, which activates it again at the version answered", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /trucks': () => page([makeTruck()]),
      // The API bumps the version on every change.
      'PATCH /trucks/change-status/12': ({ url, body }) => makeTruck({ active: url.searchParams.get('active') === 'true', version: (body as { version: number }).version + 1 }),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Active: Deactivate truck 1012' }));
    expect(await screen.findByText('Truck deactivated')).toBeInTheDocument();
    const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => [c.url.searchParams.get('active'), c.body]);
    expect(patches()).toEqual([['false', { version: 4 }]]);

    // A double click sends one activation.
    await user.dblClick(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Truck activated')).toBeInTheDocument();
    expect(patches()).toEqual([
      ['false', { version: 4 }],
      ['true', { version: 5 }],
    ]);
    // The outcome replaces the first toast (one toast per record), and an activation offers no Undo.
    expect(screen.queryByText('Truck deactivated')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    // The outcome stays: the Undo click does not close the toast its answer updates.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByText('Truck activated')).toBeInTheDocument();
  });

  it('a failed Refresh says so (once) and keeps the rows shown', async () => {
    const user = userEvent.setup();
    let reads = 0;
    mockApi({ 'GET /trucks': () => (++reads === 1 ? page([makeTruck()]) : apiError(503, 'Service unavailable')) });
    renderScreen();
    expect(await screen.findByText('1012')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(REFRESH_FAILED_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(reads).toBe(3));
    expect(screen.getAllByText(REFRESH_FAILED_TEXT)).toHaveLength(1);
    expect(screen.getByText('1012')).toBeInTheDocument();
  });

  it('a failed status change says so once', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /trucks': () => page([makeTruck()]), 'PATCH /trucks/change-status/12': () => apiError(500, 'Database unavailable') });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Active: Deactivate truck 1012' }));
    expect(await screen.findAllByText(/Database unavailable|went wrong/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it("after a reload the Driver filter reads the driver's name back by id, not 'Driver #id'", async () => {
    const { calls } = mockApi({
      'GET /trucks': () => page([makeTruck()]),
      'GET /drivers': ({ url }) =>
        page(
          url.searchParams.get('id') === '5'
            ? [{ id: 5, firstName: 'Ava', lastName: 'Stone', phone: null, truckId: 12, unitNumber: '1012', assignedUserId: null, assignUserName: null, active: true }]
            : [],
        ),
    });
    renderScreen(ALL, { driverId: 5 });
    await screen.findByText('Total: 1 truck');
    const filter = document.getElementById('trucks-driver-filter');
    await waitFor(() => expect(filter).toHaveTextContent('Ava Stone'));
    expect(filter).not.toHaveTextContent('#5');
    expect(calls.find((c) => c.url.pathname.endsWith('/drivers'))?.url.searchParams.get('id')).toBe('5');
  });

  it('shows the Vehicle ID in the read-only View Truck drawer', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /trucks': () => page([makeTruck()]), 'GET /trucks/12': () => makeTruck() });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'View truck 1012' }));
    const drawer = await screen.findByRole('dialog', { name: 'View Truck: 12' });
    expect(within(drawer).getByText('Vehicle ID')).toBeInTheDocument();
    expect(within(drawer).getByText('veh-281')).toBeInTheDocument();
    expect(within(drawer).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('edits a truck with its version and shows the server message on 409', async () => {
    const user = userEvent.setup();
    const stale = 'This truck was changed by someone else. Reload to see the latest version.';
    const { calls } = mockApi({
      'GET /trucks': () => page([makeTruck()]),
      'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
      'PUT /trucks/12': () => apiError(409, stale, 'STALE_VERSION'),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit truck 1012' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Truck: 1012' });
    expect(within(drawer).getByLabelText('Home Latitude')).toHaveValue('32.776700');
    expect(within(drawer).getByLabelText('Home Latitude')).toHaveAttribute('readonly');
    const plate = within(drawer).getByLabelText('License Plate');
    await user.clear(plate);
    await user.type(plate, 'TX-9999');
    await user.click(within(drawer).getByRole('button', { name: 'Update Truck' }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ licencePlate: 'TX-9999', version: 4, homeLatitude: 32.7767 }));
    expect(screen.getByRole('dialog', { name: 'Edit Truck: 1012' })).toBeInTheDocument();
  });
});
