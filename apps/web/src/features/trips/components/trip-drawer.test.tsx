import type { RouteRequest, RouteResponse } from '@milepost/contracts/routing-api';
import type { TripDetail, TripRow } from '@milepost/contracts/trips-api';
import { milesToMetres } from '@milepost/geo/units';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DISCARD_CHANGES_TITLE } from '@/components/layout/drawer';
import { mockApi, page, type MockCall } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { TripDrawer } from './trip-drawer';

function setup() {
  mockApi({
    'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
    'GET /recovery/reasons': () => page([]),
  });
  const onOpenChange = vi.fn();
  renderWithApp(<TripDrawer open onOpenChange={onOpenChange} target={{ mode: 'create' }} />, { user: makeUser(['CAN_CREATE_TRIP']) });
  return onOpenChange;
}

describe('Trip drawer: no lost work', () => {
  it('asks before Escape discards a typed number; Keep editing keeps it, Discard closes', async () => {
    const user = userEvent.setup();
    const onOpenChange = setup();
    await user.type(await screen.findByLabelText('Load Number'), 'LD-784210');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Load Number')).toHaveValue('LD-784210');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an untouched form closes at once', async () => {
    const user = userEvent.setup();
    const onOpenChange = setup();
    await screen.findByLabelText('Load Number');
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Trip drawer: route settings', () => {
  const SETTING = { id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' };
  const stop = (id: number, address: string, latitude: number, longitude: number, orderIndex: number, stopType: string, loadStatus: string) => ({
    id,
    address,
    latitude,
    longitude,
    stopType,
    loadStatus,
    loadStatusExplicit: false,
    orderIndex,
    distance: null,
    totalDistance: null,
    duration: null,
  });
  const trip: TripDetail = {
    id: 42,
    truckId: 1,
    driverId: 2,
    dispatcherId: null,
    truck: { id: 1, unitNumber: '101' },
    driver: { id: 2, firstName: 'Sam', lastName: 'Hill' },
    dispatcher: null,
    identifierType: 'LOAD_NUMBER',
    loadNumber: 'L-42',
    trailerNumber: null,
    tripStatus: 'IN_TRANSIT',
    pickupDateTime: '03/02/2026 09:00:00',
    startDateTime: null,
    endDateTime: null,
    startOdometer: null,
    endOdometer: null,
    emptyMiles: null,
    loadedMiles: null,
    payableMileage: null,
    notes: null,
    recoveryReasonId: null,
    recoveryReasonName: null,
    recoveryLoadIndex: 0,
    isRecoveryLoad: false,
    hasIncompleteTrips: false,
    tripStops: [stop(1, 'Chicago, IL', 41.88, -87.63, 0, 'START', 'EMPTY'), stop(2, 'Dallas, TX', 32.78, -96.8, 1, 'DELIVERY', 'LOADED')],
    mileStats: { miles: null, totalEmpty: null, pu: null, trl: null, totalMiles: null, totalDuration: null, emptyMiles: null, loadedMiles: null, payableMileage: null },
    routeSource: 'HERE',
    version: 3,
    updated: '2026-03-02T15:00:00.000Z',
  };
  const row = { id: 42, identifierType: 'LOAD_NUMBER', loadNumber: 'L-42', trailerNumber: null } as TripRow;
  /** Practical answers a 100-mile leg, Shortest a 90-mile one (2 h either way). */
  const route = ({ body }: MockCall): RouteResponse => {
    const miles = (body as RouteRequest).routingMode === 'SHORTEST' ? 90 : 100;
    const leg = { distance: milesToMetres(miles), duration: 7200, polyline: '' };
    return { source: 'HERE', estimateReason: null, routes: [{ legs: [leg], distance: leg.distance, duration: leg.duration, notices: [], truckRestricted: false }] };
  };

  it("the New route title names the user's own settings", async () => {
    mockApi({
      'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
      'GET /recovery/reasons': () => page([]),
      'GET /user-route-setting/1': () => ({ ...SETTING, routingType: 'SHORTEST', trailerType: null, distanceUnit: 'KM' }),
    });
    renderWithApp(<TripDrawer open onOpenChange={() => {}} target={{ mode: 'create' }} />, { user: makeUser(['CAN_CREATE_TRIP', 'CAN_VIEW_USER_ROUTE_SETTING_TRIP']) });
    expect(await screen.findByRole('dialog', { name: 'New route: Shortest, No Trailer, KM' })).toBeInTheDocument();
  });

  it('offers the route settings popover in the header; a change there recalculates the legs and follows the unit', async () => {
    const { calls } = mockApi({
      'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
      'GET /recovery/reasons': () => page([]),
      'GET /trips/42': () => trip,
      'GET /user-route-setting/1': () => SETTING,
      'PUT /user-route-setting/3': ({ body }) => ({ ...(body as object), id: 3 }),
      'POST /routing/routes': route,
    });
    const user = userEvent.setup();
    renderWithApp(<TripDrawer open onOpenChange={() => {}} target={{ mode: 'edit', row }} />, { user: makeUser(['CAN_EDIT_TRIP', 'CAN_VIEW_USER_ROUTE_SETTING_TRIP']) });
    const drawer = await screen.findByRole('dialog', { name: 'Edit Trip: L-42' });
    const figures = () =>
      within(drawer)
        .getAllByTestId('stop-figures')
        .map((p) => p.textContent);
    await waitFor(() => expect(figures()).toEqual(['Leg 100.0 mi · Total 100.0 mi · 2.00 h']), { timeout: 3000 });

    await user.click(within(drawer).getByRole('button', { name: "Route settings: Practical, 53' Trailer, Miles" }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Shortest' })).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: 'Shortest' }));
    await waitFor(() => expect(figures()).toEqual(['Leg 90.0 mi · Total 90.0 mi · 2.00 h']), { timeout: 3000 });
    const routed = calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/routing/routes')).map((c) => (c.body as RouteRequest).routingMode);
    expect(routed).toEqual(['PRACTICAL', 'SHORTEST']);

    await user.click(screen.getByRole('radio', { name: 'KM' }));
    await waitFor(() => expect(figures()).toEqual(['Leg 144.8 km · Total 144.8 km · 2.00 h']));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { userId: 1, trailerType: 'TRAILER_53', routingType: 'SHORTEST', distanceUnit: 'MILES' },
      { userId: 1, trailerType: 'TRAILER_53', routingType: 'SHORTEST', distanceUnit: 'KM' },
    ]);
  });
});

const stop = (id: number, address: string, latitude: number, longitude: number, orderIndex: number, stopType: string, loadStatus: string) => ({
  id,
  address,
  latitude,
  longitude,
  stopType,
  loadStatus,
  loadStatusExplicit: false,
  orderIndex,
  distance: null,
  totalDistance: null,
  duration: null,
});
const TRIP: TripDetail = {
  id: 42,
  truckId: 1,
  driverId: 2,
  dispatcherId: null,
  truck: { id: 1, unitNumber: '101' },
  driver: { id: 2, firstName: 'Sam', lastName: 'Hill' },
  dispatcher: null,
  identifierType: 'LOAD_NUMBER',
  loadNumber: 'L-42',
  trailerNumber: null,
  tripStatus: 'IN_TRANSIT',
  pickupDateTime: '03/02/2026 09:00:00',
  startDateTime: null,
  endDateTime: null,
  startOdometer: null,
  endOdometer: null,
  emptyMiles: null,
  loadedMiles: null,
  payableMileage: null,
  notes: null,
  recoveryReasonId: null,
  recoveryReasonName: null,
  recoveryLoadIndex: 0,
  isRecoveryLoad: false,
  hasIncompleteTrips: false,
  tripStops: [
    stop(1, 'Chicago, IL', 41.88, -87.63, 0, 'START', 'EMPTY'),
    stop(2, 'Tulsa, OK', 36.15, -95.99, 1, 'PICKUP', 'LOADED'),
    stop(3, 'Dallas, TX', 32.78, -96.8, 2, 'DELIVERY', 'LOADED'),
  ],
  mileStats: { miles: null, totalEmpty: null, pu: null, trl: null, totalMiles: null, totalDuration: null, emptyMiles: null, loadedMiles: null, payableMileage: null },
  routeSource: 'ESTIMATE',
  version: 3,
  updated: '2026-03-02T15:00:00.000Z',
};

/** A routing answer: every leg 100 miles. */
const legs = ({ body }: MockCall): RouteResponse => {
  const { stops } = body as RouteRequest;
  const answer = stops.slice(1).map(() => ({ distance: 160_934, duration: 7200, polyline: '' }));
  return {
    source: 'HERE',
    estimateReason: null,
    routes: [{ legs: answer, distance: 160_934 * answer.length, duration: 7200 * answer.length, notices: [], truckRestricted: false }],
  };
};

function setupEdit() {
  const api = mockApi({
    'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
    'GET /recovery/reasons': () => page([]),
    'GET /trips/42': () => TRIP,
    'GET /user-route-setting/1': () => ({ id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' }),
    'POST /routing/routes': legs,
  });
  const onOpenChange = vi.fn();
  const row = { id: 42 } as TripRow;
  renderWithApp(<TripDrawer open onOpenChange={onOpenChange} target={{ mode: 'edit', row }} />, { user: makeUser(['CAN_EDIT_TRIP']) });
  return { api, onOpenChange };
}

describe('Trip drawer: editing a trip', () => {
  it('a new trip starts In Transit, and the status field shows it', async () => {
    setup();
    expect(await screen.findByLabelText('Trip Status')).toHaveValue('IN_TRANSIT');
  });

  it('the legs the routing fills in are no change: an untouched trip closes at once', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = setupEdit();
    await screen.findAllByTestId('stop-figures', {}, { timeout: 3000 });
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a removed stop is an unsaved change: closing asks first', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = setupEdit();
    await user.click(await screen.findByRole('button', { name: 'Remove Stop B' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
