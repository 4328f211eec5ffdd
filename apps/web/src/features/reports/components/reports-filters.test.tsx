import { screen } from '@testing-library/react';
import { addMonths, format } from 'date-fns';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { reportRequest } from '../reports-search';
import { ReportsFilters } from './reports-filters';

const wait = { timeout: 8000 };
const render = (search: Parameters<typeof ReportsFilters>[0]['search']) => {
  mockApi({ 'GET /trucks': () => page([]) });
  const onSearchChange = vi.fn();
  const view = renderWithApp(<ReportsFilters search={search} onSearchChange={onSearchChange} />, { user: makeUser(['CAN_SHOW_REPORTS']) });
  return { ...view, onSearchChange };
};

describe('Reports filters (docs/product/admin.md "Reports")', () => {
  it('the period defaults to weekly; a preset disables the date range and leaves its dates empty', async () => {
    const { onSearchChange } = render({});
    const period = await screen.findByRole('combobox', { name: 'Period' }, wait);
    expect(period).toHaveValue('WEEKLY');
    expect(period).toBeEnabled();
    expect(screen.getByLabelText('From date')).toBeDisabled();
    expect(screen.getByLabelText('To date')).toBeDisabled();
    expect(screen.getByLabelText('From date')).toHaveTextContent('From');
    expect(reportRequest({})).toEqual({ kind: 'period', periodType: 'WEEKLY', truckId: undefined });

    await userEvent.setup().selectOptions(period, 'MONTHLY');
    expect(onSearchChange).toHaveBeenLastCalledWith({ periodType: 'MONTHLY', fromDate: undefined, toDate: undefined });
  });

  it('the clear icon clears the period, which enables the date range and asks for nothing', async () => {
    const { onSearchChange, unmount } = render({ periodType: 'YEARLY' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clear period' }, wait));
    expect(onSearchChange).toHaveBeenLastCalledWith({ periodType: 'NONE', fromDate: undefined, toDate: undefined });
    unmount();

    render({ periodType: 'NONE' });
    expect(await screen.findByRole('combobox', { name: 'Period' }, wait)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear period' })).toBeNull();
    expect(screen.getByLabelText('From date')).toBeEnabled();
    expect(reportRequest({ periodType: 'NONE' })).toEqual({ kind: 'none' });
  });

  it('a custom range sets the type to custom and disables the period select; future dates are allowed', async () => {
    const { onSearchChange, unmount } = render({ periodType: 'NONE' });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('To date', undefined, wait));
    // A day next month (the future) can be picked.
    await user.click(await screen.findByRole('button', { name: /next month/i }));
    const day = addMonths(new Date(), 1);
    day.setDate(15);
    const future = screen.getByRole('button', { name: new RegExp(format(day, 'MMMM do, yyyy')) });
    expect(future).toBeEnabled();
    await user.click(future);
    expect(onSearchChange).toHaveBeenLastCalledWith({ fromDate: undefined, toDate: `${format(day, 'MM/dd/yyyy')} 23:59:59`, periodType: 'CUSTOM' });
    unmount();

    const custom = render({ periodType: 'CUSTOM', fromDate: '01/01/2031 00:00:00', toDate: '12/31/2031 23:59:59' });
    const period = await screen.findByRole('combobox', { name: 'Period' }, wait);
    expect(period).toBeDisabled();
    expect(screen.getByLabelText('From date')).toHaveTextContent('01.01.2031');
    expect(screen.getByLabelText('To date')).toHaveTextContent('31.12.2031');
    expect(reportRequest({ periodType: 'CUSTOM', fromDate: '01/01/2031 00:00:00', toDate: '12/31/2031 23:59:59', truckId: 4 })).toEqual({
      kind: 'range',
      fromDate: '01/01/2031 00:00:00',
      toDate: '12/31/2031 23:59:59',
      truckId: 4,
    });
    // Half a range asks for nothing yet; clearing the range clears the type.
    expect(reportRequest({ periodType: 'CUSTOM', fromDate: '01/01/2031 00:00:00' })).toEqual({ kind: 'none' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear date range' }));
    expect(custom.onSearchChange).toHaveBeenLastCalledWith({ periodType: 'NONE', fromDate: undefined, toDate: undefined });
  });
});
