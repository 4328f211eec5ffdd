import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { RouteSettingsPopover } from './route-settings-popover';

const STORED = { id: 7, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' };

describe('RouteSettingsPopover', () => {
  it('creates the defaults (trailer on, Practical, Miles) when the user has none yet (404)', async () => {
    const { calls } = mockApi({
      'GET /user-route-setting/1': () => apiError(404, 'Route settings not found.', 'NOT_FOUND'),
      'POST /user-route-setting': ({ body }) => ({ ...(body as object), id: 7 }),
    });
    const user = userEvent.setup();
    renderWithApp(<RouteSettingsPopover />, { user: makeUser(['CAN_VIEW_USER_ROUTE_SETTING_TRIP']) });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' });

    await user.click(screen.getByRole('button', { name: "Route settings: Practical, 53' Trailer, Miles" }));
    expect(await screen.findByRole('checkbox', { name: "53' Trailer" })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Practical' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Miles' })).toBeChecked();
  });

  it('saves each change with PUT /user-route-setting/{id}', async () => {
    const { calls } = mockApi({
      'GET /user-route-setting/1': () => STORED,
      'PUT /user-route-setting/7': ({ body }) => ({ ...(body as object), id: 7 }),
    });
    const user = userEvent.setup();
    renderWithApp(<RouteSettingsPopover />, { user: makeUser(['CAN_VIEW_USER_ROUTE_SETTINGS']) });
    await user.click(await screen.findByRole('button', { name: /^Route settings/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'KM' })).toBeEnabled());

    await user.click(screen.getByRole('radio', { name: 'KM' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'KM' });

    await user.click(screen.getByRole('radio', { name: 'Shortest' }));
    await user.click(screen.getByRole('checkbox', { name: "53' Trailer" }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ userId: 1, trailerType: null, routingType: 'SHORTEST', distanceUnit: 'KM' });
    expect(screen.getByRole('button', { name: 'Route settings: Shortest, No Trailer, KM' })).toBeInTheDocument();
  });

  it('puts the choice back and says so when the save fails', async () => {
    mockApi({
      'GET /user-route-setting/1': () => STORED,
      'PUT /user-route-setting/7': () => apiError(500, 'Server error. Please try again later.'),
    });
    const user = userEvent.setup();
    renderWithApp(<RouteSettingsPopover />, { user: makeUser(['CAN_VIEW_USER_ROUTE_SETTINGS']) });
    await user.click(await screen.findByRole('button', { name: /^Route settings/ }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'KM' })).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: 'KM' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Miles' })).toBeChecked());
  });

  it('is hidden without a route-settings permission', async () => {
    mockApi({ 'GET /user-route-setting/1': () => STORED });
    renderWithApp(<RouteSettingsPopover />, { user: makeUser(['CAN_SHOW_TRIPS']) });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /^Route settings/ })).toBeNull();
  });
});
