import type { PermissionRow } from '@milepost/contracts/permissions-api';
import type { RoleDetail } from '@milepost/contracts/roles-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { clearAllFormDrafts } from '@/lib/form-drafts';
import { mockApi, page, type MockHandler } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { RoleForm } from './role-form';

const created = '2026-01-01T00:00:00.000Z';
const perm = (id: number, name: string, description: string | null): PermissionRow => ({ id, name, description, enabled: true, created });

const PERMISSIONS = [
  perm(2, 'CAN_CREATE_TRIP', 'Create trips'),
  perm(3, 'CAN_EDIT_TRIP', 'Edit trips'),
  perm(1, 'CAN_SHOW_TRIPS', 'Show the Trips page'),
  perm(10, 'CAN_SHOW_REPORTS', 'Show the Reports page'),
  perm(99, 'CAN_EXPORT_INVOICES', null),
];

function renderRoleForm({ role, handlers = {} }: { role?: RoleDetail; handlers?: Record<string, MockHandler> } = {}) {
  const api = mockApi({ 'GET /permissions': () => page(PERMISSIONS, { size: 100 }), ...handlers });
  const onDone = vi.fn();
  const result = renderWithApp(
    <>
      <RoleForm role={role} onDone={onDone} onCancel={() => {}} />
      <Toasts />
    </>,
    { user: makeUser(['CAN_SHOW_ROLES', 'CAN_CREATE_ROLE', 'CAN_EDIT_ROLE']) },
  );
  return { ...api, onDone, ...result };
}

afterEach(() => clearAllFormDrafts());

describe('Role form permissions', () => {
  it('groups enabled permissions, show-page ones first, labelled by description else name', async () => {
    const { calls } = renderRoleForm();
    const trips = await screen.findByRole('group', { name: 'Trips' });
    const labels = within(trips)
      .getAllByRole('checkbox')
      .map((c) => c.getAttribute('aria-label') ?? document.querySelector(`label[for="${c.id}"]`)?.textContent);
    expect(labels).toEqual(['Trips: all permissions', 'Show the Trips page', 'Create trips', 'Edit trips']);
    expect(screen.getByRole('group', { name: 'Reports' })).toBeInTheDocument();
    // Outside the catalogue: grouped by the name, labelled by the name.
    expect(within(screen.getByRole('group', { name: 'Invoices' })).getByRole('checkbox', { name: 'CAN_EXPORT_INVOICES' })).toBeInTheDocument();
    const list = calls.find((c) => c.url.pathname === '/api/v1/permissions')!;
    expect(list.url.searchParams.get('active')).toBe('true');
    expect(list.url.searchParams.get('size')).toBe('100');
  });

  it('makes the group checkbox indeterminate when partly chosen, and toggles the whole group', async () => {
    const user = userEvent.setup();
    renderRoleForm();
    const group = await screen.findByRole('checkbox', { name: 'Trips: all permissions' });
    expect(group).toHaveAttribute('aria-checked', 'false');

    await user.click(screen.getByRole('checkbox', { name: 'Create trips' }));
    expect(group).toHaveAttribute('aria-checked', 'mixed');
    expect(group).toHaveAttribute('data-state', 'indeterminate');

    // Partly chosen → the group click chooses all of it.
    await user.click(group);
    expect(group).toHaveAttribute('aria-checked', 'true');
    for (const name of ['Show the Trips page', 'Create trips', 'Edit trips']) {
      expect(screen.getByRole('checkbox', { name })).toHaveAttribute('aria-checked', 'true');
    }
    expect(screen.getByRole('checkbox', { name: 'Show the Reports page' })).toHaveAttribute('aria-checked', 'false');

    // All chosen → the group click clears it.
    await user.click(group);
    expect(group).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('checkbox', { name: 'Create trips' })).toHaveAttribute('aria-checked', 'false');
  });

  it('requires a name and at least one permission', async () => {
    const user = userEvent.setup();
    const { calls } = renderRoleForm();
    await screen.findByRole('group', { name: 'Trips' });
    await user.click(screen.getByRole('button', { name: 'Create Role' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('At least one permission is required')).toBeInTheDocument();
    expect(await screen.findByText('Please check your input and try again.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'No permissions available' when none are enabled", async () => {
    mockApi({ 'GET /permissions': () => page([]) });
    renderWithApp(<RoleForm onDone={() => {}} onCancel={() => {}} />, { user: makeUser(['CAN_CREATE_ROLE']) });
    expect(await screen.findByText('No permissions available')).toBeInTheDocument();
  });

  it('reads every page when there are more than 100 enabled permissions', async () => {
    const many = Array.from({ length: 130 }, (_, i) => perm(i + 1, `CAN_DO_THING_${i + 1}`, `Thing ${i + 1}`));
    const { calls } = renderRoleForm({
      handlers: {
        'GET /permissions': ({ url }) => {
          const p = Number(url.searchParams.get('page'));
          return page(many.slice(p * 100, p * 100 + 100), { page: p, size: 100, totalElements: 130 });
        },
      },
    });
    expect(await screen.findByRole('checkbox', { name: 'Thing 130' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/api/v1/permissions').map((c) => c.url.searchParams.get('page'))).toEqual(['0', '1']);
  });

  it('creates the role, refreshes the signed-in user, and forgets the draft', async () => {
    const user = userEvent.setup();
    const saved: RoleDetail = { id: 5, name: 'Planner', description: null, active: true, created, permissionIds: [1, 10], permissions: [] };
    const { calls, onDone, queryClient } = renderRoleForm({ handlers: { 'POST /roles': () => Response.json({ data: saved }, { status: 201 }) } });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.type(await screen.findByLabelText('Name'), 'Planner');
    await user.click(screen.getByRole('checkbox', { name: 'Show the Trips page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Show the Reports page' }));
    await user.click(screen.getByRole('button', { name: 'Create Role' }));

    expect(await screen.findByText('Role created successfully!')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Planner', description: null, permissionIds: [1, 10] });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['auth', 'me'] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['roles'] });
  });

  it('opens an existing role with its permissions chosen and keeps ones no longer offered', async () => {
    const user = userEvent.setup();
    const role: RoleDetail = { id: 4, name: 'Ops', description: 'Ops team', active: true, created, permissionIds: [1, 2, 3, 77], permissions: [] };
    const { calls } = renderRoleForm({ role, handlers: { 'PUT /roles/4': ({ body }) => ({ ...role, ...(body as object) }) } });
    expect(await screen.findByRole('checkbox', { name: 'Trips: all permissions' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('button', { name: 'Clear Form' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Edit trips' }));
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await screen.findByText('Role updated successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ name: 'Ops', description: 'Ops team', permissionIds: [1, 2, 77] });
  });
});
