import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import type { TripsSearch } from '../trips-search';
import { ListFilters } from './trips-filters';

describe('Trips period filter', () => {
  it('Weekly fills Monday-to-Sunday dates in Central time', async () => {
    mockApi({ 'GET /users': () => page([]) });
    const onSearchChange = vi.fn();
    const user = userEvent.setup();
    // Thursday 5 March 2026, 03:00 UTC = Wednesday 4 March 21:00 CST.
    renderWithApp(<ListFilters search={{}} onSearchChange={onSearchChange} now={() => new Date('2026-03-05T03:00:00Z')} />, { user: makeUser([]) });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Period' }), 'WEEKLY');
    expect(onSearchChange).toHaveBeenCalledWith({ periodType: 'WEEKLY', fromDate: '03/02/2026 00:00:00', toDate: '03/08/2026 23:59:59' });
  });

  it('a period disables the date range; a custom range disables the period', async () => {
    mockApi({ 'GET /users': () => page([]) });
    const weekly: TripsSearch = { periodType: 'WEEKLY', fromDate: '03/02/2026 00:00:00', toDate: '03/08/2026 23:59:59' };
    const { unmount } = renderWithApp(<ListFilters search={weekly} onSearchChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByLabelText('From date')).toBeDisabled();
    expect(screen.getByLabelText('To date')).toBeDisabled();
    expect(screen.getByLabelText('From date')).toHaveValue('2026-03-02');
    expect(screen.getByRole('combobox', { name: 'Period' })).toBeEnabled();
    unmount();

    const onSearchChange = vi.fn();
    renderWithApp(<ListFilters search={{}} onSearchChange={onSearchChange} />, { user: makeUser([]) });
    const from = await screen.findByLabelText('From date');
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    expect(onSearchChange).toHaveBeenCalledWith({ fromDate: '03/01/2026 00:00:00', toDate: undefined, periodType: 'CUSTOM' });
    unmount();
  });

  it('the period select is disabled for a custom range', async () => {
    mockApi({ 'GET /users': () => page([]) });
    renderWithApp(<ListFilters search={{ periodType: 'CUSTOM', fromDate: '03/01/2026 00:00:00' }} onSearchChange={() => {}} />, { user: makeUser([]) });
    expect(await screen.findByRole('combobox', { name: 'Period' })).toBeDisabled();
    expect(screen.getByLabelText('From date')).toBeEnabled();
  });
});
