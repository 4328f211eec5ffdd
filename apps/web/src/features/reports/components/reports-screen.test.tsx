import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportRow } from '@milepost/contracts/trip-statistics-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { apiError, mockApi, stubElementHeight } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { NOTHING_CHOSEN_TEXT, REPORT_REFRESH_FAILED_TEXT, ReportsScreen } from './reports-screen';

// The chart draws on a canvas, which the test DOM does not have; its data is checked in e2e.
vi.mock('./reports-chart', () => ({ default: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const row = (periodGroup: string, periodStart: string, periodEnd: string, totalMiles: number, telematics?: { loads: number; planned: number; actual: number }): ReportRow => ({
  periodGroup,
  periodStart,
  periodEnd,
  truckCount: 2,
  loadCount: 3,
  totalMiles,
  totalEmptyMiles: 10,
  totalPuMiles: 5,
  totalTrlMiles: 5,
  totalLoadedMiles: totalMiles - 10,
  totalPayableMileage: 1234.56,
  emptyMiles: 9,
  loadedMiles: 99,
  telematicsLoadCount: telematics?.loads ?? 0,
  plannedMiles: telematics?.planned ?? null,
  actualMiles: telematics?.actual ?? null,
  milesDifference: telematics ? telematics.actual - telematics.planned : null,
  dataCoverage: (telematics?.loads ?? 0) / 3,
  estimateLoadCount: 0,
  noPayableLoadCount: 0,
});
const weeks = [
  row('11/16/2026 - 11/22/2026', '11/16/2026 00:00:00', '11/22/2026 23:59:59', 500, { loads: 2, planned: 400, actual: 412.5 }),
  row('11/09/2026 - 11/15/2026', '11/09/2026 00:00:00', '11/15/2026 23:59:59', 1500, { loads: 3, planned: 1500, actual: 1480 }),
  row('11/02/2026 - 11/08/2026', '11/02/2026 00:00:00', '11/08/2026 23:59:59', 900),
];

let restore: () => void;
beforeEach(() => (restore = stubElementHeight(720)));
afterEach(() => restore());

const wait = { timeout: 8000 };
const periods = () => screen.getAllByRole('link').map((a) => a.textContent);

describe('Reports screen', () => {
  it('asks for the weekly report by default, shows the spec columns, the total and the note under the table', async () => {
    const { calls } = mockApi({ 'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }) });
    renderWithApp(<ReportsScreen title="Reports" search={{}} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    expect(await screen.findByText('Total: 3 records', undefined, wait)).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname.endsWith('/period-type'))!.url.searchParams.get('periodType')).toBe('WEEKLY');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    for (const h of [
      'No',
      'Period',
      'Truck Count',
      'Load Count',
      'Total Miles',
      'Total Empty Miles',
      'Total Pu Miles',
      'Total Trl Miles',
      'Total Loaded Miles',
      'Total Payable Mileage',
      'Empty Miles',
      'Loaded Miles',
    ]) {
      expect(
        headers.some((x) => x?.startsWith(h)),
        h,
      ).toBe(true);
    }
    expect(screen.getAllByText('1 234.6').length).toBe(3);
    expect(screen.getByText(/Cancelled trips are not counted\./)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Total Loaded and Total Empty Miles per period, 3 periods/ }, wait)).toBeInTheDocument();
  });

  it('sorts on the client: no new request, periods in time order, numbers by value', async () => {
    const { calls } = mockApi({ 'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }) });
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    await screen.findByText('Total: 3 records', undefined, wait);
    const user = userEvent.setup();
    const header = (name: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.trim().startsWith(name))!;
    await user.click(within(header('Total Miles')).getByRole('button'));
    await waitFor(() => expect(periods()).toEqual(['11/16/2026 - 11/22/2026', '11/02/2026 - 11/08/2026', '11/09/2026 - 11/15/2026']), wait);
    await user.click(within(header('Period')).getByRole('button'));
    await waitFor(() => expect(periods()).toEqual(['11/02/2026 - 11/08/2026', '11/09/2026 - 11/15/2026', '11/16/2026 - 11/22/2026']), wait);
    expect(calls.filter((c) => c.url.pathname.includes('trip-statistics'))).toHaveLength(1);
  });

  it('shows planned vs actual miles, the difference coloured as in the Mileage Report, and the data coverage', async () => {
    mockApi({ 'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }) });
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    await screen.findByText('Total: 3 records', undefined, wait);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    for (const h of ['Planned Miles', 'Actual Miles', 'Difference', 'Data Coverage'])
      expect(
        headers.some((x) => x?.startsWith(h)),
        h,
      ).toBe(true);
    const rowOf = (period: string) => screen.getByRole('link', { name: period }).closest('[role="row"]') as HTMLElement;
    const more = within(rowOf('11/16/2026 - 11/22/2026'));
    expect(more.getByText('400.0')).toBeInTheDocument();
    expect(more.getByText('412.5')).toBeInTheDocument();
    expect(more.getByText('+12.5')).toHaveAttribute('data-sign', 'positive');
    expect(more.getByText('+12.5').className).toMatch(/text-orange-600/);
    expect(more.getByText('67 %')).toBeInTheDocument();
    const less = within(rowOf('11/09/2026 - 11/15/2026'));
    expect(less.getByText('-20.0')).toHaveAttribute('data-sign', 'negative');
    expect(less.getByText('-20.0').className).toMatch(/text-green-600/);
    expect(less.getByText('100 %')).toBeInTheDocument();
    // No telematics in the period: dashes, never a zero that reads as measured.
    const none = within(rowOf('11/02/2026 - 11/08/2026'));
    expect(none.getAllByText('—')).toHaveLength(3);
    expect(none.getByText('0 %')).toBeInTheDocument();
  });

  it('says where the route miles came from (Route source, ≈ with the estimate hover) and how many trips have no payable yet', async () => {
    const mixed = [{ ...weeks[0]!, estimateLoadCount: 1, noPayableLoadCount: 2 }, { ...weeks[1]!, estimateLoadCount: 3 }, weeks[2]!];
    mockApi({ 'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: mixed, noPayableCount: 2 }) });
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    await screen.findByText('Total: 3 records', undefined, wait);
    expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.trim() === 'Route source')).toBe(true);
    const rowOf = (period: string) => within(screen.getByRole('link', { name: period }).closest('[role="row"]') as HTMLElement);
    // Partly estimated: the words of the trips CSV and the count; the route sums read ≈ with the estimate's hover.
    const partly = rowOf('11/16/2026 - 11/22/2026');
    expect(partly.getByText('HERE; Estimate for 1 of 3 trips')).toBeInTheDocument();
    const total = partly.getByText(/500\.0/);
    expect(total.textContent).toBe('≈ 500.0 mi est.');
    expect(total).toHaveAttribute('data-source', 'ESTIMATE');
    expect(total.getAttribute('title')).toMatch(/^HERE; Estimate for 1 of 3 trips\. Estimate \(no HERE route\)/);
    // The entered figures are never estimates.
    expect(partly.getAllByText('1 234.6')[0]).not.toHaveAttribute('data-source');
    expect(rowOf('11/09/2026 - 11/15/2026').getByText('Estimate')).toBeInTheDocument();
    const routed = rowOf('11/02/2026 - 11/08/2026');
    expect(routed.getByText('HERE')).toBeInTheDocument();
    expect(routed.getByText('900.0')).not.toHaveAttribute('data-source');
    expect(screen.getByTestId('no-payable')).toHaveTextContent('2 trips in this report have no Payable Mileage yet');
  });

  it('says so when every trip has its payable', async () => {
    mockApi({ 'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }) });
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    expect(await screen.findByTestId('no-payable', undefined, wait)).toHaveTextContent('Every trip in this report has its Payable Mileage.');
  });

  it('a period opens the Trips screen filtered to the truck and the period', async () => {
    mockApi({ 'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }) });
    renderWithApp(<ReportsScreen title="Reports" search={{ truckId: 7, truckLabel: '1042' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    const link = await screen.findByRole('link', { name: '11/09/2026 - 11/15/2026' }, wait);
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/trips');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      truckId: '7',
      periodType: 'CUSTOM',
      fromDate: '11/09/2026 00:00:00',
      toDate: '11/15/2026 23:59:59',
      truckLabel: '"1042"',
    }); // the router quotes a label that reads as a number
  });

  it('a custom range asks GET /trip-statistics with its dates; nothing chosen asks nothing', async () => {
    const { calls } = mockApi({ 'GET /trip-statistics': () => ({ grouping: 'DAILY', rows: [], noPayableCount: 0 }) });
    const { unmount } = renderWithApp(
      <ReportsScreen title="Reports" search={{ periodType: 'CUSTOM', fromDate: '01/01/2027 00:00:00', toDate: '01/31/2027 23:59:59', truckId: 3 }} onSearchChange={() => {}} />,
      { user: makeUser(['CAN_SHOW_REPORTS']) },
    );
    expect(await screen.findByText('No data found', undefined, wait)).toBeInTheDocument();
    const asked = calls.find((c) => c.url.pathname === '/api/v1/trip-statistics')!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ fromDate: '01/01/2027 00:00:00', toDate: '01/31/2027 23:59:59', truckId: '3' });
    unmount();

    const none = mockApi({});
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'NONE' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    expect(await screen.findByText(NOTHING_CHOSEN_TEXT, undefined, wait)).toBeInTheDocument();
    expect(none.calls.filter((c) => c.url.pathname.includes('trip-statistics'))).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled();
  });

  const SETTING = { id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' };

  it("with KM in the user's route settings shows the distances in km, the headers and the chart saying km; counts and coverage unchanged", async () => {
    mockApi({
      'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }),
      'GET /user-route-setting/1': () => ({ ...SETTING, distanceUnit: 'KM' }),
    });
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    await screen.findByText('Total: 3 records', undefined, wait);
    await waitFor(() => expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.trim().startsWith('Total km'))).toBe(true), wait);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim() ?? '');
    // Headers say km, never "Miles (km)"; the routing's and the entered loaded figures say which they are.
    for (const h of ['Total km', 'Total Empty km', 'Total Loaded kmrouting', 'Total Payable kmentered', 'Loaded kmentered', 'Planned km', 'Actual km', 'Difference (km)'])
      expect(
        headers.some((x) => x.startsWith(h)),
        h,
      ).toBe(true);
    expect(headers.some((x) => /miles \(km\)/i.test(x))).toBe(false);
    for (const h of ['Truck Count', 'Load Count', 'Data Coverage'])
      expect(
        headers.some((x) => x.startsWith(h) && !x.includes('(km)')),
        h,
      ).toBe(true);
    const rowOf = (period: string) => within(screen.getByRole('link', { name: period }).closest('[role="row"]') as HTMLElement);
    const row = rowOf('11/16/2026 - 11/22/2026');
    // 500 mi = 804.7 km, 490 = 788.6, 10 = 16.1, 1 234.56 = 1 986.8, 400 = 643.7, 412.5 = 663.9, +12.5 = +20.1
    for (const text of ['804.7', '788.6', '16.1', '1 986.8', '643.7', '663.9', '+20.1', '67 %', '2', '3']) expect(row.getAllByText(text).length, text).toBeGreaterThan(0);
    expect(row.queryByText('500.0')).not.toBeInTheDocument();
    expect(rowOf('11/09/2026 - 11/15/2026').getByText('-32.2')).toHaveAttribute('data-sign', 'negative');
    expect(await screen.findByRole('img', { name: 'Total Loaded and Total Empty km per period, 3 periods' }, wait)).toBeInTheDocument();
  });

  it('with Miles shows the API figures as they are, the spec headers without a unit', async () => {
    mockApi({ 'GET /trip-statistics/period-type': () => ({ grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }), 'GET /user-route-setting/1': () => SETTING });
    renderWithApp(<ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
    await screen.findByText('Total: 3 records', undefined, wait);
    expect(screen.getAllByRole('columnheader').some((h) => h.textContent?.includes('(km)'))).toBe(false);
    expect(within(screen.getByRole('link', { name: '11/16/2026 - 11/22/2026' }).closest('[role="row"]') as HTMLElement).getByText('500.0')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Total Loaded and Total Empty Miles per period, 3 periods' }, wait)).toBeInTheDocument();
  });

  it('Refresh reads the report again; when that fails it says so with the reason and keeps the rows shown', async () => {
    let fail = false;
    const { calls } = mockApi({
      'GET /trip-statistics/period-type': () => (fail ? apiError(503, 'The database is not answering.') : { grouping: 'WEEKLY', rows: weeks, noPayableCount: 0 }),
    });
    renderWithApp(
      <>
        <ReportsScreen title="Reports" search={{ periodType: 'WEEKLY' }} onSearchChange={() => {}} />
        <Toasts />
      </>,
      { user: makeUser(['CAN_SHOW_REPORTS']) },
    );
    await screen.findByText('Total: 3 records', undefined, wait);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/period-type'))).toHaveLength(2), wait);
    expect(screen.queryByText(REPORT_REFRESH_FAILED_TEXT)).not.toBeInTheDocument();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(REPORT_REFRESH_FAILED_TEXT, undefined, wait)).toBeInTheDocument();
    expect(REPORT_REFRESH_FAILED_TEXT).toBe('The report could not be refreshed');
    expect(screen.getByText('The database is not answering.')).toBeInTheDocument();
    expect(screen.getByText('Total: 3 records')).toBeInTheDocument();
    expect(periods()).toHaveLength(3);
  });
});
