import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { TripHistoryDialog } from './trip-history-dialog';

describe('Trip History', () => {
  it('shows friendly values: status labels, dates in the display format, stop types, names', async () => {
    mockApi({
      'GET /trip-action-history': () =>
        page([
          { id: 3, columnName: 'TRIP_STATUS', oldValue: 'IN_TRANSIT', newValue: 'COMPLETED', name: 'Dana Reyes', createdAt: '2026-11-20T15:00:00Z' },
          { id: 2, columnName: 'PICKUP_DATE_TIME', oldValue: '01/15/2026 09:00:00', newValue: '07/04/2026 14:05:00', name: 'Dana Reyes', createdAt: '2026-11-20T15:00:00Z' },
          { id: 1, columnName: 'STOP_TYPE_2', oldValue: 'START', newValue: 'PICKUP', name: 'Dana Reyes', createdAt: '2026-11-20T15:00:00Z' },
        ]),
    });
    renderWithApp(<TripHistoryDialog trip={{ id: 7, number: 'LD-7' }} onOpenChange={() => {}} />, { user: makeUser([]) });
    const table = await screen.findByRole('table', { name: 'Trip history' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['1', 'Trip Status', 'In Transit', 'Completed', 'Dana Reyes', '20.11.2026 09:00'],
      ['2', 'Pickup Date Time', '15.01.2026 09:00', '04.07.2026 14:05', 'Dana Reyes', '20.11.2026 09:00'],
      ['3', 'Stop Type B', 'Start', 'Pickup', 'Dana Reyes', '20.11.2026 09:00'],
    ]);
  });
});
