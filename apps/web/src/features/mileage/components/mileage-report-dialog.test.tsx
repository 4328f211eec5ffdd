import type { MileStatsLeg, SourceMileStats, TripMileStats } from '@milepost/contracts/mile-stats-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { apiError, mockApi, type MockHandler } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { MileageReportDialog } from './mileage-report-dialog';

const leg = (toIndex: number, stopType: string, over: Partial<MileStatsLeg> = {}): MileStatsLeg => ({
  toIndex,
  stopId: toIndex + 10,
  stopType: stopType as MileStatsLeg['stopType'],
  loadStatus: stopType === 'DELIVERY' ? 'LOADED' : 'EMPTY',
  miles: 10,
  method: 'HERE',
  otherMiles: null,
  otherMethod: null,
  differs: false,
  gap: false,
  reachedAt: null,
  ...over,
});

const source = (over: Partial<SourceMileStats>): SourceMileStats => ({ miles: 0, totalEmpty: 0, pu: 0, trl: 0, totalMiles: 0, totalOdometers: null, legs: [], ...over });

function stats(manual: TripMileStats['manualStats'] = { payableMileage: null, emptyMiles: null, loadedMiles: null, version: 3 }): TripMileStats {
  return {
    hereStats: source({
      miles: 450.04,
      totalEmpty: 50,
      pu: 50,
      totalMiles: 500.04,
      legs: [leg(1, 'PICKUP', { miles: 50, method: 'HERE' }), leg(2, 'DELIVERY', { miles: 450.04, method: 'ESTIMATE' })],
    }),
    samsaraStats: source({
      miles: 460.3,
      totalEmpty: 52.06,
      pu: 52.06,
      totalMiles: 512.36,
      totalOdometers: 1234.56,
      legs: [
        leg(1, 'PICKUP', { miles: 52.06, method: 'ODOMETER', otherMiles: 49.1, otherMethod: 'GPS', differs: true, reachedAt: '09/21/2026 09:33:20' }),
        leg(2, 'DELIVERY', { miles: 460.3, method: 'GPS', gap: true, reachedAt: '09/21/2026 17:00:00' }),
      ],
    }),
    gleStats: source({ miles: 445, totalEmpty: 50, totalMiles: 495, legs: [leg(1, 'PICKUP', { miles: 50, method: 'GPS' }), leg(2, 'DELIVERY', { miles: null, method: null })] }),
    samsaraFetchedAt: '2026-11-25T12:40:00.000Z',
    gleFetchedAt: null,
    manualStats: manual,
  };
}

const STATE_MILES = {
  sources: [
    {
      source: 'GPS',
      computedFrom: 'SAMSARA track fetched 2026-10-05T16:00:00.000Z, 2 of 2 legs measured',
      partial: false,
      states: [
        { state: 'MO', miles: 250.04 },
        { state: 'IL', miles: 160.2 },
        { state: 'IN', miles: 120.4 },
      ],
    },
    {
      source: 'ROUTE',
      computedFrom: 'HERE route of trip version 2',
      partial: false,
      states: [
        { state: 'MO', miles: 248 },
        { state: 'IL', miles: 161 },
        { state: 'IN', miles: 121 },
        { state: 'ON', miles: 2 },
      ],
    },
  ],
};

const SETTING = { id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' };

function setup(data: TripMileStats | MockHandler, permissions: string[], put?: MockHandler, distanceUnit: 'MILES' | 'KM' = 'MILES') {
  const api = mockApi({
    'GET /mile-stats/42': typeof data === 'function' ? data : () => data,
    'PUT /mile-stats/payable-mileage': put ?? (() => ({ id: 42 })),
    'GET /user-route-setting/1': () => ({ ...SETTING, distanceUnit }),
    'GET /trips/42/state-miles': () => STATE_MILES,
  });
  renderWithApp(
    <>
      <MileageReportDialog trip={{ id: 42, number: 'L-42' }} onOpenChange={() => {}} />
      <Toasts />
    </>,
    { user: makeUser(permissions) },
  );
  return api;
}

const VIEW = ['CAN_VIEW_MILEAGE_REPORT_TRIP'];
const EDIT = ['CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_EDIT_MILEAGE_REPORT_TRIP'];

describe('Mileage Report dialog', () => {
  it('shows HERE, SAMSARA and GLE with differences from the first source to one decimal, coloured by sign, and where each figure came from', async () => {
    setup(stats(), VIEW);
    const table = await screen.findByRole('table', { name: 'Mileage by source' });
    expect(screen.getByRole('heading', { name: 'Mileage Report: L-42' })).toBeInTheDocument();
    // An estimate is never called HERE: the copy names the first row, whichever it is.
    expect(screen.getByText(/differences are from the first row/)).toHaveTextContent('Miles by the route (HERE, or an Estimate without one)');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Source', 'Miles', 'Total Empty', 'TOTAL MILES', 'DIFFERENCES', 'TOTAL ODOMETERS']);
    const [here, samsara, gle] = within(table).getAllByRole('row').slice(1);
    expect(
      within(here!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['450.0', '50.0', '500.0', '—', '—']);
    expect(here).toHaveTextContent('HERE route (1 leg), Estimate (1 leg)');
    const samsaraCells = within(samsara!).getAllByRole('cell');
    expect(samsaraCells.map((c) => c.textContent)).toEqual(['460.3', '52.1', '512.4', '+12.3', '1 234.6']);
    expect(samsaraCells[3]).toHaveAttribute('data-sign', 'positive');
    expect(samsaraCells[3]).toHaveClass('text-orange-600');
    expect(samsara).toHaveTextContent('Odometer (1 leg), GPS track (1 leg)');
    const gleCells = within(gle!).getAllByRole('cell');
    expect(gleCells[3]).toHaveTextContent('-5.0');
    expect(gleCells[3]).toHaveClass('text-green-600');
    expect(gle).toHaveTextContent('GPS track (1 leg), 1 leg not measured');
  });

  it('shows a figure saved before its source was recorded, and says so', async () => {
    const data = stats();
    data.hereStats!.legs[1] = leg(2, 'DELIVERY', { miles: 450.04, method: null });
    setup(data, VIEW);
    const table = await screen.findByRole('table', { name: 'Mileage by source' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('HERE route (1 leg), source not recorded (1 leg)');
    const user = userEvent.setup();
    await user.click(screen.getByText('Legs by source (2)'));
    const legsTable = screen.getByRole('table', { name: 'Legs by source' });
    expect(within(within(legsTable).getAllByRole('row')[2]!).getAllByRole('cell')[2]).toHaveTextContent('450.0 source not recorded');
  });

  it('says when each telematics source was fetched; only those allowed see Refresh telematics', async () => {
    setup(stats(), VIEW);
    expect(await screen.findByTestId('telematics-fetched')).toHaveTextContent('Samsara · as of 11/25 06:40 CT');
    expect(screen.getByTestId('telematics-fetched')).toHaveTextContent('GLE · not fetched yet');
    expect(screen.queryByRole('button', { name: 'Refresh telematics' })).not.toBeInTheDocument();
  });

  it('Refresh telematics says why it cannot fetch (no token, provider off), and can be tried again', async () => {
    const message = 'Cannot fetch: Samsara is on for Prairie Freight Lines but has no API token. Add it in Companies → Update API Tokens.';
    mockApi({
      'GET /mile-stats/42': () => stats(),
      'POST /mile-stats/42/refresh': () => apiError(409, message, 'INTEGRATION_DISABLED'),
      'GET /user-route-setting/1': () => SETTING,
    });
    renderWithApp(
      <>
        <MileageReportDialog trip={{ id: 42, number: 'L-42' }} onOpenChange={() => {}} />
        <Toasts />
      </>,
      { user: makeUser(['CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_SYNC_INTEGRATIONS']) },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refresh telematics' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh telematics' })).toBeEnabled();
  });

  it('Refresh telematics queues the fetch (POST /mile-stats/{tripId}/refresh) and says so', async () => {
    const api = mockApi({
      'GET /mile-stats/42': () => stats(),
      'POST /mile-stats/42/refresh': () => ({ tripId: 42, state: 'QUEUED' }),
      'GET /user-route-setting/1': () => SETTING,
    });
    renderWithApp(
      <>
        <MileageReportDialog trip={{ id: 42, number: 'L-42' }} onOpenChange={() => {}} />
        <Toasts />
      </>,
      { user: makeUser(['CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_SYNC_INTEGRATIONS']) },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refresh telematics' }));
    expect(await screen.findByText('Telematics refresh queued; the figures update in a few seconds.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/v1/mile-stats/42/refresh']);
    expect(screen.getByRole('button', { name: 'Refresh queued…' })).toBeDisabled();
  });

  it('says a source has no data and leaves its differences blank', async () => {
    setup({ ...stats(), samsaraStats: null, hereStats: null }, VIEW);
    const table = await screen.findByRole('table', { name: 'Mileage by source' });
    const [here, samsara, gle] = within(table).getAllByRole('row').slice(1);
    expect(here).toHaveTextContent('No data');
    expect(
      within(samsara!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', '—', '—', '—', '—']);
    expect(within(gle!).getAllByRole('cell')[3]).toHaveTextContent('—');
  });

  it('opens in edit mode when no manual figures exist, computes payable, saves and turns read-only', async () => {
    let saved = { payableMileage: null as number | null, emptyMiles: null as number | null, loadedMiles: null as number | null, version: 3 };
    const api = setup(
      () => stats(saved),
      EDIT,
      ({ body }) => {
        saved = { ...(body as typeof saved), version: saved.version + 1 };
        return { id: 42 };
      },
    );
    const user = userEvent.setup();
    const loaded = await screen.findByLabelText('LOADED MILES');
    expect(loaded).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    await user.type(loaded, '400.5');
    await user.type(screen.getByLabelText('EMPTY MILES'), '52');
    expect(screen.getByLabelText('PAYABLE MILEAGE')).toHaveValue('452.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ tripId: 42, loadedMiles: 400.5, emptyMiles: 52, payableMileage: 452.5, version: 3 });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText('LOADED MILES')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('LOADED MILES')).toHaveValue(400.5);
    expect(screen.getByLabelText('PAYABLE MILEAGE')).toHaveValue('452.5');
  });

  it('shows saved figures read-only until Edit, and refuses a negative figure with the rule message', async () => {
    const api = setup(stats({ payableMileage: 500, emptyMiles: 50, loadedMiles: 450, version: 3 }), EDIT);
    const user = userEvent.setup();
    const loaded = await screen.findByLabelText('LOADED MILES');
    expect(loaded).toHaveAttribute('readonly');
    expect(loaded).toHaveValue(450);
    expect(screen.getByLabelText('PAYABLE MILEAGE')).toHaveValue('500');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(loaded).not.toHaveAttribute('readonly');
    await user.clear(loaded);
    await user.type(loaded, '-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Miles cannot be negative')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('LOADED MILES')).toHaveValue(450);
    expect(screen.getByLabelText('LOADED MILES')).toHaveAttribute('readonly');
  });

  it("loaded miles 1000000 say 'At most 100,000 miles', not 'Must be a number'; negative empty miles are refused in the form; 1e6 is not plain decimal notation", async () => {
    const api = setup(stats(), EDIT);
    const user = userEvent.setup();
    const loaded = await screen.findByLabelText('LOADED MILES');
    await user.type(loaded, '1000000');
    await user.type(screen.getByLabelText('EMPTY MILES'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 100,000 miles')).toBeInTheDocument();
    expect(screen.getByText('Miles cannot be negative')).toBeInTheDocument();
    expect(screen.queryByText('Must be a number')).not.toBeInTheDocument();
    await user.clear(loaded);
    await user.type(loaded, '1e6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a number')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('offers no Edit or Save without CAN_EDIT_MILEAGE_REPORT_TRIP, even with no manual figures', async () => {
    setup(stats(), VIEW);
    const loaded = await screen.findByLabelText('LOADED MILES');
    expect(loaded).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("says the server's message when a save fails, else 'Error updating mileage data', and stays in edit mode", async () => {
    let fail: Response = apiError(409, 'This trip was changed by someone else.');
    setup(stats(), EDIT, () => fail);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('LOADED MILES'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This trip was changed by someone else.')).toBeInTheDocument();
    fail = Response.json({}, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error updating mileage data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it("a save refused as stale (STALE_VERSION) offers 'Reload', which shows the trip's figures as they are now", async () => {
    let current = { payableMileage: 500, emptyMiles: 50, loadedMiles: 450, version: 3 };
    const api = setup(
      () => stats(current),
      EDIT,
      () => apiError(409, 'This trip was changed by someone else since you opened it.', 'STALE_VERSION'),
    );
    const user = userEvent.setup();
    const loaded = await screen.findByLabelText('LOADED MILES');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(loaded);
    await user.type(loaded, '400');
    // Someone else saves meanwhile.
    current = { payableMileage: 610, emptyMiles: 60, loadedMiles: 550, version: 4 };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This trip was changed by someone else since you opened it.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ loadedMiles: 400, version: 3 });
    // Still editing, the typed figure kept, until the user reloads.
    expect(loaded).toHaveValue(400);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText('LOADED MILES')).toHaveValue(550));
    expect(screen.getByLabelText('LOADED MILES')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('PAYABLE MILEAGE')).toHaveValue('610');
    // The next save sends the version it now shows.
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ loadedMiles: 550, emptyMiles: 60, version: 4 });
  });

  it('breaks each leg down by source with its provenance and the engine flags', async () => {
    setup(stats(), VIEW);
    const user = userEvent.setup();
    await user.click(await screen.findByText('Legs by source (2)'));
    const table = screen.getByRole('table', { name: 'Legs by source' });
    const [toPickup, toDelivery] = within(table).getAllByRole('row').slice(1);
    const pickupCells = within(toPickup!).getAllByRole('cell');
    expect(pickupCells[0]).toHaveTextContent('B · PICKUP');
    expect(pickupCells[2]).toHaveTextContent('50.0 HERE');
    expect(pickupCells[3]).toHaveTextContent('52.1 odometer');
    expect(pickupCells[3]).toHaveTextContent('GPS track: 49.1 mi');
    expect(pickupCells[3]).toHaveTextContent('differs >3 %');
    const deliveryCells = within(toDelivery!).getAllByRole('cell');
    expect(deliveryCells[2]).toHaveTextContent('≈ 450.0 estimate');
    expect(deliveryCells[2]!.querySelector('[data-source="ESTIMATE"]')!.getAttribute('title')).toContain('Estimate (no HERE route)');
    expect(deliveryCells[3]).toHaveTextContent('460.3 GPS');
    expect(deliveryCells[3]).toHaveTextContent('gap');
    expect(deliveryCells[4]).toHaveTextContent('Not reached');
  });

  it("with KM in the user's route settings shows every figure in km and says so, the manual figures too: shown and typed in km, stored in miles", async () => {
    let saved = { payableMileage: 500, emptyMiles: 50, loadedMiles: 450, version: 3 };
    const api = setup(
      () => stats(saved),
      EDIT,
      ({ body }) => {
        saved = { ...(body as typeof saved), version: saved.version + 1 };
        return { id: 42 };
      },
      'KM',
    );
    const table = await screen.findByRole('table', { name: 'Mileage by source' });
    await waitFor(() => expect(within(table).getAllByRole('columnheader')[1]).toHaveTextContent('km'));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Source', 'km', 'Total Empty (km)', 'TOTAL KM', 'DIFFERENCES (km)', 'TOTAL ODOMETERS (km)']);
    expect(screen.queryByText(/Miles \(km\)|MILES \(km\)/)).not.toBeInTheDocument();
    expect(screen.getByText(/Distances in km by the route/)).toBeInTheDocument();
    const [here, samsara, gle] = within(table).getAllByRole('row').slice(1);
    // 450.04 mi = 724.27 km, 50 mi = 80.47 km, 500.04 mi = 804.74 km.
    expect(
      within(here!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['724.3', '80.5', '804.7', '—', '—']);
    // The difference is taken in km (12.32 mi = 19.83 km), not a rounded mile difference converted.
    expect(
      within(samsara!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['740.8', '83.8', '824.6', '+19.8', '1 986.8']);
    expect(within(gle!).getAllByRole('cell')[3]).toHaveTextContent('-8.1');

    // The manual figures: stored and paid in miles, shown and typed in km (450 mi = 724.2 km).
    const loaded = screen.getByLabelText('LOADED KM');
    expect(loaded).toHaveValue(724.2);
    expect(screen.getByLabelText('EMPTY KM')).toHaveValue(80.5);
    expect(screen.getByLabelText('PAYABLE KM')).toHaveValue('804.7');
    expect(screen.getByText('Entered in km; pay and the CSV exports stay in miles.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(loaded);
    await user.type(loaded, '644.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    // 644.5 km = 400.47361 mi (kept as 644 500 m); the untouched empty figure keeps its stored 50 miles exactly.
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({ tripId: 42, loadedMiles: 400.47361, emptyMiles: 50, payableMileage: 450.5, version: 3 });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByLabelText('LOADED KM')).toHaveValue(644.5);

    await user.click(screen.getByText('Legs by source (2)'));
    const legs = screen.getByRole('table', { name: 'Legs by source' });
    const pickupCells = within(within(legs).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(pickupCells[2]).toHaveTextContent('80.5 HERE');
    expect(pickupCells[3]).toHaveTextContent('83.8 odometer');
    expect(pickupCells[3]).toHaveTextContent('GPS track: 79.0 km');
    expect(screen.getByText(/Figures in km\./)).toBeInTheDocument();
  });

  it('with Miles labels the manual figures as the spec does, without a unit note', async () => {
    setup(stats({ payableMileage: 500, emptyMiles: 50, loadedMiles: 450, version: 3 }), VIEW);
    expect(await screen.findByLabelText('LOADED MILES')).toHaveValue(450);
    expect(screen.queryByText('Manual mileage is entered and paid in miles.')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('Legs by source (2)'));
    expect(screen.getByText(/Figures in miles\./)).toBeInTheDocument();
  });

  it('shows why the report could not load', async () => {
    setup(() => apiError(404, 'Trip not found.'), VIEW);
    expect(await screen.findByRole('alert')).toHaveTextContent('Trip not found.');
  });

  it('shows the trip’s miles by state per source, the counted (best) source first, with what each was computed from', async () => {
    setup(stats(), VIEW);
    const split = await screen.findByRole('region', { name: 'Miles by state' }, { timeout: 8000 });
    const lines = await within(split).findAllByRole('listitem', undefined, { timeout: 8000 });
    expect(lines.map((l) => l.textContent)).toEqual(['GPS (counted): MO 250.0 mi · IL 160.2 mi · IN 120.4 mi', 'HERE route: MO 248.0 mi · IL 161.0 mi · IN 121.0 mi · ON 2.0 mi']);
    expect(lines[0]!.title).toContain('SAMSARA track');
    // A province says what it is on hover, as on Reports → State miles; a US state does not.
    expect(within(lines[1]!).getByText('ON 2.0 mi')).toHaveAttribute('title', 'Ontario, Canada (IFTA jurisdiction).');
    expect(within(lines[1]!).getByText('MO 248.0 mi')).not.toHaveAttribute('title');
  });
});

describe('Mileage Report: estimates and phones', () => {
  afterEach(() => vi.unstubAllGlobals());
  const estimated = () => {
    const s = stats();
    return { ...s, hereStats: { ...s.hereStats!, legs: s.hereStats!.legs.map((l) => ({ ...l, method: 'ESTIMATE' as const })) } };
  };

  it('names the routing row Estimate when no HERE route was used, its figures with "≈"', async () => {
    setup(estimated(), VIEW);
    const table = await screen.findByRole('table', { name: 'Mileage by source' });
    const routing = within(table).getAllByRole('row')[1]!;
    expect(within(routing).getByRole('rowheader')).toHaveTextContent(/^Estimate/);
    // The screen reader hears the unit and "est." after each figure.
    expect(
      within(routing)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['≈ 450.0 mi est.', '≈ 50.0 mi est.', '≈ 500.0 mi est.', '—', '—']);
    // The estimate's hover, as on the trips list (one component): what it was computed with.
    const total = within(routing).getAllByRole('cell')[2]!.querySelector('[data-source="ESTIMATE"]')!;
    expect(total.getAttribute('title')).toContain('Estimate (no HERE route)');
    expect(total.getAttribute('title')).toContain('Default road factor');
    // A routed row stays HERE, plain.
    expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[0]!.textContent).not.toMatch(/≈/);
  });

  it("says the estimate's basis under the table: the fitted default band, or the company's own legs", async () => {
    setup({ ...estimated(), routeSource: 'ESTIMATE', routeEstimateBasis: { kind: 'DEFAULT', band: 'FROM_100', factor: 1.219, sampleSize: null, p25: null, p75: null } }, VIEW);
    expect(await screen.findByTestId('estimate-basis')).toHaveTextContent('Estimate: default × 1.22 for 100–500 mi (fitted on road miles between US cities)');
  });

  it("says a calibrated company's factor and its number of legs under the table", async () => {
    setup({ ...estimated(), routeSource: 'ESTIMATE', routeEstimateBasis: { kind: 'COMPANY', band: 'LONG', factor: 1.0812, sampleSize: 212, p25: 1.051, p75: 1.124 } }, VIEW);
    expect(await screen.findByTestId('estimate-basis')).toHaveTextContent('Estimate: × 1.08 from 212 of your legs (middle half 1.05–1.12)');
  });

  it('a HERE-routed trip has no basis line', async () => {
    setup(stats(), VIEW);
    await screen.findByRole('table', { name: 'Mileage by source' });
    expect(screen.queryByTestId('estimate-basis')).toBeNull();
  });

  it('on a phone turns the table: one column per source, so DIFFERENCES and TOTAL ODOMETERS fit', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    setup(stats(), VIEW);
    const table = await screen.findByRole('table', { name: 'Mileage by source' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'HERE', 'SAMSARA', 'GLE']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Miles', 'Total Empty', 'TOTAL MILES', 'DIFFERENCES', 'TOTAL ODOMETERS', 'Measured by']);
    const differences = within(table).getByRole('rowheader', { name: 'DIFFERENCES' }).closest('tr')!;
    expect(
      within(differences)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', '+12.3', '-5.0']);
  });

  it('a trip that needs review: each complete source offers "Use these miles", saved with its source named', async () => {
    const data = { ...stats(), review: { status: 'NEEDS_REVIEW' as const, payBasis: 'ROUTED' as const, tolerancePct: 3 } };
    const { calls } = setup(data, EDIT);
    const offers = await screen.findByTestId('use-source-miles');
    // HERE and Samsara are complete; GLE measured 1 of 2 legs.
    expect(
      within(offers)
        .getAllByRole('button', { name: /^Use these miles/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Use these miles: HERE route', 'Use these miles: Samsara']);
    expect(offers).toHaveTextContent('Samsara · payable 512.4 mi, loaded 460.3 mi, empty 52.1 mi');
    const user = userEvent.setup();
    await user.click(within(offers).getByRole('button', { name: 'Use these miles: Samsara' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ tripId: 42, payableMileage: 512.4, loadedMiles: 460.3, emptyMiles: 52.1, version: 3, source: 'SAMSARA' });
    expect(await screen.findByText('Payable miles taken from Samsara')).toBeInTheDocument();
  });

  it("offers no source's miles to a viewer, nor on a trip that is ready or approved", async () => {
    setup({ ...stats(), review: { status: 'NEEDS_REVIEW', payBasis: 'ROUTED', tolerancePct: 3 } }, VIEW);
    await screen.findByRole('table', { name: 'Mileage by source' });
    expect(screen.queryByTestId('use-source-miles')).not.toBeInTheDocument();
  });

  it("marks a source beyond the company's tolerance of the pay basis, and says so in a sentence; the colours stay", async () => {
    setup({ ...stats(), review: { status: 'NEEDS_REVIEW', payBasis: 'ROUTED', tolerancePct: 2 } }, VIEW);
    const table = await screen.findByRole('table', { name: 'Mileage by source' });
    const [here, samsara, gle] = within(table).getAllByRole('row').slice(1);
    // Samsara 512.4 is 2.5 % over routed 500.0: marked. GLE is partial: not compared. HERE is the basis.
    expect(samsara!.querySelector('[data-beyond-tolerance]')).not.toBeNull();
    expect(here!.querySelector('[data-beyond-tolerance]')).toBeNull();
    expect(gle!.querySelector('[data-beyond-tolerance]')).toBeNull();
    expect(within(samsara!).getAllByRole('cell')[3]).toHaveClass('text-orange-600');
    expect(screen.getByTestId('beyond-tolerance')).toHaveTextContent('SAMSARA 512.4 mi is 2.5 % over the pay basis (routed 500.0 mi; tolerance 2 %)');
  });

  it('marks nothing within tolerance', async () => {
    setup({ ...stats(), review: { status: 'READY', payBasis: 'ROUTED', tolerancePct: 3 } }, EDIT);
    await screen.findByRole('table', { name: 'Mileage by source' });
    expect(screen.queryByTestId('beyond-tolerance')).not.toBeInTheDocument();
    expect(screen.queryByTestId('use-source-miles')).not.toBeInTheDocument();
  });
});
