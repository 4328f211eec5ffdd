import { USER_MESSAGES, type UserRow } from '@milepost/contracts/users-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { clearAllFormDrafts } from '@/lib/form-drafts';
import { apiError, mockApi, page, stubElementHeight, type MockHandler } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import type { UsersSearch } from '../users-search';
import { UsersScreen } from './users-screen';

const ALL = ['CAN_SHOW_USERS', 'CAN_CREATE_USER', 'CAN_EDIT_USER', 'CAN_CHANGE_STATUS_USER'];

const OWNER_ROLE = { id: 1, name: 'OWNER', description: 'Every permission', active: true, created: '2026-01-01T00:00:00.000Z' };
const DISPATCHER_ROLE = { id: 2, name: 'DISPATCHER', description: null, active: true, created: '2026-01-01T00:00:00.000Z' };

function makeRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    id: 7,
    firstName: 'Dana',
    lastName: 'Reyes',
    email: 'dana@example.com',
    phone: null,
    role: 'DISPATCHER',
    roleId: 2,
    active: true,
    passwordSet: true,
    created: '2026-03-02T15:04:00.000Z',
    version: 3,
    ...overrides,
  };
}

function api(extra: Record<string, MockHandler> = {}, rows: UserRow[] = [makeRow()]) {
  return mockApi({
    'GET /users': () => page(rows),
    'GET /roles': ({ url }) => {
      const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
      return page([OWNER_ROLE, DISPATCHER_ROLE].filter((r) => r.name.toLowerCase().includes(keyword)));
    },
    ...extra,
  });
}

function renderScreen(permissions: string[] = ALL, search: UsersSearch = {}) {
  return renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <UsersScreen title="Users" search={search} onSearchChange={() => {}} />
      <Toasts />
    </div>,
    { user: makeUser(permissions), path: '/users' },
  );
}

async function openAddUser(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Add User' }));
  const drawer = await screen.findByRole('dialog', { name: 'Add New User' });
  // The OWNER role is preselected once it arrives.
  await waitFor(() => expect(within(drawer).getByRole('combobox', { name: 'Role' })).toHaveTextContent('OWNER'));
  return drawer;
}

let restoreHeight: () => void;
beforeEach(() => {
  restoreHeight = stubElementHeight(720);
});
afterEach(() => {
  restoreHeight();
  clearAllFormDrafts();
});

describe('Users screen', () => {
  it('lists users with the spec columns, N/A for no phone, the total and the invitation hint', async () => {
    api({}, [makeRow(), makeRow({ id: 8, firstName: 'Ivan', lastName: 'Invited', phone: '+1 (312) 555-0100', passwordSet: false })]);
    renderScreen();
    expect(await screen.findByText('Total: 2 users')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 10)).toEqual(['No', 'ID', 'Firstname', 'LastName', 'Email', 'Phone', 'Role', 'Status', 'Created', 'Actions']);
    // Sortable except number, email and actions.
    for (const name of ['No', 'Email', 'Actions']) {
      expect(within(screen.getByRole('columnheader', { name })).queryByRole('button')).not.toBeInTheDocument();
    }
    for (const name of ['ID', 'Firstname', 'LastName', 'Phone', 'Role', 'Status', 'Created']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toHaveAttribute('aria-sort', 'none');
    }
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('Invitation pending')).toBeInTheDocument();
    // Created in Central time: 15:04 UTC on 2 March is 09:04 CST.
    expect(screen.getAllByText('02.03.2026 09:04')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Resend invitation to Ivan Invited' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation to Dana Reyes' })).not.toBeInTheDocument();
  });

  it('hides Add User, edit, resend and the status button without their permissions', async () => {
    api({}, [makeRow({ passwordSet: false })]);
    renderScreen(['CAN_SHOW_USERS']);
    await screen.findByText('Total: 1 user');
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resend invitation/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('sends the keyword and sort from the URL state to GET /users', async () => {
    const { calls } = api();
    renderScreen(ALL, { keyword: 'dan', sort: 'lastName,desc' });
    await screen.findByText('Total: 1 user');
    const list = calls.find((c) => c.url.pathname === '/api/v1/users')!;
    expect(list.url.searchParams.get('keyword')).toBe('dan');
    expect(list.url.searchParams.get('sort')).toBe('lastName,desc');
    expect(list.url.searchParams.get('page')).toBe('0');
    expect(list.url.searchParams.get('size')).toBe('50');
    expect(screen.getByRole('columnheader', { name: /LastName/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue('dan');
  });

  it('keeps a new user draft across closing and reopening the drawer, and Clear Form discards it', async () => {
    const user = userEvent.setup();
    api();
    renderScreen();

    let drawer = await openAddUser(user);
    await user.type(within(drawer).getByLabelText('First Name'), 'Ann');
    await user.type(within(drawer).getByLabelText('Phone'), '13125550100');
    expect(within(drawer).getByLabelText('Phone')).toHaveValue('+1 (312) 555-0100');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    drawer = await screen.findByRole('dialog', { name: 'Add New User' });
    expect(within(drawer).getByLabelText('First Name')).toHaveValue('Ann');
    expect(within(drawer).getByLabelText('Phone')).toHaveValue('+1 (312) 555-0100');

    await user.click(within(drawer).getByRole('button', { name: 'Clear Form' }));
    expect(within(drawer).getByLabelText('First Name')).toHaveValue('');
    expect(within(drawer).getByLabelText('Phone')).toHaveValue('');
    expect(within(drawer).getByRole('combobox', { name: 'Role' })).toHaveTextContent('OWNER');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    drawer = await openAddUser(user);
    expect(within(drawer).getByLabelText('First Name')).toHaveValue('');
  });

  it('creates a user with the OWNER role by default, then closes, toasts, refreshes the list and forgets the draft', async () => {
    const user = userEvent.setup();
    const created = makeRow({ id: 9, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', role: 'OWNER', roleId: 1, passwordSet: false });
    const { calls } = api({ 'POST /users': () => Response.json({ data: created }, { status: 201 }) });
    renderScreen();

    const drawer = await openAddUser(user);
    await user.type(within(drawer).getByLabelText('First Name'), 'Ann');
    await user.type(within(drawer).getByLabelText('Last Name'), 'Lee');
    await user.type(within(drawer).getByLabelText('Email'), 'ann@example.com');
    const listCallsBefore = calls.filter((c) => c.url.pathname === '/api/v1/users').length;
    await user.click(within(drawer).getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/v1/users');
    expect(post.body).toEqual({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: null, roleId: 1 });
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/v1/users').length).toBeGreaterThan(listCallsBefore));

    const again = await openAddUser(user);
    expect(within(again).getByLabelText('First Name')).toHaveValue('');
    expect(within(again).getByLabelText('Email')).toHaveValue('');
  });

  it('keeps the drawer open with the server message when the save fails', async () => {
    const user = userEvent.setup();
    api({ 'POST /users': () => apiError(409, 'User with this email already exists.', 'ALREADY_EXISTS') });
    renderScreen();
    const drawer = await openAddUser(user);
    await user.type(within(drawer).getByLabelText('First Name'), 'Ann');
    await user.type(within(drawer).getByLabelText('Last Name'), 'Lee');
    await user.type(within(drawer).getByLabelText('Email'), 'dana@example.com');
    await user.click(within(drawer).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('First Name')).toHaveValue('Ann');
  });

  it("edits a user with the row's version and the 'Edit User: {first name}' title", async () => {
    const user = userEvent.setup();
    const { calls } = api({ 'PUT /users/7': ({ body }) => ({ ...makeRow(), ...(body as object), version: 4 }) });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Edit Dana Reyes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit User: Dana' });
    expect(within(drawer).queryByRole('button', { name: 'Clear Form' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Role' })).toHaveTextContent('DISPATCHER');
    await user.clear(within(drawer).getByLabelText('Last Name'));
    await user.type(within(drawer).getByLabelText('Last Name'), 'Ray');
    await user.click(within(drawer).getByRole('button', { name: 'Update User' }));
    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ firstName: 'Dana', lastName: 'Ray', email: 'dana@example.com', phone: null, roleId: 2, version: 3 });
  });

  it('changes the status through the confirm dialog and toasts', async () => {
    const user = userEvent.setup();
    const { calls } = api({ 'PATCH /users/change-status/7': () => makeRow({ active: false }) });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Active: Deactivate Dana Reyes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change User Status' });
    expect(dialog).toHaveTextContent('Are you sure you want to deactivate "Dana Reyes"?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.searchParams.get('active')).toBe('false');
    // The version the row was shown at: a stale one is refused with 409 STALE_VERSION.
    expect(patch.body).toEqual({ version: 3 });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('never offers to deactivate the signed-in account: its status is plain text that says why', async () => {
    // makeUser() signs in as user 1.
    api({}, [makeRow({ id: 1, firstName: 'Sam', lastName: 'Self', email: 'sam@example.com' }), makeRow()]);
    renderScreen();
    expect(await screen.findByRole('button', { name: 'Active: Deactivate Dana Reyes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deactivate Sam Self/ })).not.toBeInTheDocument();
    const own = screen.getAllByRole('row').find((row) => row.textContent?.includes('sam@example.com'))!;
    expect(within(own).getByText('Active').closest('[data-slot="status-badge"]')).toHaveAttribute('title', USER_MESSAGES.cannotDeactivateSelf);
  });

  it('resends an invitation to a user who has not set a password', async () => {
    const user = userEvent.setup();
    const { calls } = api({ 'POST /users/8/resend-invitation': () => null }, [makeRow({ id: 8, firstName: 'Ivan', lastName: 'Invited', passwordSet: false })]);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to Ivan Invited' }));
    expect(await screen.findByText('Invitation sent.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/users/8/resend-invitation')).toBe(true);
  });
});
