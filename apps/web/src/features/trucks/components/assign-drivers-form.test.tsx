import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DISCARD_CHANGES_TITLE, Drawer } from '@/components/layout/drawer';
import { Toasts } from '@/components/layout/toasts';
import { apiError, mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { AssignDriversForm } from './assign-drivers-form';

const DRIVERS = [
  { id: 1, firstName: 'Ava', lastName: 'Stone', phone: null, truckId: 10, unitNumber: '101', assignedUserId: 7, assignUserName: 'Dana Reyes', active: true },
  { id: 2, firstName: 'Ben', lastName: 'Cole', phone: null, truckId: 11, unitNumber: '102', assignedUserId: null, assignUserName: null, active: true },
  { id: 3, firstName: 'Cara', lastName: 'Diaz', phone: null, truckId: null, unitNumber: null, assignedUserId: null, assignUserName: null, active: true },
];
const USERS = [
  {
    id: 7,
    firstName: 'Dana',
    lastName: 'Reyes',
    email: 'dana@example.com',
    phone: null,
    role: 'OWNER',
    roleId: 1,
    active: true,
    passwordSet: true,
    created: '2026-01-01T00:00:00.000Z',
    version: 1,
  },
];

function api(assign: () => unknown = () => ({ assigned: 2 })) {
  return mockApi({
    'GET /drivers': ({ url }) => {
      const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
      return page(DRIVERS.filter((d) => `${d.firstName} ${d.lastName}`.toLowerCase().includes(keyword)));
    },
    'GET /users': () => page(USERS),
    'POST /drivers/assign-user': assign,
  });
}

function renderForm(onDone = vi.fn()) {
  renderWithApp(
    <>
      <AssignDriversForm onDone={onDone} onCancel={() => {}} />
      <Toasts />
    </>,
    { user: makeUser(['CAN_SHOW_TRUCKS', 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK']) },
  );
}

describe('Assign drivers to a user', () => {
  it('enables submit only when at least one driver and a user are chosen, then posts them', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const onDone = vi.fn();
    renderForm(onDone);
    const submit = await screen.findByRole('button', { name: 'Assign' });
    expect(submit).toBeDisabled();

    await user.click(await screen.findByRole('checkbox', { name: 'Ava Stone' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ben Cole' }));
    expect(within(screen.getByRole('list', { name: 'Chosen drivers' })).getAllByRole('listitem')).toHaveLength(2);
    expect(submit).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Dana Reyes' }));
    expect(submit).toBeEnabled();

    // Removing every driver disables it again.
    await user.click(screen.getByRole('button', { name: 'Remove Ava Stone' }));
    await user.click(screen.getByRole('button', { name: 'Remove Ben Cole' }));
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Cara Diaz' }));
    expect(submit).toBeEnabled();

    await user.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 7, driverIds: [3] });
  });

  it("shows each driver's truck and current user, and the toast counts what the server assigned", async () => {
    const user = userEvent.setup();
    const { calls } = api(() => ({ assigned: 1 }));
    const onDone = vi.fn();
    renderForm(onDone);
    const ava = await screen.findByRole('checkbox', { name: 'Ava Stone' });
    expect(ava).toHaveAccessibleDescription('Truck 101 · Dana Reyes');
    expect(screen.getByRole('checkbox', { name: 'Cara Diaz' })).toHaveAccessibleDescription('No truck · No user');

    await user.click(ava);
    await user.click(screen.getByRole('checkbox', { name: 'Ben Cole' }));
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Dana Reyes' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 7, driverIds: [1, 2] });
    // Ava was Dana's already: the server assigned one.
    expect(await screen.findByText('Drivers assigned successfully!')).toBeInTheDocument();
    expect(screen.getByText('1 driver assigned to Dana Reyes; 1 already was.')).toBeInTheDocument();
  });

  it("shows 'Already assigned.' as a toast on 409 and stays open", async () => {
    const user = userEvent.setup();
    api(() => apiError(409, 'Already assigned.', 'ALREADY_ASSIGNED'));
    const onDone = vi.fn();
    renderForm(onDone);
    await user.click(await screen.findByRole('checkbox', { name: 'Ava Stone' }));
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Dana Reyes' }));
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Already assigned.')).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('searches drivers by keyword', async () => {
    const user = userEvent.setup();
    api();
    renderForm();
    await screen.findByRole('checkbox', { name: 'Ava Stone' });
    await user.type(screen.getByPlaceholderText('Search drivers...'), 'zzz');
    expect(await screen.findByText('No drivers found for "zzz"')).toBeInTheDocument();
  });

  it('a chosen driver is an unsaved change: Escape asks before the drawer closes', async () => {
    const user = userEvent.setup();
    api();
    const onOpenChange = vi.fn();
    renderWithApp(
      <Drawer open onOpenChange={onOpenChange} title="Assign Drivers to User">
        <AssignDriversForm onDone={() => onOpenChange(false)} onCancel={() => onOpenChange(false)} />
      </Drawer>,
      { user: makeUser(['CAN_SHOW_TRUCKS', 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK']) },
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Ava Stone' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
