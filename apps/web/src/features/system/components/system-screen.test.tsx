import type { TripSettings } from '@milepost/contracts/settings-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { formatDisplayDateTime } from '@/lib/date-format';
import { apiError, mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import type { SystemSearch } from '../system-tabs';
import { SystemScreen } from './system-screen';

const SETTINGS: TripSettings = {
  id: 5,
  homeRadius: 2,
  shopRadius: 1.5,
  pickupRadius: 1,
  trailerRadius: 0.5,
  deliveryRadius: 1,
  samsaraEnabled: true,
  gleEnabled: false,
  type: 'TRIP',
};

const REASON = { id: 9, name: 'Breakdown', active: true, created: '2026-03-02T15:04:00.000Z' };

function renderScreen(permissions: string[], search: SystemSearch = {}) {
  return renderWithApp(
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <SystemScreen title="System" search={search} onSearchChange={() => {}} />
      <Toasts />
    </div>,
    { user: makeUser(['CAN_SHOW_SYSTEM_SETTINGS', ...permissions]), path: '/system' },
  );
}

let restoreHeight: () => void;
beforeEach(() => {
  restoreHeight = stubElementHeight(720);
});
afterEach(() => restoreHeight());

describe('System screen', () => {
  it('opens on settings with the switcher when the user may see both', async () => {
    mockApi({ 'GET /global-setting/by-type': () => SETTINGS, 'GET /recovery/reasons': () => page([REASON]) });
    renderScreen(['CAN_VIEW_RADIUS_SETTINGS', 'CAN_SHOW_RECOVERY_REASONS']);
    expect(await screen.findByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Recovery Reasons' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByRole('heading', { name: 'Radius Settings' })).toBeInTheDocument();
  });

  it('says since when HERE throttles Milepost, until when no one calls it, and the trips waiting to be routed again', async () => {
    const since = '2026-11-28T17:02:00.000Z';
    const until = '2026-11-28T17:04:00.000Z';
    mockApi({
      'GET /global-setting/by-type': () => SETTINGS,
      'GET /routing/status': () => ({ here: 'THROTTLED', since, until, lastEndedAt: null, estimatesWaiting: 3 }),
    });
    renderScreen(['CAN_VIEW_RADIUS_SETTINGS']);
    const line = await screen.findByTestId('here-status');
    expect(line).toHaveTextContent(`HERE is throttling Milepost (rate limit) since ${formatDisplayDateTime(since)}; no one calls HERE until ${formatDisplayDateTime(until)}.`);
    expect(line).toHaveTextContent('3 trips have estimated figures; they are routed again once HERE answers.');
  });

  it('opens on recovery reasons, with no switcher, without the radius view permission', async () => {
    mockApi({ 'GET /recovery/reasons': () => page([REASON]) });
    renderScreen(['CAN_SHOW_RECOVERY_REASONS']);
    expect(await screen.findByText('Total: 1 reason')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByText('Radius Settings')).not.toBeInTheDocument();
  });

  it('shows settings without a switcher when reasons may not be seen', async () => {
    mockApi({ 'GET /global-setting/by-type': () => SETTINGS });
    renderScreen(['CAN_VIEW_RADIUS_SETTINGS'], { tab: 'recovery-reasons' });
    expect(await screen.findByRole('heading', { name: 'Radius Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it("shows 'Loading settings...' and then the saved values; Save is hidden without the edit permission", async () => {
    mockApi({ 'GET /global-setting/by-type': () => SETTINGS });
    renderScreen(['CAN_VIEW_RADIUS_SETTINGS']);
    expect(await screen.findByText('Loading settings...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Home Radius (miles)')).toHaveValue(2);
    expect(screen.getByLabelText('Shop Radius (miles)')).toHaveValue(1.5);
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
  });

  it('starts empty when no settings exist (404), reads empty as 0 and creates them with POST', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /global-setting/by-type': () => apiError(404, 'Settings not found.', 'NOT_FOUND'),
      'POST /global-setting': ({ body }) => ({ ...(body as object), id: 11 }),
    });
    renderScreen(['CAN_VIEW_RADIUS_SETTINGS', 'CAN_EDIT_RADIUS_SETTINGS']);
    const home = await screen.findByLabelText('Home Radius (miles)');
    expect(home).toHaveValue(null);
    await user.type(home, '3');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/global-setting');
    expect(post?.body).toEqual({
      homeRadius: 3,
      shopRadius: 0,
      pickupRadius: 0,
      trailerRadius: 0,
      deliveryRadius: 0,
      samsaraEnabled: false,
      gleEnabled: false,
      type: 'TRIP',
    });
  });

  it("refuses negative radii with the '{X} radius must be positive' messages and updates with PUT", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /global-setting/by-type': () => SETTINGS,
      'PUT /global-setting/5': ({ body }) => ({ ...(body as object), id: 5 }),
    });
    renderScreen(['CAN_VIEW_RADIUS_SETTINGS', 'CAN_EDIT_RADIUS_SETTINGS']);
    const home = await screen.findByLabelText('Home Radius (miles)');
    const trailer = screen.getByLabelText('Trailer Radius (miles)');
    await user.clear(home);
    await user.type(home, '-1');
    await user.clear(trailer);
    await user.type(trailer, '-2');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Home radius must be positive')).toBeInTheDocument();
    expect(screen.getByText('Trailer radius must be positive')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(home);
    await user.clear(trailer);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ homeRadius: 0, trailerRadius: 0, shopRadius: 1.5, samsaraEnabled: true });
  });
  it('a radius of 99999999999 says it is too large, not that it must be positive, and saves nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /global-setting/by-type': () => SETTINGS,
      'PUT /global-setting/5': ({ body }) => ({ ...(body as object), id: 5 }),
    });
    renderScreen(['CAN_VIEW_RADIUS_SETTINGS', 'CAN_EDIT_RADIUS_SETTINGS']);
    const pickup = await screen.findByLabelText('Pickup Radius (miles)');
    await user.clear(pickup);
    await user.type(pickup, '99999999999');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Pickup radius must be at most 1,000 miles')).toBeInTheDocument();
    expect(screen.queryByText('Pickup radius must be positive')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
