import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { PLACE_MESSAGES, type PlaceItem } from '@milepost/contracts/places-api';
import { createQueryClient } from '@/lib/query-client';
import { setTokens } from '@/lib/token-storage';
import { PlaceSearch, type PlaceSearchProps } from './place-search';

type Handler = (url: URL) => Response | Promise<Response>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const place = (id: string, label: string, lat = 32.78, lng = -96.8): PlaceItem => ({ id, title: label, address: { label }, position: { lat, lng } });
const DALLAS = place('us-city:TX:dallas', 'Dallas, TX, United States');
const DALTON = place('us-city:GA:dalton', 'Dalton, GA, United States', 34.77, -84.97);
const DALY = place('us-city:CA:daly-city', 'Daly City, CA, United States', 37.7, -122.46);

/** A fetch fake at the seam: the app's own API by path. Records every URL. */
function mockFetch(opts: { places?: Handler } = {}) {
  const calls: URL[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://milepost.test');
    calls.push(url);
    if (url.pathname === '/api/v1/places/autosuggest') return (opts.places ?? (() => json(200, { data: { items: [DALLAS, DALTON, DALY] } })))(url);
    return json(404, { message: `unexpected ${url}` });
  });
  vi.stubGlobal('fetch', fn);
  return {
    calls,
    searches: () => calls.filter((u) => u.pathname.endsWith('/autosuggest')),
  };
}

/** Lets fake time pass, running timers and the promises they release. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderSearch(props: Partial<PlaceSearchProps> = {}) {
  const onSelect = vi.fn();
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlaceSearch aria-label="Location" onSelect={onSelect} {...props} />
    </QueryClientProvider>,
  );
  return { onSelect, user, input: screen.getByRole('combobox', { name: 'Location' }) };
}

/** Types, then waits out the 700 ms debounce and the answer. */
async function typeAndSettle(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.type(input, text);
  await wait(700);
  await wait(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library drains React's work with a setTimeout(0) that it advances only for Jest's
  // fake timers: this tells it how to advance Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('PlaceSearch', () => {
  it("says 'No options' and searches nothing below 2 characters", async () => {
    const net = mockFetch();
    const { user, input } = renderSearch();
    await user.type(input, 'd');
    await wait(2000);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent(PLACE_MESSAGES.noOptions);
    expect(net.searches()).toHaveLength(0);
    await user.clear(input);
    await user.type(input, ' d ');
    await wait(2000);
    expect(screen.getByRole('status')).toHaveTextContent(PLACE_MESSAGES.noOptions);
    expect(net.searches()).toHaveLength(0);
  });

  it('waits 700 ms after the last keystroke and searches once, for the whole text', async () => {
    const net = mockFetch();
    const { user, input } = renderSearch();
    await user.type(input, 'da');
    await wait(400);
    await user.type(input, 'l');
    await wait(699);
    expect(net.searches()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent(PLACE_MESSAGES.searching);
    await wait(1);
    await wait(0);
    expect(net.searches()).toHaveLength(1);
    const [url] = net.searches();
    expect(url!.pathname).toBe('/api/v1/places/autosuggest');
    expect(Object.fromEntries(url!.searchParams)).toEqual({ q: 'dal', limit: '5', at: '40.7128,-74.006' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([DALLAS.title, DALTON.title, DALY.title]);
  });

  it("shows 'Searching...' until the answer arrives", async () => {
    let answer!: (r: Response) => void;
    mockFetch({ places: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, 'dal');
    expect(screen.getByRole('status')).toHaveTextContent(PLACE_MESSAGES.searching);
    expect(screen.queryByRole('option')).toBeNull();
    answer(json(200, { data: { items: [DALLAS] } }));
    await wait(0);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('option', { name: DALLAS.title })).toBeInTheDocument();
  });

  it('says \'No results for "…"\' when nothing matched', async () => {
    mockFetch({ places: () => json(200, { data: { items: [] } }) });
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, 'zzqx');
    expect(screen.getByRole('status')).toHaveTextContent('No results for "zzqx"');
  });

  it('offline, a street address that finds nothing says why: street addresses need HERE; try a city or ZIP', async () => {
    mockFetch({ places: () => json(200, { data: { items: [], source: 'OFFLINE' } }) });
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, '1200 Main St Dallas');
    expect(screen.getByRole('status')).toHaveTextContent('No results for "1200 Main St Dallas": street addresses need HERE; try a city or ZIP');
    // A city that finds nothing offline, or a street HERE did not find, is just no results.
    await user.clear(input);
    await typeAndSettle(user, input, 'zzqx');
    expect(screen.getByRole('status')).toHaveTextContent(/^No results for "zzqx"$/);
  });

  it('with HERE, a street address that finds nothing is just no results', async () => {
    mockFetch({ places: () => json(200, { data: { items: [], source: 'HERE' } }) });
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, '1200 Main St Dallas');
    expect(screen.getByRole('status')).toHaveTextContent(/^No results for "1200 Main St Dallas"$/);
  });

  it("shows the error's message, else 'Unknown error occurred'", async () => {
    mockFetch({ places: () => json(403, { status: 403, code: 'FORBIDDEN', message: 'Place search is off for your company.' }) });
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, 'dal');
    expect(screen.getByRole('status')).toHaveTextContent('Place search is off for your company.');
  });

  it('retries a failed search twice with backoff (1 s, 2 s), then shows the error', async () => {
    const net = mockFetch({ places: () => json(503, {}) });
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, 'dal');
    expect(net.searches()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(PLACE_MESSAGES.searching);
    await wait(990);
    expect(net.searches()).toHaveLength(1);
    await wait(10);
    expect(net.searches()).toHaveLength(2);
    await wait(1990);
    expect(net.searches()).toHaveLength(2);
    await wait(10);
    expect(net.searches()).toHaveLength(3);
    await wait(50);
    expect(screen.getByRole('status')).toHaveTextContent(GENERIC_ERROR_MESSAGES[503]);
    await wait(10_000);
    expect(net.searches()).toHaveLength(3);
  });

  it('asks only the API (which holds any HERE key), with the query, bias point and limit', async () => {
    const net = mockFetch();
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, 'dal');
    const searches = net.searches();
    expect(searches).toHaveLength(1);
    expect(searches[0]!.pathname).toBe('/api/v1/places/autosuggest');
    expect(Object.fromEntries(searches[0]!.searchParams)).toEqual({ q: 'dal', at: '40.7128,-74.006', limit: '5' });
    expect(net.calls.every((u) => u.origin === 'http://milepost.test')).toBe(true);
    expect(net.calls.some((u) => u.pathname === '/api/v1/client-config')).toBe(false);
    expect(screen.getByRole('option', { name: DALLAS.title })).toBeInTheDocument();
  });

  it('offers only results with a position and an address', async () => {
    mockFetch({
      places: () =>
        json(200, {
          data: {
            items: [
              { id: 'q1', title: 'Dallas restaurants', resultType: 'categoryQuery', href: 'https://…' },
              { id: 'p1', title: 'No address', resultType: 'place', position: { lat: 32.7, lng: -96.8 } },
              { id: 'p2', title: 'No position', resultType: 'place', address: { label: 'Somewhere, TX' } },
              { ...DALLAS, resultType: 'locality' },
            ],
          },
        }),
    });
    const { user, input } = renderSearch();
    await typeAndSettle(user, input, 'dal');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([DALLAS.title]);
  });

  it('is driven by the keyboard: arrows move, Enter picks, Escape closes', async () => {
    mockFetch();
    const { user, input, onSelect } = renderSearch();
    await typeAndSettle(user, input, 'dal');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: DALLAS.title })).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: DALLAS.title }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Wraps around: Dallas → Dalton → Daly City → Dallas.
    expect(screen.getByRole('option', { name: DALLAS.title })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: DALY.title })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: DALTON.title }).id);

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(DALTON);
    expect(input).toHaveValue(DALTON.address.label);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();

    // ↓ opens again; Escape closes without picking.
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('picks a place with the mouse and shows a value given from outside', async () => {
    mockFetch();
    const { user, input, onSelect } = renderSearch({ value: DALY });
    expect(input).toHaveValue(DALY.address.label);
    await user.clear(input);
    await typeAndSettle(user, input, 'dal');
    await user.click(screen.getByRole('option', { name: DALLAS.title }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(DALLAS);
    expect(input).toHaveValue(DALLAS.address.label);
  });
});
