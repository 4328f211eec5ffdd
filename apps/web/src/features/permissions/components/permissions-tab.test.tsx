import type { PermissionRow } from '@milepost/contracts/permissions-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { clearAllFormDrafts } from '@/lib/form-drafts';
import { apiError, mockApi, page, stubElementHeight, type MockHandler } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { PermissionsTab } from './permissions-tab';

const created = '2026-01-01T00:00:00.000Z';
const PERMISSIONS: PermissionRow[] = [
  { id: 1, name: 'CAN_SHOW_TRIPS', description: 'Show the Trips page', enabled: true, created },
  { id: 2, name: 'CAN_EXPORT', description: null, enabled: false, created },
];
const ALL = ['CAN_SHOW_ROLES', 'CAN_CREATE_PERMISSION', 'CAN_EDIT_PERMISSION', 'CAN_CHANGE_STATUS_PERMISSION'];

function renderTab(permissions: string[] = ALL, handlers: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /permissions': () => page(PERMISSIONS),
    'GET /permissions/1': () => PERMISSIONS[0],
    ...handlers,
  });
  renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <PermissionsTab title="Roles" search={{}} onSearchChange={() => {}} />
      <Toasts />
    </div>,
    { user: makeUser(permissions), path: '/roles' },
  );
  return api;
}

let restore: () => void;
beforeEach(() => {
  restore = stubElementHeight();
});
afterEach(() => {
  restore();
  clearAllFormDrafts();
});

describe('Permissions tab', () => {
  it("shows 'Total: N permissions', Enabled/Disabled and the spec columns", async () => {
    renderTab(['CAN_SHOW_ROLES']);
    expect(await screen.findByText('Total: 2 permissions')).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(0, 6),
    ).toEqual(['No', 'ID', 'Name', 'Description', 'Status', 'Actions']);
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Permission' })).not.toBeInTheDocument();
  });

  it("disables through 'Change Permission Status' with disable wording", async () => {
    const user = userEvent.setup();
    const { calls } = renderTab(ALL, { 'PATCH /permissions/change-status/1': () => ({ ...PERMISSIONS[0], enabled: false }) });
    await user.click(await screen.findByRole('button', { name: 'Enabled: Disable CAN_SHOW_TRIPS' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Permission Status' });
    expect(dialog).toHaveTextContent('Are you sure you want to disable "CAN_SHOW_TRIPS"?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Permission disabled')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.url.searchParams.get('enabled')).toBe('false');
  });

  it('keeps the status dialog open and says why when the change fails', async () => {
    const user = userEvent.setup();
    renderTab(ALL, { 'PATCH /permissions/change-status/2': () => apiError(500, '') });
    await user.click(await screen.findByRole('button', { name: 'Disabled: Enable CAN_EXPORT' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Change Permission Status' });
    expect(dialog).toHaveTextContent('Are you sure you want to enable "CAN_EXPORT"?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Change Permission Status' })).toBeInTheDocument();
  });

  it('edits a permission with its name read-only and sent back unchanged', async () => {
    const user = userEvent.setup();
    const { calls } = renderTab(ALL, { 'PUT /permissions/1': ({ body }) => ({ ...PERMISSIONS[0], ...(body as object) }) });
    await user.click(await screen.findByRole('button', { name: 'Edit CAN_SHOW_TRIPS' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Permission: CAN_SHOW_TRIPS' });
    const name = await within(drawer).findByLabelText('Name');
    expect(name).toHaveAttribute('readonly');
    await user.clear(within(drawer).getByLabelText('Description'));
    await user.type(within(drawer).getByLabelText('Description'), 'Open trips');
    await user.click(within(drawer).getByRole('button', { name: 'Update Permission' }));
    expect(await screen.findByText('Permission updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'CAN_SHOW_TRIPS', description: 'Open trips', enabled: true });
  });

  it('creates a permission enabled by default; the draft survives closing and goes after the create', async () => {
    const user = userEvent.setup();
    const { calls } = renderTab(ALL, {
      'POST /permissions': ({ body }) => Response.json({ data: { id: 3, created, ...(body as object) } }, { status: 201 }),
    });
    await user.click(await screen.findByRole('button', { name: 'New Permission' }));
    let drawer = await screen.findByRole('dialog', { name: 'New Permission' });
    expect(within(drawer).getByRole('checkbox', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true');
    await user.type(within(drawer).getByLabelText('Name'), 'can export fuel');
    expect(within(drawer).getByLabelText('Name')).toHaveValue('CAN_EXPORT_FUEL');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New Permission' }));
    drawer = await screen.findByRole('dialog', { name: 'New Permission' });
    expect(within(drawer).getByLabelText('Name')).toHaveValue('CAN_EXPORT_FUEL');
    await user.click(within(drawer).getByRole('button', { name: 'Create Permission' }));
    expect(await screen.findByText('Permission created successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'CAN_EXPORT_FUEL', description: null, enabled: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'New Permission' }));
    drawer = await screen.findByRole('dialog', { name: 'New Permission' });
    expect(within(drawer).getByLabelText('Name')).toHaveValue('');
  });
});
