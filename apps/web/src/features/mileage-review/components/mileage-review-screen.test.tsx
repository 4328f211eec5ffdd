import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApproveStatus, ReviewRow, ReviewStatus } from '@milepost/contracts/mileage-review-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { mockApi, page, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import {
  APPROVE_ALL_LABEL,
  APPROVE_SELECTED_LABEL,
  MileageReviewScreen,
  RECOMPUTING_TEXT,
  NOT_APPROVED_NAMED,
  approvalSummary,
  notApprovedLine,
  notApprovedLines,
} from './mileage-review-screen';

/** The user's route settings: miles (the screen follows the user's unit). */
const ROUTE_SETTING = {
  'GET /user-route-setting/1': () => ({ id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' }),
};

const row = (tripId: number, status: ReviewStatus, over: Partial<ReviewRow> = {}): ReviewRow => ({
  tripId,
  version: 3,
  identifierType: 'LOAD_NUMBER',
  number: `LD-${tripId}`,
  truckId: 40 + tripId,
  unitNumber: `U${tripId}`,
  driverId: 7,
  driverName: 'Dave Driver',
  companyName: 'Haulers',
  endDateTime: '11/20/2026 14:00:00',
  routedMiles: 500,
  routeSource: 'HERE',
  actualMiles: 505,
  actualSource: 'SAMSARA',
  actualCoverage: { legs: 2, legsMeasured: 2, pct: 100 },
  differencePct: 1,
  flags: [],
  suggested: {
    payableMileage: 500,
    loadedMiles: 400,
    emptyMiles: 100,
    basis: 'ROUTED',
    from: 'ROUTED',
  },
  payableMileage: status === 'APPROVED' ? 500 : null,
  status,
  ...over,
});
const counts = { NEEDS_REVIEW: 1, READY: 2, APPROVED: 7 };
const listOf = (rows: ReviewRow[]) => ({
  ...page(rows, { size: 100 }),
  counts,
  countsCapped: [],
  recomputing: false,
});

let restore: () => void;
beforeEach(() => (restore = stubElementHeight(720)));
afterEach(() => restore());
const wait = { timeout: 8000 };
const EDITOR = makeUser(['CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_EDIT_MILEAGE_REPORT_TRIP']);

describe('Mileage Review screen', () => {
  it('says it is recomputing for the new rule while the API says rows are behind, and not otherwise', async () => {
    let recomputing = true;
    mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => ({ ...listOf([row(1, 'READY')]), recomputing }),
    });
    const { unmount } = renderWithApp(<MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={() => {}} onOpenTrip={() => {}} />, {
      user: EDITOR,
    });
    const status = await screen.findByTestId('review-recomputing', undefined, wait);
    expect(status).toHaveTextContent(/^Recomputing for the new rule/);
    expect(status).toHaveTextContent(RECOMPUTING_TEXT);
    expect(status).toHaveAttribute('role', 'status');
    unmount();

    recomputing = false;
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={() => {}} onOpenTrip={() => {}} />, { user: EDITOR });
    await screen.findByText('LD-1', undefined, wait);
    expect(screen.queryByText(/Recomputing for the new rule/)).not.toBeInTheDocument();
    expect(approvalSummary([{ status: 'APPROVED' }, { status: 'STALE_RULE' }])).toBe('1 approved · 1 being recomputed for the new rule');
  });

  it('shows the tabs with their counts and the flags as chips whose sentence is their name', async () => {
    const { calls } = mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () =>
        listOf([
          row(1, 'NEEDS_REVIEW', {
            flags: [
              {
                code: 'GPS_GAP',
                sentence: 'GPS gap on the 38.0 mi leg between Joliet, IL and Tulsa, OK',
              },
            ],
          }),
        ]),
    });
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{}} onSearchChange={() => {}} onOpenTrip={() => {}} />, { user: EDITOR });
    const tabs = await screen.findAllByRole('tab', undefined, wait);
    await waitFor(() => expect(tabs.map((t) => t.textContent)).toEqual(['Needs review1', 'Ready2', 'Approved7']), wait);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('GPS gap: GPS gap on the 38.0 mi leg between Joliet, IL and Tulsa, OK')).toHaveTextContent('GPS gap');
    expect(calls[0]!.url.searchParams.get('status')).toBe('NEEDS_REVIEW');
    // Nothing to approve by rule from this tab.
    expect(screen.queryByRole('button', { name: APPROVE_SELECTED_LABEL })).not.toBeInTheDocument();
  });

  it('shows two flag chips and a "+N" chip that names the rest, by tooltip, keyboard and tap', async () => {
    const flags = [
      { code: 'OVER_TOLERANCE', sentence: 'GPS 139.4 mi is 2 % over routed 136.7 mi (tolerance 1 %)' },
      { code: 'GPS_GAP', sentence: 'GPS gap on the 38.0 mi leg between Joliet, IL and Tulsa, OK' },
      { code: 'STOP_NOT_REACHED', sentence: "The truck's GPS track never reached Tulsa, OK (stop 3)" },
      { code: 'ESTIMATE_ONLY', sentence: 'Routed miles are an estimate and there is no GPS track' },
    ] as ReviewRow['flags'];
    const onOpenTrip = vi.fn();
    mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => listOf([row(1, 'NEEDS_REVIEW', { flags })]),
    });
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{}} onSearchChange={() => {}} onOpenTrip={onOpenTrip} />, { user: EDITOR });
    const more = await screen.findByRole(
      'button',
      {
        name: "2 more flags: Stop not reached: The truck's GPS track never reached Tulsa, OK (stop 3); Estimate only: Routed miles are an estimate and there is no GPS track",
      },
      wait,
    );
    expect(more).toHaveTextContent('+2');
    // A row keeps one line: two chips, then "+2".
    expect([...document.querySelectorAll('[data-flag]')].map((c) => c.textContent)).toEqual(['Over tolerance', 'GPS gap']);
    // A shown chip (cut with an ellipsis in a narrow column) names its flag in full in its tooltip.
    const chip = document.querySelector<HTMLElement>('[data-flag="GPS_GAP"]')!;
    chip.focus();
    const chipTip = await screen.findByRole('tooltip', undefined, { timeout: 5000 });
    expect(chipTip).toHaveTextContent('GPS gap: GPS gap on the 38.0 mi leg between Joliet, IL and Tulsa, OK');
    // Keyboard: Tab reaches it and its tooltip lists the rest.
    more.focus();
    const tip = await waitFor(
      () => {
        const found = screen.getAllByRole('tooltip').find((t) => t.textContent?.includes('Stop not reached'));
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 5000 },
    );
    expect(tip).toHaveTextContent("Stop not reached: The truck's GPS track never reached Tulsa, OK (stop 3)");
    expect(tip).toHaveTextContent('Estimate only: Routed miles are an estimate and there is no GPS track');
    // A press (a phone's tap) opens the same list and does not open the trip.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^2 more flags/ }));
    const list = await screen.findByRole('dialog', undefined, wait);
    expect(within(list).getByText(/never reached Tulsa, OK \(stop 3\)/)).toBeInTheDocument();
    expect(within(list).getByText(/Routed miles are an estimate/)).toBeInTheDocument();
    expect(onOpenTrip).not.toHaveBeenCalled();
  });

  it('a tab and a filter change go to the URL state; a row opens its Mileage Report', async () => {
    mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => listOf([row(5, 'READY')]),
    });
    const onSearchChange = vi.fn();
    const onOpenTrip = vi.fn();
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={onSearchChange} onOpenTrip={onOpenTrip} />, { user: EDITOR });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'LD-5' }, wait));
    expect(onOpenTrip).toHaveBeenCalledWith({ id: 5, number: 'LD-5' });
    await user.click(screen.getByRole('tab', { name: /Approved/ }));
    expect(onSearchChange).toHaveBeenCalledWith({
      status: 'APPROVED',
      sort: undefined,
    });
  });

  it('approves the selected READY trips after a confirm with their count and miles, and sums up the answers', async () => {
    const { calls } = mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () =>
        listOf([
          row(1, 'READY'),
          row(2, 'READY', {
            version: 9,
            suggested: {
              payableMileage: 250.5,
              loadedMiles: 200,
              emptyMiles: 50.5,
              basis: 'ROUTED',
              from: 'ROUTED',
            },
          }),
        ]),
      'POST /mileage-review/approve': () => ({
        results: [
          { tripId: 1, status: 'APPROVED', number: 'LD-1', changedBy: 'Rita User', changedAt: '2026-11-27T20:00:00.000Z' },
          { tripId: 2, status: 'STALE_VERSION', number: 'LD-2', changedBy: 'Dana Cole', changedAt: '2026-11-27T20:15:00.000Z' },
        ],
      }),
    });
    renderWithApp(
      <>
        <MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={() => {}} onOpenTrip={() => {}} />
        <Toasts />
      </>,
      { user: EDITOR },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all loaded rows' }, wait));
    await user.click(screen.getByRole('button', { name: `${APPROVE_SELECTED_LABEL} (2)` }));
    const dialog = await screen.findByRole('alertdialog', undefined, wait);
    expect(dialog).toHaveTextContent('Approve 2 trips by rule?');
    expect(dialog).toHaveTextContent('750.5 mi in total');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Mileage Review: 1 approved · 1 changed meanwhile', undefined, wait)).toBeInTheDocument();
    // A trip not approved is named with its reason in a warning, never in a success toast.
    expect(document.querySelector('[data-sonner-toast]')).toHaveAttribute('data-type', 'warning');
    expect(screen.getByTestId('not-approved')).toHaveTextContent('LD-2: changed by Dana Cole at 11/27/2026 14:15 CT');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      items: [
        { tripId: 1, version: 3 },
        { tripId: 2, version: 9 },
      ],
    });
  });

  it('"Approve all ready in this filter" asks for every READY trip of the filter and approves them 500 a call', async () => {
    const items = Array.from({ length: 620 }, (_, i) => ({
      tripId: i + 1,
      version: 1,
      payableMileage: 10,
    }));
    const { calls } = mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => listOf([row(1, 'READY')]),
      'GET /mileage-review/ready': () => ({
        items,
        totalMiles: 6200,
        truncated: false,
      }),
      'POST /mileage-review/approve': (c) => ({
        results: (c.body as { items: { tripId: number }[] }).items.map((i) => ({
          tripId: i.tripId,
          status: 'APPROVED',
        })),
      }),
    });
    renderWithApp(
      <>
        <MileageReviewScreen title="Mileage Review" search={{ status: 'READY', companyId: 4 }} onSearchChange={() => {}} onOpenTrip={() => {}} />
        <Toasts />
      </>,
      { user: EDITOR },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: APPROVE_ALL_LABEL }, wait));
    const dialog = await screen.findByRole('alertdialog', undefined, wait);
    expect(dialog).toHaveTextContent('Approve all 620 ready trips in this filter?');
    expect(dialog).toHaveTextContent('6 200.0 mi in total');
    expect(calls.find((c) => c.url.pathname.endsWith('/ready'))!.url.searchParams.get('companyId')).toBe('4');
    await user.click(within(dialog).getByRole('button', { name: 'Approve all' }));
    expect(await screen.findByText('Mileage Review: 620 approved', undefined, wait)).toBeInTheDocument();
    expect(document.querySelector('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { items: unknown[] }).items.length)).toEqual([500, 120]);
  });

  it('offers no approval to a viewer without CAN_EDIT_MILEAGE_REPORT_TRIP', async () => {
    mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => listOf([row(1, 'READY')]),
    });
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={() => {}} onOpenTrip={() => {}} />, {
      user: makeUser(['CAN_VIEW_MILEAGE_REPORT_TRIP']),
    });
    await screen.findByRole('button', { name: 'LD-1' }, wait);
    expect(screen.queryByRole('button', { name: APPROVE_ALL_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('a viewer gets the row actions its permissions open (Mileage Report, View Route, Trip History) and nothing to approve', async () => {
    mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => listOf([row(1, 'READY'), row(2, 'READY', { identifierType: 'TRAILER_NUMBER', number: 'TR-2' })]),
    });
    const onOpenTrip = vi.fn();
    const onViewRoute = vi.fn();
    const onHistory = vi.fn();
    const viewer = makeUser(['CAN_SHOW_TRIPS', 'CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_VIEW_TRIP_MAP', 'CAN_SHOW_TRIP_HISTORY']);
    const { unmount } = renderWithApp(
      <MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={() => {}} onOpenTrip={onOpenTrip} onViewRoute={onViewRoute} onHistory={onHistory} />,
      { user: viewer },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for TR-2' }, wait));
    const menu = await screen.findByRole('menu', undefined, wait);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Mileage Report', 'View Route', 'Trip History']);
    await user.click(within(menu).getByRole('menuitem', { name: 'View Route' }));
    expect(onViewRoute).toHaveBeenCalledWith(expect.objectContaining({ tripId: 2, truckId: 42, driverId: 7, identifierType: 'TRAILER_NUMBER', number: 'TR-2' }));
    await user.click(screen.getByRole('button', { name: 'Actions for LD-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Trip History' }, wait));
    expect(onHistory).toHaveBeenCalledWith({ id: 1, number: 'LD-1' });
    await user.click(screen.getByRole('button', { name: 'Actions for LD-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mileage Report' }, wait));
    expect(onOpenTrip).toHaveBeenCalledWith({ id: 1, number: 'LD-1' });
    // Approval stays the editor's: no checkbox, no approve button.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: APPROVE_ALL_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: APPROVE_SELECTED_LABEL })).not.toBeInTheDocument();
    unmount();

    // Without the map and history permissions the menu holds the Mileage Report alone.
    renderWithApp(
      <MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={() => {}} onOpenTrip={onOpenTrip} onViewRoute={onViewRoute} onHistory={onHistory} />,
      { user: makeUser(['CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_VIEW_TRIP_MAP']) },
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for LD-1' }, wait));
    const only = await screen.findByRole('menu', undefined, wait);
    expect(
      within(only)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Mileage Report']);
  });

  it('names every trip not approved with its reason', () => {
    const item = (tripId: number, status: ApproveStatus) => ({ tripId, status, number: `LD-${tripId}`, changedBy: null, changedAt: null });
    expect(notApprovedLines([item(1, 'APPROVED'), item(2, 'NOT_READY'), item(3, 'STALE_RULE'), { ...item(4, 'NOT_FOUND'), number: null }])).toEqual([
      'LD-2: not ready (it needs review or was approved meanwhile)',
      'LD-3: being recomputed for the new rule',
      '#4: not found',
    ]);
    expect(notApprovedLine({ ...item(5, 'STALE_VERSION') })).toBe('LD-5: changed by someone else');
    const many = Array.from({ length: NOT_APPROVED_NAMED + 3 }, (_, i) => item(i + 1, 'NOT_READY'));
    expect(notApprovedLines(many).at(-1)).toBe('and 3 more');
  });

  it('shows the pay rule of the company in view', async () => {
    mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => ({
        ...listOf([row(1, 'READY')]),
        rule: { companyId: 4, companyName: 'Prairie Freight Lines', sentence: 'Pay routed miles when GPS agrees within 3 %' },
      }),
    });
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{ status: 'READY', companyId: 4 }} onSearchChange={() => {}} onOpenTrip={() => {}} />, { user: EDITOR });
    expect(await screen.findByTestId('review-rule', undefined, wait)).toHaveTextContent('Prairie Freight Lines: pay routed miles when GPS agrees within 3 %');
  });

  it("shows the actual source's coverage on the row, and the keyboard reaches every row and Enter opens its report", async () => {
    mockApi({
      ...ROUTE_SETTING,
      'GET /mileage-review': () => listOf([row(1, 'NEEDS_REVIEW', { actualMiles: 169.5, actualCoverage: { legs: 3, legsMeasured: 1, pct: 19.8 } }), row(2, 'NEEDS_REVIEW')]),
    });
    const onOpenTrip = vi.fn();
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{}} onSearchChange={() => {}} onOpenTrip={onOpenTrip} />, { user: EDITOR });
    const first = await screen.findByRole('button', { name: 'LD-1' }, wait);
    const partial = document.querySelector('[data-coverage="1/3"]')!;
    expect(partial).toHaveTextContent('169.51/3');
    expect(partial).toHaveAttribute('title', 'SAMSARA: 1 of 3 legs measured (20 % of the planned miles)');
    expect(document.querySelector('[data-coverage="2/2"]')).toHaveTextContent(/^505\.0$/);
    const user = userEvent.setup();
    first.focus();
    await user.keyboard('{Enter}');
    expect(onOpenTrip).toHaveBeenLastCalledWith({ id: 1, number: 'LD-1' });
    // Tab moves on to the next row's number.
    const second = screen.getByRole('button', { name: 'LD-2' });
    for (let i = 0; i < 10 && document.activeElement !== second; i++) await user.tab();
    expect(second).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpenTrip).toHaveBeenLastCalledWith({ id: 2, number: 'LD-2' });
  });

  it("in KM mode the flags' sentences read in km from the flags' figures, and the approve confirmation too", async () => {
    mockApi({
      'GET /user-route-setting/1': () => ({ id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'KM' }),
      'GET /mileage-review': () =>
        listOf([
          row(1, 'READY', {
            flags: [
              {
                code: 'OVER_TOLERANCE',
                // The sentence's text is not what the screen converts: the figures are (in metres).
                sentence: 'GPS 139.4 mi is 2 % over routed 1,136.7 mi (tolerance 1 %)',
                params: { provider: 'GPS', actualM: 224_340, routedM: 1_829_300, differencePct: 2, tolerancePct: 1 },
              },
              { code: 'GPS_GAP', sentence: 'GPS gap on the 38.0 mi leg between Joliet, IL and Tulsa, OK', params: { from: 'Joliet, IL', to: 'Tulsa, OK', legM: 61_155 } },
            ],
          }),
        ]),
    });
    renderWithApp(<MileageReviewScreen title="Mileage Review" search={{ status: 'READY' }} onSearchChange={() => {}} onOpenTrip={() => {}} />, { user: EDITOR });
    await waitFor(
      () =>
        expect([...document.querySelectorAll('[data-flag]')].map((c) => c.getAttribute('aria-label'))).toEqual([
          'Over tolerance: GPS 224.3 km is 2 % over routed 1,829.3 km (tolerance 1 %)',
          'GPS gap: GPS gap on the 61.2 km leg between Joliet, IL and Tulsa, OK',
        ]),
      wait,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select LD-1' }));
    await user.click(screen.getByRole('button', { name: `${APPROVE_SELECTED_LABEL} (1)` }));
    expect(await screen.findByRole('alertdialog', undefined, wait)).toHaveTextContent('804.7 km in total');
  });

  it('sums the answers per status', () => {
    expect(approvalSummary([{ status: 'APPROVED' }, { status: 'NOT_READY' }, { status: 'APPROVED' }, { status: 'NOT_FOUND' }])).toBe(
      '2 approved · 1 no longer ready · 1 not found',
    );
  });
});
