import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
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
  it('labels Start, Stop N and Delivery with letters, fixes the first and last, renumbers after remove', async () => {
    mockApi({ 'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }) });
    const user = userEvent.setup();
    renderWithApp(<Harness initial={seed('Chicago', 'Dallas', 'Denver', 'Atlanta')} />, { user: makeUser([]) });
    await screen.findAllByTestId('trip-stop');
    expect(rows()).toEqual(['Start: Chicago', 'Stop 1: Dallas', 'Stop 2: Denver', 'Delivery: Atlanta']);
    expect(screen.getAllByTestId('trip-stop').map((li) => li.textContent?.slice(0, 1))).toEqual(['A', 'B', 'C', 'D']);
    expect(screen.getByRole('button', { name: 'Start stays in place' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delivery stays in place' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Stop 1' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove Stop 1' }));
    expect(rows()).toEqual(['Start: Chicago', 'Stop 1: Denver', 'Delivery: Atlanta']);
  });

  it('the stop type sets the load status', async () => {
    mockApi({ 'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }) });
    const user = userEvent.setup();
    renderWithApp(<Harness initial={seed('Chicago', 'Dallas')} />, { user: makeUser([]) });
    const delivery = await screen.findByRole('listitem', { name: 'Delivery: Dallas' });
    // The row labelled Delivery is a DELIVERY, loaded (docs/decisions/007-trip-editing-for-dispatchers.md).
    expect(within(delivery).getByRole('combobox', { name: 'Stop type of Delivery' })).toHaveValue('DELIVERY');
    expect(within(delivery).getByTestId('load-status')).toHaveTextContent('LOADED');
    await user.selectOptions(within(delivery).getByRole('combobox', { name: 'Stop type of Delivery' }), 'TRAILER');
    expect(within(delivery).getByTestId('load-status')).toHaveTextContent('EMPTY');
    await user.selectOptions(within(delivery).getByRole('combobox', { name: 'Stop type of Delivery' }), 'SHOP');
    expect(within(delivery).getByTestId('load-status')).toHaveTextContent('LOADED');
    // With two stops the leg estimate shows, labelled as an estimate.
    expect(await screen.findByText(/straight-line estimates/)).toBeInTheDocument();
    expect(await within(delivery).findByText(/≈ .* mi/)).toBeInTheDocument();
  });

  it('after a programmatic move: renumbered, first START, last DELIVERY, moved rows highlighted', async () => {
    mockApi({ 'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }) });
    let set!: (f: (s: StopDraft[]) => StopDraft[]) => void;
    renderWithApp(<Harness initial={seed('A', 'B', 'C', 'D')} expose={(s) => (set = s)} />, { user: makeUser([]) });
    await screen.findAllByTestId('trip-stop');
    const { act } = await import('@testing-library/react');
    act(() => set((s) => moveStop(s, 2, 1) ?? s));
    expect(rows()).toEqual(['Start: A', 'Stop 1: C', 'Stop 2: B', 'Delivery: D']);
    expect(screen.getByRole('combobox', { name: 'Stop type of Delivery' })).toHaveValue('DELIVERY');
    expect(screen.getByRole('combobox', { name: 'Stop type of Start' })).toHaveValue('START');
  });
});
