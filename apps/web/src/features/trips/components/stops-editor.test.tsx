import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RouteRequest, RouteResponse } from '@milepost/contracts/routing-api';
import { milesToMetres } from '@milepost/geo/units';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockCall } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { addStop, moveStop, type StopDraft } from '../stops';
import { StopsEditor } from './stops-editor';

const place = (label: string, lat: number, lng: number) => ({ id: label, title: label, address: { label }, position: { lat, lng } });

function Harness({ initial, expose }: { initial: StopDraft[]; expose?: (set: (f: (s: StopDraft[]) => StopDraft[]) => void) => void }) {
  const [stops, setStops] = useState(initial);
  expose?.(setStops);
  return <StopsEditor stops={stops} onChange={setStops} />;
}

function seed(...labels: string[]) {
  let stops: StopDraft[] = [];
  labels.forEach((label, i) => (stops = addStop(stops, place(label, 35 + i, -95 - i))!));
  return stops;
}

const rows = () => screen.getAllByTestId('trip-stop').map((li) => li.getAttribute('aria-label'));

describe('StopsEditor', () => {
  it('labels Start, Stop B… and the last by its type with the letters, lets every stop move, renumbers after remove', async () => {
    mockApi({ 'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }) });
    const user = userEvent.setup();
    renderWithApp(<Harness initial={seed('Chicago', 'Dallas', 'Denver', 'Atlanta')} />, { user: makeUser([]) });
    await screen.findAllByTestId('trip-stop');
    expect(rows()).toEqual(['Start: Chicago', 'Stop B: Dallas', 'Stop C: Denver', 'Delivery: Atlanta']);
    expect(screen.getAllByTestId('trip-stop').map((li) => li.textContent?.slice(0, 1))).toEqual(['A', 'B', 'C', 'D']);
    expect(screen.getByRole('button', { name: 'Move Start' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Delivery' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Stop B' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove Stop B' }));
    expect(rows()).toEqual(['Start: Chicago', 'Stop B: Denver', 'Delivery: Atlanta']);
    // The last row is labelled by its type.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stop type of Delivery' }), 'HOME');
    expect(rows()).toEqual(['Start: Chicago', 'Stop B: Denver', 'Home: Atlanta']);
  });

  it('the load status follows the route until the dispatcher picks one; a picked type survives adding and removing a stop', async () => {
    mockApi({ 'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }) });
    let set!: (f: (s: StopDraft[]) => StopDraft[]) => void;
    const user = userEvent.setup();
    renderWithApp(<Harness initial={seed('Chicago', 'Dallas', 'Denver')} expose={(s) => (set = s)} />, { user: makeUser([]) });
    const last = await screen.findByRole('listitem', { name: 'Delivery: Denver' });
    expect(within(last).getByTestId('load-status')).toHaveAttribute('data-status', 'LOADED');
    expect(within(last).getByTestId('load-status')).toHaveDisplayValue('Auto: Loaded');
    await user.selectOptions(within(last).getByRole('combobox', { name: 'Load status into Delivery' }), 'EMPTY');
    expect(within(last).getByTestId('load-status')).toHaveAttribute('data-status', 'EMPTY');
    await user.selectOptions(within(last).getByRole('combobox', { name: 'Stop type of Delivery' }), 'HOME');
    const { act } = await import('@testing-library/react');
    act(() => set((s) => addStop(s, place('Tulsa', 36.15, -95.99)) ?? s));
    expect(rows()).toEqual(['Start: Chicago', 'Stop B: Dallas', 'Stop C: Denver', 'Delivery: Tulsa']);
    await user.click(screen.getByRole('button', { name: 'Remove Delivery' }));
    expect(rows()).toEqual(['Start: Chicago', 'Stop B: Dallas', 'Home: Denver']);
    expect(screen.getByRole('combobox', { name: 'Stop type of Home' })).toHaveValue('HOME');
    expect(screen.getByRole('combobox', { name: 'Load status into Home' })).toHaveValue('EMPTY');
    // Back to the rule.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Load status into Home' }), '');
    // Back to the rule: the freight picked up at Dallas is still on board on the way home.
    expect(screen.getByRole('combobox', { name: 'Load status into Home' })).toHaveDisplayValue('Auto: Loaded');
  });

  it('inserts a picked place before any stop', async () => {
    mockApi({
      'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
      'GET /places/autosuggest': () => ({ items: [place('Tulsa, OK', 36.15, -95.99)] }),
    });
    const user = userEvent.setup();
    renderWithApp(<Harness initial={seed('Chicago', 'Dallas', 'Denver')} />, { user: makeUser([]) });
    await screen.findAllByTestId('trip-stop');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Add at' }), 'Before B (Stop B)');
    await user.type(screen.getByRole('combobox', { name: 'Stop location' }), 'Tulsa');
    await user.click(await screen.findByRole('option', { name: /Tulsa, OK/ }));
    await user.click(screen.getByRole('button', { name: 'Add Stop' }));
    expect(rows()).toEqual(['Start: Chicago', 'Stop B: Tulsa, OK', 'Stop C: Dallas', 'Delivery: Denver']);
  });

  it('after a programmatic move of the last stop: renumbered, types by the rule, moved rows highlighted', async () => {
    mockApi({ 'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }) });
    let set!: (f: (s: StopDraft[]) => StopDraft[]) => void;
    renderWithApp(<Harness initial={seed('A', 'B', 'C', 'D')} expose={(s) => (set = s)} />, { user: makeUser([]) });
    await screen.findAllByTestId('trip-stop');
    const { act } = await import('@testing-library/react');
    act(() => set((s) => moveStop(s, 3, 1) ?? s));
    expect(rows()).toEqual(['Start: A', 'Stop B: D', 'Stop C: B', 'Delivery: C']);
    expect(screen.getByRole('combobox', { name: 'Stop type of Delivery' })).toHaveValue('DELIVERY');
    expect(screen.getByRole('combobox', { name: 'Stop type of Start' })).toHaveValue('START');
  });

  describe('legs through the API', () => {
    const SETTING = { id: 3, userId: 1, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' };
    /** A routing answer whose leg k is (k + 1) × 100 miles and (k + 1) × 2 hours. */
    const answer =
      (source: RouteResponse['source']) =>
      ({ body }: MockCall): RouteResponse => {
        const { stops } = body as RouteRequest;
        const legs = stops.slice(1).map((_, k) => ({ distance: milesToMetres((k + 1) * 100), duration: (k + 1) * 7200, polyline: '' }));
        return {
          source,
          estimateReason: source === 'ESTIMATE' ? 'NO_KEY' : null,
          routes: [{ legs, distance: legs.reduce((n, l) => n + l.distance, 0), duration: legs.reduce((n, l) => n + l.duration, 0), notices: [], truckRestricted: false }],
        };
      };
    const routeCalls = (calls: MockCall[]) => calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/routing/routes'));
    const figures = () => screen.getAllByTestId('stop-figures').map((p) => p.textContent);

    it('asks the API 100 ms after a change with the valid stops and route settings, and shows each leg, total and hours', async () => {
      const { calls } = mockApi({
        'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
        'GET /user-route-setting/1': () => ({ ...SETTING, routingType: 'SHORTEST', trailerType: null }),
        'POST /routing/routes': answer('HERE'),
      });
      const stops = seed('Chicago', 'Dallas', 'Denver').map((s, i) => (i === 1 ? s : s));
      renderWithApp(<Harness initial={stops} />, { user: makeUser([]) });
      await screen.findAllByTestId('stop-figures', {}, { timeout: 3000 });
      const request = routeCalls(calls).at(-1)!.body as RouteRequest;
      expect(request).toEqual({ stops: stops.map((s) => ({ lat: s.latitude, lng: s.longitude })), routingMode: 'SHORTEST', trailer: false });
      expect(figures()).toEqual(['Leg 100.0 mi · Total 100.0 mi · 2.00 h', 'Leg 200.0 mi · Total 300.0 mi · 4.00 h']);
      expect(screen.queryByTestId('legs-estimate-note')).toBeNull();
    });

    it('marks every figure as an estimate when the API could only estimate, and follows the unit (KM)', async () => {
      mockApi({
        'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
        'GET /user-route-setting/1': () => ({ ...SETTING, distanceUnit: 'KM' }),
        'POST /routing/routes': answer('ESTIMATE'),
      });
      renderWithApp(<Harness initial={seed('Chicago', 'Dallas')} />, { user: makeUser([]) });
      await waitFor(() => expect(figures()).toEqual(['Leg ≈ 160.9 km est. · Total ≈ 160.9 km est. · ≈ 2.00 h']), { timeout: 3000 });
      expect(screen.getByTestId('legs-estimate-note')).toHaveTextContent('Estimated: no HERE key is configured');
    });

    it('waits 100 ms, skips invalid stops and does not ask with fewer than 2 valid stops', async () => {
      let askedAt = 0;
      const { calls } = mockApi({
        'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
        'GET /user-route-setting/1': () => SETTING,
        'POST /routing/routes': (call) => {
          askedAt = performance.now();
          return answer('HERE')(call);
        },
      });
      let set!: (f: (s: StopDraft[]) => StopDraft[]) => void;
      const two = seed('Chicago', 'Dallas').map((s, i) => (i === 1 ? { ...s, longitude: 0 } : s));
      renderWithApp(<Harness initial={two} expose={(s) => (set = s)} />, { user: makeUser([]) });
      await screen.findAllByTestId('trip-stop');
      await new Promise((r) => setTimeout(r, 300));
      expect(routeCalls(calls).map((c) => c.body)).toEqual([]);

      const { act } = await import('@testing-library/react');
      const changedAt = performance.now();
      act(() =>
        set((s) => [
          ...s,
          ...seed('x', 'y', 'Denver')
            .slice(2)
            .map((d) => ({ ...d, orderIndex: 2 })),
        ]),
      );
      await waitFor(() => expect(routeCalls(calls)).toHaveLength(1));
      expect(askedAt - changedAt).toBeGreaterThanOrEqual(100);
      expect((routeCalls(calls)[0]!.body as RouteRequest).stops).toHaveLength(2);
      // The invalid stop has no figures; the last one carries the one leg.
      await waitFor(() => expect(figures()).toEqual(['Leg 100.0 mi · Total 100.0 mi · 2.00 h']));
    });

    it('says so when the route cannot be calculated at all', async () => {
      mockApi({
        'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
        'GET /user-route-setting/1': () => SETTING,
        'POST /routing/routes': () =>
          new Response(JSON.stringify({ status: 503, code: 'UNAVAILABLE', message: 'Service temporarily unavailable. Please try again later.' }), { status: 503 }),
      });
      renderWithApp(<Harness initial={seed('Chicago', 'Dallas')} />, { user: makeUser([]) });
      expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Leg distances could not be calculated: Service temporarily unavailable.');
    });

    it('says a load without a pickup runs all its miles empty, and makes the first stop the pickup in one click', async () => {
      mockApi({
        'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
        'GET /user-route-setting/1': () => SETTING,
        'POST /routing/routes': answer('HERE'),
      });
      const user = userEvent.setup();
      renderWithApp(<Harness initial={seed('Dallas', 'Atlanta')} />, { user: makeUser([]) });
      await screen.findAllByTestId('trip-stop');
      expect(rows()).toEqual(['Start: Dallas', 'Delivery: Atlanta']);
      const notice = await screen.findByText('No pickup: all 100.0 miles count as empty', {}, { timeout: 3000 });
      await user.click(within(notice.parentElement!).getByRole('button', { name: 'First stop is the pickup' }));
      expect(screen.getByRole('combobox', { name: 'Stop type of Start' })).toHaveValue('PICKUP');
      expect(within(screen.getByRole('listitem', { name: 'Delivery: Atlanta' })).getByTestId('load-status')).toHaveAttribute('data-status', 'LOADED');
      expect(screen.queryByText(/No pickup/)).toBeNull();
    });
  });
});
