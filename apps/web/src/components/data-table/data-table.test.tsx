import type { Paged } from '@milepost/contracts/api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { api } from '@/lib/api-client';
import { pagedInfiniteQueryOptions } from '@/lib/paged-query';
import { mockApi, page, pending, stubElementHeight, type MockCall } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { columnSettingsKey, columnSizesKey } from './column-settings';
import { numberColumn } from './columns';
import { DataTable, NO_DATA_TEXT, SKELETON_ROW_COUNT, UPDATING_TEXT } from './data-table';
import { dataTableColumnHelper } from './data-table-features';
import { FETCH_NEXT_THRESHOLD_PX, shouldFetchNextPage } from './infinite-scroll';
import { paramToSorting, sortingToParam } from './sorting';
import { useInfiniteTableSource } from './table-source';

interface Thing {
  id: number;
  name: string;
  email: string;
}

const helper = dataTableColumnHelper<Thing>();
const columns = helper.columns([
  numberColumn<Thing>(),
  helper.accessor('id', { header: 'ID' }),
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('email', { header: 'Email', enableSorting: false }),
]);

function things(from: number, count: number): Thing[] {
  return Array.from({ length: count }, (_, i) => ({ id: from + i + 1, name: `Thing ${from + i + 1}`, email: `t${from + i + 1}@example.com` }));
}

function Harness({ tableId = 'things' }: { tableId?: string }) {
  const [sort, setSort] = useState<string | undefined>();
  const query = useInfiniteQuery(pagedInfiniteQueryOptions(['things', sort], (p, signal) => api.get<Paged<Thing>>('/things', { query: { page: p, size: 50, sort }, signal })));
  const source = useInfiniteTableSource(query);
  return (
    <div style={{ height: 720, display: 'flex', flexDirection: 'column' }}>
      <output data-testid="sort">{sort ?? 'none'}</output>
      <DataTable
        tableId={tableId}
        label="Things"
        columns={columns}
        source={source}
        getRowId={(row) => String(row.id)}
        sorting={paramToSorting(sort)}
        onSortingChange={(next) => setSort(sortingToParam(next))}
      />
    </div>
  );
}

function renderTable(props: { tableId?: string } = {}) {
  return renderWithApp(<Harness {...props} />, { user: makeUser([]) });
}

function scrollElement(): HTMLElement {
  const el = document.querySelector<HTMLElement>('[data-slot="data-table-scroll"]');
  if (!el) throw new Error('table not rendered');
  return el;
}

function thingsCalls(calls: MockCall[]) {
  return calls.filter((c) => c.url.pathname === '/api/v1/things');
}

let restoreHeight: () => void;
beforeEach(() => {
  restoreHeight = stubElementHeight(720);
});
afterEach(() => restoreHeight());

describe('DataTable sorting', () => {
  it('cycles a header through ascending, descending and cleared, and asks the server with sort=<field>,<dir>', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'GET /things': () => page(things(0, 3)) });
    renderTable();
    await screen.findByText('Thing 1');

    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header()).getByRole('button', { name: /Name/ }));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByTestId('sort')).toHaveTextContent('name,asc');
    await waitFor(() => expect(thingsCalls(calls).at(-1)?.url.searchParams.get('sort')).toBe('name,asc'));

    await user.click(within(header()).getByRole('button', { name: /Name/ }));
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(thingsCalls(calls).at(-1)?.url.searchParams.get('sort')).toBe('name,desc'));

    await user.click(within(header()).getByRole('button', { name: /Name/ }));
    expect(header()).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByTestId('sort')).toHaveTextContent('none');
    // Back to the unsorted list (cached, so maybe no new request): no request ever carried a third state.
    expect(thingsCalls(calls).map((c) => c.url.searchParams.get('sort'))).toEqual([null, 'name,asc', 'name,desc']);
  });

  it('starts ascending on numeric columns too, and leaves unsortable columns as plain text', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /things': () => page(things(0, 3)) });
    renderTable();
    await screen.findByText('Thing 1');

    await user.click(within(screen.getByRole('columnheader', { name: /ID/ })).getByRole('button'));
    expect(screen.getByTestId('sort')).toHaveTextContent('id,asc');

    const email = screen.getByRole('columnheader', { name: 'Email' });
    expect(within(email).queryByRole('button')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'No' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sorts on the client when manualSorting is false', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 1, name: 'Charlie', email: 'c@x' },
      { id: 2, name: 'alpha', email: 'a@x' },
      { id: 3, name: 'Bravo', email: 'b@x' },
    ];
    function ClientHarness() {
      return (
        <div style={{ height: 720, display: 'flex' }}>
          <DataTable
            tableId="client"
            label="Client"
            columns={columns}
            manualSorting={false}
            source={{
              rows,
              totalCount: 3,
              isLoading: false,
              isFetching: false,
              isUpdating: false,
              hasNextPage: false,
              fetchNextPage: () => {},
              error: null,
              retry: () => {},
            }}
          />
        </div>
      );
    }
    renderWithApp(<ClientHarness />, { user: makeUser([]) });
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[2]!.textContent);
    expect(await screen.findByText('Charlie')).toBeInTheDocument();
    expect(names()).toEqual(['Charlie', 'alpha', 'Bravo']);
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);
    await user.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
    // The No column follows the shown order.
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[0]).toHaveTextContent('1');
  });
});

describe('DataTable column settings', () => {
  it('hides a column from the settings dialog and remembers it per table in localStorage', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /things': () => page(things(0, 2)) });
    const first = renderTable({ tableId: 'things' });
    await screen.findByText('Thing 1');

    await user.click(screen.getByRole('button', { name: 'Table Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Table Settings' });
    const emailToggle = within(dialog).getByRole('checkbox', { name: 'Email' });
    expect(emailToggle).toHaveAttribute('aria-checked', 'true');
    await user.click(emailToggle);
    expect(emailToggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.queryByText('t1@example.com')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(columnSettingsKey('things'))!)).toEqual({ email: false });
    expect(columnSettingsKey('things')).toBe('milepost.table.things.columns');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    first.unmount();

    // Same table again: still hidden. Another table: unaffected.
    const second = renderTable({ tableId: 'things' });
    await screen.findByText('Thing 1');
    expect(screen.queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument();
    second.unmount();
    renderTable({ tableId: 'other-things' });
    await screen.findByText('Thing 1');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
  });

  it('keeps the No column pinned at the left and Actions (with any end-pinned column) at the right; headers carry their full text', async () => {
    mockApi({ 'GET /things': () => page(things(0, 1)) });
    const withActions = helper.columns([
      ...columns,
      helper.display({ id: 'state', header: 'State', meta: { size: 84, grow: 0, pin: 'end' }, cell: () => 'Ready' }),
      helper.display({ id: 'actions', header: 'Actions', meta: { size: 76, grow: 0 }, cell: () => <button type="button">Edit</button> }),
    ]);
    function Pinned() {
      const query = useInfiniteQuery(pagedInfiniteQueryOptions(['things'], (p, signal) => api.get<Paged<Thing>>('/things', { query: { page: p }, signal })));
      return <DataTable tableId="pinned" label="Things" columns={withActions} source={useInfiniteTableSource(query)} />;
    }
    renderWithApp(<Pinned />, { user: makeUser([]) });
    await screen.findByText('Thing 1');
    const [numberHead] = screen.getAllByRole('columnheader', { name: 'No' });
    expect(numberHead).toHaveStyle({ position: 'sticky', left: '0px' });
    // Actions sits just left of the settings column (32 px), which is pinned at the right edge.
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveStyle({ position: 'sticky', right: '32px' });
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells[0]).toHaveStyle({ position: 'sticky', left: '0px' });
    expect(cells[5]).toHaveStyle({ position: 'sticky', right: '32px' });
    // A column pinned at the end stays beside Actions (the trips' Status), a rule on its inner edge.
    const state = screen.getByRole('columnheader', { name: 'State' });
    expect(state).toHaveStyle({ position: 'sticky', right: `${32 + 76}px` });
    expect(state).toHaveClass('border-l');
    expect(cells[4]).toHaveStyle({ position: 'sticky', right: `${32 + 76}px` });
    expect(screen.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('title', 'Email');
    // A header longer than its column takes a second line before it is cut ('Payable / Mileage').
    expect(screen.getByRole('columnheader', { name: 'Email' }).querySelector('[data-slot="header-text"]')).toHaveClass('line-clamp-2');
    expect(screen.getByRole('columnheader', { name: 'Email' })).not.toHaveClass('whitespace-nowrap');
  });

  it('resizes a column by dragging its header edge and saves the width with the table settings', async () => {
    mockApi({ 'GET /things': () => page(things(0, 1)) });
    const first = renderTable({ tableId: 'sized' });
    await screen.findByText('Thing 1');
    const resizer = screen.getByRole('columnheader', { name: 'Email' }).querySelector('[data-slot="column-resizer"]')!;
    fireEvent.pointerDown(resizer, { clientX: 100 });
    fireEvent.pointerMove(window, { clientX: 330 });
    fireEvent.pointerUp(window);
    expect(JSON.parse(localStorage.getItem(columnSizesKey('sized'))!)).toEqual({ email: 230 });
    const headerRow = screen.getAllByRole('row')[0]!;
    expect(headerRow.style.gridTemplateColumns).toContain('230px');
    first.unmount();
    renderTable({ tableId: 'sized' });
    await screen.findByText('Thing 1');
    expect(screen.getAllByRole('row')[0]!.style.gridTemplateColumns).toContain('230px');
    // A double click gives the column its own width back.
    fireEvent.doubleClick(screen.getByRole('columnheader', { name: 'Email' }).querySelector('[data-slot="column-resizer"]')!);
    expect(JSON.parse(localStorage.getItem(columnSizesKey('sized'))!)).toEqual({});
  });

  it('ignores unreadable saved settings', async () => {
    localStorage.setItem(columnSettingsKey('things'), '{not json');
    mockApi({ 'GET /things': () => page(things(0, 1)) });
    renderTable();
    await screen.findByText('Thing 1');
    expect(screen.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
  });
});

describe('DataTable loading, empty and updating states', () => {
  it('shows 22 skeleton rows while the first page loads', async () => {
    mockApi({ 'GET /things': () => pending() });
    renderTable();
    await waitFor(() => expect(document.querySelectorAll('[data-slot="skeleton-row"]')).toHaveLength(SKELETON_ROW_COUNT));
    expect(SKELETON_ROW_COUNT).toBe(22);
    expect(screen.queryByText(NO_DATA_TEXT)).not.toBeInTheDocument();
  });

  it("says 'No data found' when the list is empty", async () => {
    mockApi({ 'GET /things': () => page([]) });
    renderTable();
    expect(await screen.findByText('No data found')).toBeInTheDocument();
    expect(document.querySelectorAll('[data-slot="skeleton-row"]')).toHaveLength(0);
  });

  it("shows 'Updating...' over the rows during a background refetch", async () => {
    let answer: () => Promise<unknown> = () => Promise.resolve(page(things(0, 2)));
    mockApi({ 'GET /things': () => answer() });
    const { queryClient } = renderTable();
    await screen.findByText('Thing 1');
    expect(screen.queryByText(UPDATING_TEXT)).not.toBeInTheDocument();

    let release!: () => void;
    answer = () => new Promise((resolve) => (release = () => resolve(page(things(0, 3)))));
    act(() => void queryClient.invalidateQueries({ queryKey: ['things'] }));
    expect(await screen.findByRole('status', { name: 'Updating...' })).toBeInTheDocument();
    expect(screen.getByText('Thing 1')).toBeInTheDocument();
    act(() => release());
    await screen.findByText('Thing 3');
    expect(screen.queryByText(UPDATING_TEXT)).not.toBeInTheDocument();
  });

  it('numbers rows sequentially from their index', async () => {
    mockApi({
      'GET /things': () =>
        page([
          { id: 40, name: 'Forty', email: '' },
          { id: 7, name: 'Seven', email: '' },
        ]),
    });
    renderTable();
    await screen.findByText('Forty');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2']);
  });
});

describe('next page loading', () => {
  const base = { scrollHeight: 2000, clientHeight: 700, isFetching: false, loadedCount: 50, totalCount: 120, hasNextPage: true };

  it('asks when fewer than 500 px remain, nothing is fetching, rows are missing and a next page exists', () => {
    expect(FETCH_NEXT_THRESHOLD_PX).toBe(500);
    expect(shouldFetchNextPage({ ...base, scrollTop: 801 })).toBe(true); // 499 px left
    expect(shouldFetchNextPage({ ...base, scrollTop: 800 })).toBe(false); // exactly 500 px left
    expect(shouldFetchNextPage({ ...base, scrollTop: 0 })).toBe(false);
    expect(shouldFetchNextPage({ ...base, scrollTop: 1300, isFetching: true })).toBe(false);
    expect(shouldFetchNextPage({ ...base, scrollTop: 1300, loadedCount: 120 })).toBe(false);
    expect(shouldFetchNextPage({ ...base, scrollTop: 1300, hasNextPage: false })).toBe(false);
  });

  it('loads page after page as the table is scrolled to its end, and stops at the last page', async () => {
    let holdNextPage = false;
    let releaseNextPage = () => {};
    const { calls } = mockApi({
      'GET /things': async ({ url }) => {
        const p = Number(url.searchParams.get('page'));
        if (holdNextPage) {
          holdNextPage = false;
          await new Promise<void>((resolve) => (releaseNextPage = resolve));
        }
        return page(things(p * 50, Math.min(50, 120 - p * 50)), { page: p, size: 50, totalElements: 120 });
      },
    });
    // happy-dom has no layout: the scroller's content height is what 50, 100, 120 rows would take.
    let contentHeight = 50 * 36 + 36;
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.slot === 'data-table-scroll' ? contentHeight : 0;
      },
    });
    onTestFinished(() => {
      delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
      if (original) Object.defineProperty(Element.prototype, 'scrollHeight', original);
    });
    renderTable();
    await screen.findByText('Thing 1');
    const scroller = scrollElement();
    expect(thingsCalls(calls).map((c) => c.url.searchParams.get('page'))).toEqual(['0']);

    // Far from the end: nothing more.
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    expect(thingsCalls(calls)).toHaveLength(1);

    // Under 500 px from the end: page 1. While it loads, the rows stay without the 'Updating...' overlay.
    holdNextPage = true;
    scroller.scrollTop = contentHeight - 720 - 400;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(thingsCalls(calls).map((c) => c.url.searchParams.get('page'))).toEqual(['0', '1']));
    expect(await screen.findByRole('status', { name: 'Loading more...' })).toBeInTheDocument();
    expect(screen.queryByText(UPDATING_TEXT)).not.toBeInTheDocument();
    // A second scroll while that request runs asks for nothing more.
    fireEvent.scroll(scroller);
    expect(thingsCalls(calls)).toHaveLength(2);
    act(() => releaseNextPage());
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '121'));
    contentHeight = 100 * 36 + 36;

    scroller.scrollTop = contentHeight - 720 - 100;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(thingsCalls(calls).map((c) => c.url.searchParams.get('page'))).toEqual(['0', '1', '2']));
    contentHeight = 120 * 36 + 36;

    // All 120 loaded, page 2 is the last: scrolling to the very end asks for nothing.
    await new Promise((r) => setTimeout(r, 20));
    scroller.scrollTop = contentHeight - 720;
    fireEvent.scroll(scroller);
    await new Promise((r) => setTimeout(r, 20));
    expect(thingsCalls(calls)).toHaveLength(3);
  });
});
