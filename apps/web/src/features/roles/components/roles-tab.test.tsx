import type { RoleRow } from '@milepost/contracts/roles-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { clearAllFormDrafts } from '@/lib/form-drafts';
import { mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { RolesTab } from './roles-tab';

const created = '2026-01-01T00:00:00.000Z';
const ROLES: RoleRow[] = [
  { id: 1, name: 'OWNER', description: 'Every permission', active: true, created },
  { id: 2, name: 'DISPATCHER', description: null, active: true, created },
  { id: 3, name: 'VIEWER', description: 'Show-only access', active: false, created },
];

function renderTab(permissions: string[]) {
  const api = mockApi({
    'GET /roles': () => page(ROLES),
    'GET /roles/2': () => ({ ...ROLES[1], permissionIds: [1], permissions: [] }),
    'GET /permissions': () => page([{ id: 1, name: 'CAN_SHOW_TRIPS', description: 'Show the Trips page', enabled: true, created }]),
    'PATCH /roles/change-status/3': () => ({ ...ROLES[2], active: true, permissionIds: [], permissions: [] }),
  });
  const result = renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <RolesTab title="Roles" search={{}} onSearchChange={() => {}} />
      <Toasts />
    </div>,
    { user: makeUser(permissions), path: '/roles' },
  );
  return { ...api, ...result };
}

let restore: () => void;
beforeEach(() => {
  restore = stubElementHeight();
});
afterEach(() => {
  restore();
  clearAllFormDrafts();
});

describe('Roles tab', () => {
  it("shows 'Total: N role', the spec columns and a dash for an empty description", async () => {
    renderTab(['CAN_SHOW_ROLES']);
    expect(await screen.findByText('Total: 3 role')).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(0, 7),
    ).toEqual(['No', 'ID', 'Name', 'Description', 'Status', 'Created', 'Actions']);
    const dispatcherRow = screen.getByText('DISPATCHER').closest('[role="row"]') as HTMLElement;
    expect(within(dispatcherRow).getByText('-')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it("opens 'New Role' and 'Edit Role: {name}' drawers with the permissions to pick", async () => {
    const user = userEvent.setup();
    renderTab(['CAN_SHOW_ROLES', 'CAN_CREATE_ROLE', 'CAN_EDIT_ROLE']);
    await user.click(await screen.findByRole('button', { name: 'New Role' }));
    expect(await screen.findByRole('dialog', { name: 'New Role' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Show the Trips page' })).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit DISPATCHER' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Role: DISPATCHER' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Show the Trips page' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('DISPATCHER');
  });

  it("activates a role through 'Change Role Status'", async () => {
    const user = userEvent.setup();
    const { calls } = renderTab(['CAN_SHOW_ROLES', 'CAN_CHANGE_STATUS_ROLE']);
    await user.click(await screen.findByRole('button', { name: 'Inactive: Activate VIEWER' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Role Status' });
    expect(dialog).toHaveTextContent('Are you sure you want to activate "VIEWER"?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Role activated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.url.searchParams.get('active')).toBe('true');
  });
});
