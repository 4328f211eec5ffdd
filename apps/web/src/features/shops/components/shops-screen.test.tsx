import type { ShopRow } from '@milepost/contracts/shops-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { clearAllFormDrafts } from '@/lib/form-drafts';
import { mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { ShopsScreen } from './shops-screen';

const SHOP: ShopRow = {
  id: 4,
  name: 'North Yard',
  location: 'Dallas, TX, United States',
  latitude: 32.7767,
  longitude: -96.797,
  active: true,
  created: '2026-03-02T15:04:00.000Z',
};

function renderScreen(permissions: string[]) {
  return renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <ShopsScreen title="Shops" search={{}} onSearchChange={() => {}} />
      <Toasts />
    </div>,
    { user: makeUser(permissions), path: '/shops' },
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

describe('Shops screen', () => {
  it('lists shops with the total and coordinates to 6 decimals', async () => {
    mockApi({ 'GET /shops': () => page([SHOP]) });
    renderScreen(['CAN_SHOW_SHOPS']);
    expect(await screen.findByText('Total: 1 shop')).toBeInTheDocument();
    expect(await screen.findByText('32.776700, -96.797000')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 8)).toEqual(['No', 'ID', 'Shop Name', 'Location', 'Coordinates', 'Status', 'Created', 'Actions']);
    // Without the permissions: no New Shop, no clickable status.
    expect(screen.queryByRole('button', { name: 'New Shop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Deactivate North Yard/ })).not.toBeInTheDocument();
  });

  it('flips the status at once, with no confirmation, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /shops': () => page([SHOP]), 'PATCH /shops/change-status/4': () => ({ ...SHOP, active: false }) });
    renderScreen(['CAN_SHOW_SHOPS', 'CAN_CHANGE_STATUS_SHOP']);
    await user.click(await screen.findByRole('button', { name: 'Active: Deactivate North Yard' }));
    expect(await screen.findByText('Shop deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url.searchParams.get('active')).toBe('false');
  });

  it('shows the location read-only coordinates in the edit drawer', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /shops': () => page([SHOP]), 'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }) });
    renderScreen(['CAN_SHOW_SHOPS', 'CAN_EDIT_SHOP']);
    await user.click(await screen.findByRole('button', { name: 'Edit North Yard' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Shop: North Yard' });
    await waitFor(() => expect(within(drawer).getByLabelText('Latitude')).toHaveValue('32.776700'));
    expect(within(drawer).getByLabelText('Longitude')).toHaveValue('-96.797000');
    expect(within(drawer).getByLabelText('Latitude')).toHaveAttribute('readonly');
    expect(within(drawer).getByRole('combobox', { name: 'Location' })).toHaveValue('Dallas, TX, United States');
  });
});
