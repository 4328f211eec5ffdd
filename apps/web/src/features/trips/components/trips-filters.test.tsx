import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import type { TripsSearch } from '../trips-search';
import { ListFilters, VehicleFilters, autoSelectVehicle } from './trips-filters';

describe('Trips period filter', () => {
  it('Weekly fills Monday-to-Sunday dates in Central time', async () => {
    mockApi({ 'GET /users': () => page([]) });
    const onSearchChange = vi.fn();
    const user = userEvent.setup();
    // Thursday 5 March 2026, 03:00 UTC = Wednesday 4 March 21:00 CST.
    renderWithApp(<ListFilters search={{}} onSearchChange={onSearchChange} now={() => new Date('2026-03-05T03:00:00Z')} />, { user: makeUser([]) });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Period' }), 'WEEKLY');
    // The period's date math loads on first choice.
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith({ periodType: 'WEEKLY', fromDate: '03/02/2026 00:00:00', toDate: '03/08/2026 23:59:59' }));
  });

  it('a period disables the date range; a custom range disables the period', async () => {
    mockApi({ 'GET /users': () => page([]) });
    const weekly: TripsSearch = { periodType: 'WEEKLY', fromDate: '03/02/2026 00:00:00', toDate: '03/08/2026 23:59:59' };
    const { unmount } = renderWithApp(<ListFilters search={weekly} onSearchChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByLabelText('From date')).toBeDisabled();
    expect(screen.getByLabelText('To date')).toBeDisabled();
    // Dates show in the one display format, DD.MM.YYYY.
    expect(screen.getByLabelText('From date')).toHaveTextContent('02.03.2026');
    expect(screen.getByLabelText('To date')).toHaveTextContent('08.03.2026');
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeEnabled();
    unmount();

    const onSearchChange = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ListFilters search={{ toDate: '03/20/2026 23:59:59', periodType: 'CUSTOM' }} onSearchChange={onSearchChange} />, { user: makeUser([]) });
    await user.click(await screen.findByLabelText('From date'));
    // From may not be after To. (The popover and calendar load on this first opening: slow on a busy machine.)
    expect(await screen.findByRole('button', { name: /March 21st, 2026/ }, { timeout: 5000 })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /March 1st, 2026/ }));
    expect(onSearchChange).toHaveBeenCalledWith({ fromDate: '03/01/2026 00:00:00', toDate: '03/20/2026 23:59:59', periodType: 'CUSTOM' });
  });

  it('the period select is disabled for a custom range', async () => {
    mockApi({ 'GET /users': () => page([]) });
    renderWithApp(<ListFilters search={{ periodType: 'CUSTOM', fromDate: '03/01/2026 00:00:00' }} onSearchChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByRole('combobox', { name: 'Period' })).toBeDisabled();
    expect(screen.getByLabelText('From date')).toBeEnabled();
  });

  it('the range refuses days before its minimum and a To before From', async () => {
    mockApi({ 'GET /users': () => page([]) });
    const user = userEvent.setup();
    renderWithApp(<ListFilters search={{ fromDate: '01/10/2020 00:00:00', toDate: '01/31/2020 23:59:59', periodType: 'CUSTOM' }} onSearchChange={() => {}} />, {
      user: makeUser([]),
    });
    await user.click(await screen.findByLabelText('To date'));
    expect(await screen.findByRole('button', { name: /January 9th, 2020/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /January 10th, 2020/ })).toBeEnabled();
  });
});

describe('Choosing a load', () => {
  it('run by two trucks selects neither, so both trips stay in the list; run by one selects it', async () => {
    mockApi({
      'GET /trips/vehicle/info-by-identifier-number': ({ url }) =>
        url.searchParams.get('number') === 'LD-2'
          ? {
              trucks: [
                { id: 1, unitNumber: '1001' },
                { id: 2, unitNumber: '1002' },
              ],
              drivers: [{ id: 5, firstName: 'Ana', lastName: 'Diaz' }],
            }
          : { trucks: [{ id: 1, unitNumber: '1001' }], drivers: [{ id: 5, firstName: 'Ana', lastName: 'Diaz' }] },
    });
    const two = vi.fn();
    await autoSelectVehicle('LD-2', two);
    // The one driver is selected, no truck: the list still shows both trucks' trips.
    expect(two).toHaveBeenCalledWith({ driverId: 5, driverLabel: 'Ana Diaz' });
    const one = vi.fn();
    await autoSelectVehicle('LD-1', one);
    expect(one).toHaveBeenCalledWith({ truckId: 1, truckLabel: '1001', driverId: 5, driverLabel: 'Ana Diaz' });
  });
});

describe('Trips driver filter', () => {
  it("a linked URL with only the driver's id reads the name back, not '#id'", async () => {
    const { calls } = mockApi({
      'GET /drivers': ({ url }) =>
        page(
          url.searchParams.get('id') === '5'
            ? [{ id: 5, firstName: 'Ava', lastName: 'Stone', phone: null, truckId: 1, unitNumber: '101', assignedUserId: null, assignUserName: null, active: true }]
            : [],
        ),
    });
    renderWithApp(<VehicleFilters search={{ driverId: 5 }} onSearchChange={() => {}} />, { user: makeUser([]) });
    const filter = () => document.getElementById('trips-filter-driver');
    await waitFor(() => expect(filter()).toHaveTextContent('Ava Stone'));
    expect(filter()).not.toHaveTextContent('#5');
    expect(calls.filter((c) => c.url.pathname.endsWith('/drivers')).map((c) => c.url.searchParams.get('id'))).toContain('5');
  });

  it('a name already in the URL is shown as is, without asking the server', async () => {
    const { calls } = mockApi({});
    renderWithApp(<VehicleFilters search={{ driverId: 5, driverLabel: 'Ava Stone' }} onSearchChange={() => {}} />, { user: makeUser([]) });
    await waitFor(() => expect(document.getElementById('trips-filter-driver')).toHaveTextContent('Ava Stone'));
    expect(calls.filter((c) => c.url.searchParams.get('id') === '5')).toHaveLength(0);
  });
});
