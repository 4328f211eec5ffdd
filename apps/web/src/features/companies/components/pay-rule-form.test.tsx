import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayRule } from '@milepost/contracts/mileage-review-api';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { PayRuleSection } from './pay-rule-form';

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

describe('Pay rule (Companies drawer)', () => {
  it('says what the rule does as it is edited, and saves it with the version it was read at', async () => {
    const { calls } = mockApi({
      'GET /companies/7/pay-rule': () => rule(),
      'PUT /companies/7/pay-rule': (c) => rule({ ...(c.body as object), version: 1 }),
    });
    renderWithApp(<PayRuleSection companyId={7} canEdit />, { user: makeUser(['CAN_EDIT_COMPANY', 'CAN_SHOW_COMPANIES']) });
    expect(await screen.findByText('Pay routed miles when GPS agrees within 3 %', undefined, wait)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Pay basis'), 'LOWER');
    const tolerance = screen.getByLabelText('Tolerance (%)');
    await user.clear(tolerance);
    await user.type(tolerance, '2.5');
    expect(screen.getByText('Pay the lower of routed and GPS miles when GPS agrees within 2.5 %')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save pay rule' }));
    await screen.findByText('Pay the lower of routed and GPS miles when GPS agrees within 2.5 %', undefined, wait);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ payBasis: 'LOWER', tolerancePct: 2.5, version: 0 });
  });

  it('refuses a tolerance over 25 without asking the server; a company without integration pays routed miles', async () => {
    const { calls } = mockApi({ 'GET /companies/7/pay-rule': () => rule({ hasIntegration: false, payBasis: 'ACTUAL' }) });
    renderWithApp(<PayRuleSection companyId={7} canEdit />, { user: makeUser(['CAN_EDIT_COMPANY', 'CAN_SHOW_COMPANIES']) });
    expect(await screen.findByText('Pay routed miles (this company runs no GPS integration)', undefined, wait)).toBeInTheDocument();
    const user = userEvent.setup();
    const tolerance = screen.getByLabelText('Tolerance (%)');
    await user.clear(tolerance);
    await user.type(tolerance, '30');
    await user.click(screen.getByRole('button', { name: 'Save pay rule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tolerance must be a number from 0 to 25');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
