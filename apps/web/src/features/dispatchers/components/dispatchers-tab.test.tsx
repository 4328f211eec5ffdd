import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { clearAllFormDrafts } from '@/lib/form-drafts';
import { mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { DispatchersTab, type DispatchersTabSearch } from './dispatchers-tab';

const DISPATCHER = { id: 3, firstName: 'Mia', lastName: 'Lopez', teamId: 2, team: 'Night', active: true, created: '2026-03-02T15:04:00.000Z' };
const TEAMS = [{ id: 2, name: 'Night', active: true, created: '2026-01-01T00:00:00.000Z', updated: '2026-01-01T00:00:00.000Z' }];

function renderTab(permissions: string[], search: DispatchersTabSearch = {}) {
  return renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <DispatchersTab title="Dispatchers" search={search} onSearchChange={() => {}} />
      <Toasts />
    </div>,
    { user: makeUser(permissions), path: '/dispatchers' },
  );
}

let restoreHeight: () => void;
beforeEach(() => {
  restoreHeight = stubElementHeight(720);
});
afterEach(() => {
  restoreHeight();
  clearAllFormDrafts();
});

describe('Dispatchers tab', () => {
  it('keeps the new dispatcher draft and shows the team picker texts', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /dispatchers': () => page([DISPATCHER]),
      'GET /teams': ({ url }) => page(TEAMS.filter((t) => t.name.toLowerCase().includes((url.searchParams.get('keyword') ?? '').toLowerCase()))),
    });
    renderTab(['CAN_SHOW_DISPATCHERS', 'CAN_CREATE_DISPATCHER', 'CAN_CHANGE_STATUS_DISPATCHER']);
    expect(await screen.findByText('Total: 1 dispatcher')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Active: Deactivate Mia Lopez' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New Dispatcher' }));
    let drawer = await screen.findByRole('dialog', { name: 'New Dispatcher' });
    await user.type(within(drawer).getByLabelText('First Name'), 'Noah');
    await user.click(within(drawer).getByRole('combobox', { name: 'Team' }));
    await user.type(await screen.findByRole('textbox', { name: 'Search teams...' }), 'zzz');
    expect(await screen.findByText('No teams found for "zzz"')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'New Dispatcher' }));
    drawer = await screen.findByRole('dialog', { name: 'New Dispatcher' });
    expect(within(drawer).getByLabelText('First Name')).toHaveValue('Noah');
  });

  it("after a reload the Team filter reads the team's name back by id, not 'Team #id'", async () => {
    const { calls } = mockApi({
      'GET /dispatchers': () => page([DISPATCHER]),
      'GET /teams': ({ url }) => page(TEAMS.filter((t) => String(t.id) === url.searchParams.get('id'))),
    });
    renderTab(['CAN_SHOW_DISPATCHERS'], { teamId: 2 });
    await screen.findByText('Total: 1 dispatcher');
    const filter = document.getElementById('dispatchers-team-filter');
    await waitFor(() => expect(filter).toHaveTextContent('Night'));
    expect(filter).not.toHaveTextContent('#2');
    expect(calls.find((c) => c.url.pathname.endsWith('/teams'))?.url.searchParams.get('id')).toBe('2');
  });

  it('requires the first name', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /dispatchers': () => page([]) });
    renderTab(['CAN_SHOW_DISPATCHERS', 'CAN_CREATE_DISPATCHER']);
    await user.click(await screen.findByRole('button', { name: 'New Dispatcher' }));
    const drawer = await screen.findByRole('dialog', { name: 'New Dispatcher' });
    await user.click(within(drawer).getByRole('button', { name: 'Create Dispatcher' }));
    expect(await within(drawer).findByText('First Name is required')).toBeInTheDocument();
  });
});
