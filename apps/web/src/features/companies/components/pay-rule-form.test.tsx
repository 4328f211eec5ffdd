import type { CompanyRow } from '@milepost/contracts/companies-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayRule } from '@milepost/contracts/mileage-review-api';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { CompanyForm } from './company-form';

const wait = { timeout: 8000 };
const rule = (over: Partial<PayRule> = {}): PayRule => ({
  companyId: 7,
  payBasis: 'ROUTED',
  tolerancePct: 3,
  version: 0,
  hasIntegration: true,
  sentence: 'Pay routed miles when GPS agrees within 3 %',
  ...over,
});
const company: CompanyRow = {
  id: 7,
  name: 'Prairie Freight Lines',
  email: 'ops@prairie.example',
  phone: '+1 (312) 555-0100',
  usDot: '1234567',
  active: true,
  created: '2026-01-01T00:00:00.000Z',
  samsaraTokenHint: null,
  gleTokenHint: null,
  samsaraEnabled: true,
  gleEnabled: false,
  version: 2,
};

function renderForm(payRule: PayRule, onDone = vi.fn()) {
  renderWithApp(
    <>
      <CompanyForm company={company} payRule={payRule} onDone={onDone} onCancel={() => {}} />
      <Toasts />
    </>,
    { user: makeUser(['CAN_EDIT_COMPANY', 'CAN_SHOW_COMPANIES']) },
  );
  return onDone;
}

describe('Pay rule (Companies form, one Save)', () => {
  it('says what the rule does as it is edited, and the form’s one Save sends it with the company in one request, at the version it was read at', async () => {
    const { calls } = mockApi({ 'PUT /companies/7': (c) => ({ ...company, ...(c.body as object), version: 3 }) });
    const onDone = renderForm(rule());
    expect(await screen.findByText('Pay routed miles when GPS agrees within 3 %', undefined, wait)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Pay basis'), 'LOWER');
    const tolerance = screen.getByLabelText('Tolerance (%)');
    await user.clear(tolerance);
    await user.type(tolerance, '2.5');
    expect(screen.getByText('Pay the lower of routed and GPS miles when GPS agrees within 2.5 %')).toBeInTheDocument();
    // No Save of its own: the pay rule is part of the form.
    expect(screen.queryByRole('button', { name: 'Save pay rule' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Company' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled(), wait);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url.pathname.replace(/^.*\/api\/v1/, ''))).toEqual(['/companies/7']);
    expect((puts[0]!.body as { payRule: unknown }).payRule).toEqual({ payBasis: 'LOWER', tolerancePct: 2.5, version: 0 });
  });

  it('an unchanged rule is not sent', async () => {
    const { calls } = mockApi({ 'PUT /companies/7': (c) => ({ ...company, ...(c.body as object), version: 3 }) });
    const onDone = renderForm(rule());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Update Company' }, wait));
    await waitFor(() => expect(onDone).toHaveBeenCalled(), wait);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url.pathname.replace(/^.*\/api\/v1/, ''))).toEqual(['/companies/7']);
    expect(puts[0]!.body).not.toHaveProperty('payRule');
  });

  it('refuses a tolerance over 25 without asking the server; a company without integration pays routed miles', async () => {
    const { calls } = mockApi({});
    renderForm(rule({ hasIntegration: false, payBasis: 'ACTUAL' }));
    expect(await screen.findByText('Pay routed miles (this company runs no GPS integration)', undefined, wait)).toBeInTheDocument();
    const user = userEvent.setup();
    const tolerance = screen.getByLabelText('Tolerance (%)');
    await user.clear(tolerance);
    await user.type(tolerance, '30');
    await user.click(screen.getByRole('button', { name: 'Update Company' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tolerance must be a number from 0 to 25');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
