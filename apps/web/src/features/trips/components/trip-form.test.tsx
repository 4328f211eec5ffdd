import type { DuplicateCheckRow, TripDetail } from '@milepost/contracts/trips-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { PRECHECK_QUESTION } from './precheck-dialog';
import { TripForm } from './trip-form';

function makeTrip(overrides: Partial<TripDetail> = {}): TripDetail {
  const stop = (id: number, address: string, lat: number, lng: number, orderIndex: number, stopType: string, loadStatus: string) => ({
    id,
    address,
    latitude: lat,
    longitude: lng,
    stopType,
    loadStatus,
    loadStatusExplicit: false,
    orderIndex,
    distance: null,
    totalDistance: null,
    duration: null,
  });
  return {
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
    routeSource: 'ESTIMATE',
    version: 3,
    updated: '2026-03-02T15:00:00.000Z',
    ...overrides,
  };
}

const match = (tripStatus: string): DuplicateCheckRow => ({
  id: 7,
  truckId: 5,
  unitNumber: '205',
  identifierType: 'LOAD_NUMBER',
  loadNumber: 'L-77',
  trailerNumber: null,
  driverName: 'Ana Cruz',
  tripStatus,
  recoveryLoadIndex: 0,
});

function setup(trip: TripDetail, matches: DuplicateCheckRow[] | 'fail') {
  const api = mockApi({
    'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
    'GET /recovery/reasons': () => page([{ id: 3, name: 'Breakdown', active: true, created: '2026-01-01T00:00:00.000Z' }]),
    'GET /trips/check-number': () => (matches === 'fail' ? Response.json({ message: 'boom' }, { status: 500 }) : matches),
    'PUT /trips/42': ({ body }) => ({ ...trip, ...(body as object) }),
  });
  const onDone = vi.fn();
  renderWithApp(
    <>
      <TripForm trip={trip} onDone={onDone} onCancel={() => {}} />
      <Toasts />
    </>,
    { user: makeUser(['CAN_EDIT_TRIP']) },
  );
  return { api, onDone };
}

async function submitWithNumber(number: string) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText('Load Number');
  await user.clear(input);
  await user.type(input, number);
  await user.click(screen.getByRole('button', { name: 'Update Trip' }));
  return user;
}

const puts = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'PUT');

describe('Trip form submit precheck', () => {
  it('blocks when a matching trip is not completed', async () => {
    const { api, onDone } = setup(makeTrip(), [match('COMPLETED'), match('IN_TRANSIT')]);
    await submitWithNumber('L-77');
    expect(await screen.findByText('This load is still uncompleted. Please complete the current trip before creating a recovery.')).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByText(PRECHECK_QUESTION)).not.toBeInTheDocument();
  });

  it('asks for a recovery reason when completed trips use the number', async () => {
    const { api } = setup(makeTrip(), [match('COMPLETED')]);
    await submitWithNumber('L-77');
    expect(await screen.findByText('Recovery reason is required when creating a recovery load.')).toBeInTheDocument();
    expect(screen.getByText('Recovery reason is required')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Recovery Reason' })).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);
  });

  it('with a reason: lists the matches, No keeps the form, Yes saves with the version', async () => {
    const { api, onDone } = setup(makeTrip({ recoveryReasonId: 3 }), [match('COMPLETED')]);
    const user = await submitWithNumber('L-77');
    const dialog = await screen.findByRole('dialog', { name: 'Number already used' });
    expect(dialog).toHaveTextContent(PRECHECK_QUESTION);
    expect(dialog).toHaveTextContent('205');
    expect(dialog).toHaveTextContent('Ana Cruz');
    expect(dialog).toHaveTextContent('Completed');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(puts(api)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Update Trip' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts(api)[0]!.body).toMatchObject({ identifierValue: 'L-77', version: 3, recoveryReasonId: 3, pickupDateTime: '03/02/2026 09:00:00' });
    expect(await screen.findByText('Trip updated successfully!')).toBeInTheDocument();
  });

  it("an edited recovery load shows its reason's name, not 'Reason #id'", async () => {
    setup(makeTrip({ recoveryReasonId: 3, recoveryReasonName: 'Breakdown', recoveryLoadIndex: 1, isRecoveryLoad: true }), []);
    const reason = await screen.findByRole('combobox', { name: 'Recovery Reason' });
    expect(reason).toHaveTextContent('Breakdown');
    expect(reason).not.toHaveTextContent('#3');
  });

  it('a failed precheck is ignored and the save continues', async () => {
    const { api, onDone } = setup(makeTrip(), 'fail');
    await submitWithNumber('L-99');
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts(api)).toHaveLength(1);
  });

  it('a stale version shows the server message with a Reload action', async () => {
    const trip = makeTrip();
    const api = mockApi({
      'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
      'GET /trips/42': () => ({ ...trip, version: 4, notes: 'fresh' }),
      'PUT /trips/42': () => Response.json({ status: 409, code: 'STALE_VERSION', message: 'Changed by someone else.' }, { status: 409 }),
    });
    renderWithApp(
      <>
        <TripForm trip={trip} onDone={() => {}} onCancel={() => {}} />
        <Toasts />
      </>,
      { user: makeUser(['CAN_EDIT_TRIP']) },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Trip' }));
    expect(await screen.findByText('Changed by someone else.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveValue('fresh'));
    expect(api.calls.some((c) => c.method === 'GET' && c.url.pathname.endsWith('/trips/42'))).toBe(true);
  });

  it('payable mileage shows empty + loaded only when both are numbers', async () => {
    setup(makeTrip(), []);
    const user = userEvent.setup();
    const payable = await screen.findByLabelText('Payable Mileage');
    await user.type(screen.getByLabelText('Empty Miles'), '10.5');
    expect(payable).toHaveValue('');
    await user.type(screen.getByLabelText('Loaded Miles'), '20');
    expect(payable).toHaveValue('30.5');
  });

  it.each([
    ['COMPLETED', ['In Transit', 'Completed']],
    ['UPCOMING', ['Upcoming', 'In Transit', 'Completed', 'Cancelled']],
    ['CANCELLED', ['Cancelled']],
  ] as const)('offers a %s trip only the statuses TRIP_STATUS_TRANSITIONS allows', async (tripStatus, labels) => {
    setup(makeTrip({ tripStatus }), []);
    const select = await screen.findByLabelText('Trip Status');
    expect([...(select as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(labels);
  });

  it('refuses an end odometer below the start, and negative miles and odometers, in the form: nothing is sent', async () => {
    const { api } = setup(makeTrip({ tripStatus: 'COMPLETED', startOdometer: 1000, endOdometer: 1200 }), []);
    const user = userEvent.setup();
    const end = await screen.findByLabelText('End Odometer');
    await user.clear(end);
    await user.type(end, '999');
    await user.type(screen.getByLabelText('Loaded Miles'), '-1');
    await user.click(screen.getByRole('button', { name: 'Update Trip' }));
    expect(await screen.findByText('End odometer must not be less than start odometer')).toBeInTheDocument();
    expect(screen.getByText('Miles cannot be negative')).toBeInTheDocument();
    expect(screen.getByLabelText('End Odometer')).toHaveAttribute('aria-invalid', 'true');

    const start = screen.getByLabelText('Start Odometer');
    await user.clear(start);
    await user.type(start, '-5');
    await user.click(screen.getByRole('button', { name: 'Update Trip' }));
    expect(await screen.findByText('An odometer reading cannot be negative')).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);

    // Equal readings (the truck did not move) and no negative miles: the trip is saved.
    await user.clear(start);
    await user.type(start, '999');
    await user.clear(screen.getByLabelText('Loaded Miles'));
    await user.click(screen.getByRole('button', { name: 'Update Trip' }));
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]!.body).toMatchObject({ startOdometer: 999, endOdometer: 999, loadedMiles: null });
  });

  it('a refusal other than STALE_VERSION (here NUMBER_IN_USE) shows the message and offers no Reload', async () => {
    const trip = makeTrip();
    mockApi({
      'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
      'GET /trips/check-number': () => [],
      'PUT /trips/42': () => Response.json({ status: 409, code: 'NUMBER_IN_USE', message: 'Number in use by an open trip.' }, { status: 409 }),
    });
    renderWithApp(
      <>
        <TripForm trip={trip} onDone={() => {}} onCancel={() => {}} />
        <Toasts />
      </>,
      { user: makeUser(['CAN_EDIT_TRIP']) },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Trip' }));
    expect(await screen.findByText('Number in use by an open trip.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });
});
