import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MEXICO_NOTE, OUTSIDE_US_NOTE, currentQuarter, jurisdictionNote, lastFullQuarter, type StateMilesReport } from '@milepost/contracts/state-miles-api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { STATE_MILES_EMPTY_TEXT, StateMilesTab, quarterChoices } from './state-miles-tab';

// The map draws with Leaflet, which needs a real layout; what it is given is checked here, the drawing in e2e.
vi.mock('./state-miles-map', () => ({
  default: ({ states, label }: { states: { state: string; miles: number }[]; label: string }) => (
    <div role="img" aria-label={label} data-states={states.map((s) => `${s.state}:${s.miles}`).join(',')} />
  ),
}));

const report: StateMilesReport = {
  fromDate: '07/01/2026 00:00:00',
  toDate: '09/30/2026 23:59:59',
  rows: [
    { truckId: 1, unitNumber: 'T-101', state: 'IL', miles: 1200.44, source: 'GPS', trips: 3 },
    { truckId: 1, unitNumber: 'T-101', state: 'IL', miles: 300, source: 'ROUTE', trips: 1 },
    { truckId: 1, unitNumber: 'T-101', state: 'IN', miles: 250.06, source: 'ROUTE', trips: 2 },
    { truckId: 1, unitNumber: 'T-101', state: 'OUT', miles: 12, source: 'ROUTE', trips: 1 },
  ],
  states: [
    { state: 'IL', miles: 1500.44, trips: 4, gpsShare: 0.82 },
    { state: 'IN', miles: 250.06, trips: 2, gpsShare: 0 },
    { state: 'OUT', miles: 12, trips: 1, gpsShare: 0 },
  ],
  trucks: [{ truckId: 1, unitNumber: 'T-101', miles: 1762.5, gpsShare: 0.681 }],
  totalMiles: 1762.5,
  gpsShare: 0.681,
  notFileable: {
    trips: 2,
    miles: 1700.2,
    items: [
      { tripId: 41, number: 'LD-41', truckId: 1, unitNumber: 'T-101', miles: 900.1 },
      { tripId: 42, number: 'LD-42', truckId: 1, unitNumber: 'T-101', miles: 800.1 },
    ],
  },
};

const wait = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());

describe('Reports → State miles', () => {
  it('asks for the last full quarter by default and shows the table by state with the GPS share, the total and the map', async () => {
    const { calls } = mockApi({ 'GET /state-miles': () => report });
    renderWithApp(<StateMilesTab title="Reports" search={{ tab: 'STATE_MILES' }} onSearchChange={() => {}} viewSwitcher={null} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    const table = await screen.findByRole('table', { name: 'Miles by state' }, wait);
    const q = lastFullQuarter();
    const asked = calls.find((c) => c.url.pathname.endsWith('/state-miles'))!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ periodType: 'QUARTERLY', year: String(q.year), quarter: String(q.quarter) });
    expect((screen.getByRole('combobox', { name: 'Quarter' }) as HTMLSelectElement).value).toBe(`${q.year}-Q${q.quarter}`);
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent));
    expect(rows).toEqual([
      ['State', 'Miles', 'Trips', 'Source'],
      ['IL', '1 500.4', '4', '82 % from GPS'],
      ['IN', '250.1', '2', '0 % from GPS'],
      ['OUT', '12.0', '1', '0 % from GPS'],
      ['Total', '1 762.5', '', '68 % from GPS'],
    ]);
    // OUT is explained on hover.
    expect(within(table).getByRole('rowheader', { name: 'OUT' })).toHaveAttribute('title', OUTSIDE_US_NOTE);
    expect(screen.getByText('Total: 3 jurisdictions')).toBeInTheDocument();
    const map = await screen.findByRole('img', { name: 'US map shaded by miles, 3 states' }, wait);
    expect(map.dataset.states).toBe('IL:1500.44,IN:250.06,OUT:12');
    // Straight-line estimates are listed apart, each named, never in the total.
    const apart = screen.getByRole('region', { name: 'Not fileable' });
    expect(apart).toHaveTextContent('Not fileable: 2 trips with no route or GPS (1 700.2 mi estimated, not counted)');
    expect(
      within(apart)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['LD-41 · T-101 · 900.1', 'LD-42 · T-101 · 800.1']);
  });

  it('explains a province, a territory, Mexico and OUT on hover with the sentence the worksheet carries, and a US state not at all', async () => {
    const abroad: StateMilesReport = {
      ...report,
      rows: [],
      states: [
        { state: 'MI', miles: 300, trips: 1, gpsShare: 1 },
        { state: 'ON', miles: 200, trips: 1, gpsShare: 1 },
        { state: 'YT', miles: 40, trips: 1, gpsShare: 0 },
        { state: 'MX', miles: 30, trips: 1, gpsShare: 0 },
        { state: 'OUT', miles: 5, trips: 1, gpsShare: 0 },
      ],
      totalMiles: 575,
      notFileable: { trips: 0, miles: 0, items: [] },
    };
    mockApi({ 'GET /state-miles': () => abroad });
    renderWithApp(<StateMilesTab title="Reports" search={{ tab: 'STATE_MILES' }} onSearchChange={() => {}} viewSwitcher={null} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    const table = await screen.findByRole('table', { name: 'Miles by state' }, wait);
    const title = (name: string) => within(table).getByRole('rowheader', { name }).getAttribute('title');
    expect(title('ON')).toBe('Ontario, Canada (IFTA jurisdiction).');
    expect(title('YT')).toBe('Yukon, Canada: not an IFTA jurisdiction.');
    expect(title('MX')).toBe(MEXICO_NOTE);
    expect(title('OUT')).toBe(OUTSIDE_US_NOTE);
    for (const code of ['ON', 'YT', 'MX', 'OUT']) expect(title(code)).toBe(jurisdictionNote(code));
    expect(title('MI')).toBeNull();
  });

  it('offers the current quarter to date and a custom range of days', async () => {
    const { calls } = mockApi({ 'GET /state-miles': () => report });
    const onSearchChange = vi.fn();
    const now = currentQuarter();
    const { unmount } = renderWithApp(<StateMilesTab title="Reports" search={{ tab: 'STATE_MILES' }} onSearchChange={onSearchChange} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS']),
    });
    await screen.findByRole('table', { name: 'Miles by state' }, wait);
    const select = screen.getByRole('combobox', { name: 'Quarter' });
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent(`Q${now.quarter} ${now.year} to date`);
    expect(within(select).getAllByRole('option').at(-1)).toHaveTextContent('Custom range');
    await userEvent.setup().selectOptions(select, 'CUSTOM');
    expect(onSearchChange).toHaveBeenCalledWith({ quarter: 'CUSTOM' });
    unmount();
    calls.length = 0;
    renderWithApp(
      <StateMilesTab
        title="Reports"
        search={{ tab: 'STATE_MILES', quarter: 'CUSTOM', stateFrom: '2026-08-15', stateTo: '2026-10-10' }}
        onSearchChange={() => {}}
        viewSwitcher={null}
      />,
      {
        user: makeUser(['CAN_SHOW_REPORTS']),
      },
    );
    await screen.findByRole('table', { name: 'Miles by state' }, wait);
    expect(screen.getByLabelText('From')).toHaveValue('2026-08-15');
    const asked = calls.find((c) => c.url.pathname.endsWith('/state-miles'))!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ fromDate: '08/15/2026 00:00:00', toDate: '10/10/2026 23:59:59' });
  });

  it('sends the chosen quarter, truck and company to the API; a quarter change goes to the URL', async () => {
    const { calls } = mockApi({ 'GET /state-miles': () => report });
    const onSearchChange = vi.fn();
    renderWithApp(
      <StateMilesTab
        title="Reports"
        search={{ tab: 'STATE_MILES', quarter: '2025-Q2', truckId: 7, truckLabel: 'T-7', companyId: 3, companyLabel: 'Acme' }}
        onSearchChange={onSearchChange}
        viewSwitcher={null}
      />,
      { user: makeUser(['CAN_SHOW_REPORTS']) },
    );
    await screen.findByRole('table', { name: 'Miles by state' }, wait);
    const asked = calls.find((c) => c.url.pathname.endsWith('/state-miles'))!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ periodType: 'QUARTERLY', year: '2025', quarter: '2', truckId: '7', companyId: '3' });
    const choice = quarterChoices()[2]!;
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Quarter' }), `${choice.year}-Q${choice.quarter}`);
    expect(onSearchChange).toHaveBeenCalledWith({ quarter: `${choice.year}-Q${choice.quarter}` });
  });

  it('exports the IFTA worksheet with the same query', async () => {
    const { calls } = mockApi({
      'GET /state-miles': () => report,
      'GET /state-miles/export.csv': () => new Response('Jurisdiction,Truck,Miles (mi),Source\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    renderWithApp(<StateMilesTab title="Reports" search={{ quarter: '2026-Q3', companyId: 3 }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS']),
    });
    await screen.findByRole('table', { name: 'Miles by state' }, wait);
    await userEvent.setup().click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/state-miles/export.csv'))).toBe(true), wait);
    const asked = calls.find((c) => c.url.pathname.endsWith('/export.csv'))!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ periodType: 'QUARTERLY', year: '2026', quarter: '3', companyId: '3' });
  });

  it('says when the quarter has no miles, and shows an error the API gives', async () => {
    mockApi({ 'GET /state-miles': () => ({ ...report, rows: [], states: [], trucks: [], totalMiles: 0, gpsShare: 0, notFileable: { trips: 0, miles: 0, items: [] } }) });
    const { unmount } = renderWithApp(<StateMilesTab title="Reports" search={{ quarter: '2026-Q1' }} onSearchChange={() => {}} viewSwitcher={null} />, {
      user: makeUser(['CAN_SHOW_REPORTS']),
    });
    expect(await screen.findByText(STATE_MILES_EMPTY_TEXT, undefined, wait)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled();
    unmount();
    mockApi({ 'GET /state-miles': () => apiError(400, 'quarter must be 1, 2, 3 or 4', 'VALIDATION_FAILED') });
    renderWithApp(<StateMilesTab title="Reports" search={{ quarter: '2026-Q1' }} onSearchChange={() => {}} viewSwitcher={null} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    expect(await screen.findByRole('alert', undefined, wait)).toHaveTextContent('quarter must be 1, 2, 3 or 4');
  });
});
