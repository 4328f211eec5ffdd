import type { CompanyRow } from '@milepost/contracts/companies-api';
import type { IntegrationStatus } from '@milepost/contracts/integrations-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { CompanyIntegrations } from './company-integrations';

const company = { id: 7, name: 'Prairie Freight' } as CompanyRow;

function status(over: Partial<Record<'SAMSARA' | 'GLE', Partial<IntegrationStatus['SAMSARA']>>> = {}): IntegrationStatus {
  const base = { enabled: true, disabledReason: null, state: 'NEVER' as const, startedAt: null, finishedAt: null, vehicles: 0, drivers: 0, error: null, skipped: 0, notice: null };
  return { SAMSARA: { ...base, ...over.SAMSARA }, GLE: { ...base, ...over.GLE } };
}

function renderIt() {
  renderWithApp(
    <>
      <CompanyIntegrations company={company} />
      <Toasts />
    </>,
    { user: makeUser(['CAN_SHOW_COMPANIES', 'CAN_SYNC_INTEGRATIONS']) },
  );
}

describe('Company integrations', () => {
  it("shows each provider's last run, counts and error", async () => {
    mockApi({
      'GET /integrations/status': () =>
        status({
          SAMSARA: {
            state: 'SUCCEEDED',
            startedAt: '2026-11-23T14:00:00.000Z',
            finishedAt: '2026-11-23T14:01:30.000Z',
            vehicles: 48,
            drivers: 71,
            skipped: 3,
            notice: '3 records skipped: 3 GPS fixes outside the trip window.',
          },
          GLE: {
            state: 'FAILED',
            startedAt: '2026-11-23T14:00:00.000Z',
            finishedAt: '2026-11-23T14:00:05.000Z',
            vehicles: 12,
            error: 'GLE is unavailable (503). It will be tried again.',
          },
        }),
    });
    renderIt();
    const samsara = await screen.findByRole('region', { name: 'Samsara' });
    expect(within(samsara).getByText('Synced')).toBeInTheDocument();
    expect(within(samsara).getByText('23.11.2026 08:00 – 08:01 CT')).toBeInTheDocument();
    expect(within(samsara).getByText('48')).toBeInTheDocument();
    expect(within(samsara).getByText('71')).toBeInTheDocument();
    expect(within(samsara).getByText('3 records skipped: 3 GPS fixes outside the trip window.')).toBeInTheDocument();
    const gle = screen.getByRole('region', { name: 'GLE' });
    expect(within(gle).getByText('Failed')).toBeInTheDocument();
    expect(within(gle).getByRole('alert')).toHaveTextContent('GLE is unavailable (503). It will be tried again.');
  });

  it('queues a sync on demand, and offers none for a provider that is off', async () => {
    const user = userEvent.setup();
    let state: IntegrationStatus = status({ GLE: { enabled: false, disabledReason: 'GLE is not configured on this server (GLE_BASE_URL).' } });
    const { calls } = mockApi({
      'GET /integrations/status': () => state,
      'POST /integrations/sync': () => {
        state = status({ SAMSARA: { state: 'QUEUED' }, GLE: state.GLE });
        return { companyId: 7, provider: 'SAMSARA', state: 'QUEUED' };
      },
    });
    renderIt();
    const gle = await screen.findByRole('region', { name: 'GLE' });
    expect(within(gle).getByText('GLE is not configured on this server (GLE_BASE_URL).')).toBeInTheDocument();
    expect(within(gle).getByRole('button', { name: 'Sync GLE now' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Sync Samsara now' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ companyId: 7, provider: 'SAMSARA' }));
    expect(await screen.findByText('Samsara sync started.')).toBeInTheDocument();
    const samsara = screen.getByRole('region', { name: 'Samsara' });
    expect(await within(samsara).findByText('Queued')).toBeInTheDocument();
    expect(within(samsara).getByRole('button', { name: 'Syncing...' })).toBeDisabled();
  });
});
