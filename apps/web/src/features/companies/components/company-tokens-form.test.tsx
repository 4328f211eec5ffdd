import type { CompanyRow } from '@milepost/contracts/companies-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { mockApi } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { CompanyTokensForm, TOKEN_PLACEHOLDERS } from './company-tokens-form';

function makeCompany(overrides: Partial<CompanyRow> = {}): CompanyRow {
  return {
    id: 3,
    name: 'Prairie Freight',
    email: 'ops@prairie.example',
    phone: '+1 (312) 555-0100',
    usDot: '1234567',
    active: true,
    created: '2026-01-01T00:00:00.000Z',
    samsaraTokenHint: '•••• 4f2a',
    gleTokenHint: '•••• 9c1d',
    samsaraEnabled: true,
    gleEnabled: true,
    version: 2,
    ...overrides,
  };
}

function renderForm(company: CompanyRow, onDone = vi.fn()) {
  renderWithApp(
    <>
      <CompanyTokensForm company={company} onDone={onDone} onCancel={() => {}} />
      <Toasts />
    </>,
    { user: makeUser(['CAN_SHOW_COMPANIES', 'CAN_EDIT_COMPANY_TOKENS']) },
  );
}

describe('Update API Tokens form', () => {
  it('shows the stored tokens only as placeholders and never as input values', async () => {
    mockApi({});
    renderForm(makeCompany());
    const samsara = await screen.findByLabelText('Samsara Token');
    const gle = screen.getByLabelText('GLE Token');
    expect(samsara).toHaveAttribute('placeholder', '•••• 4f2a');
    expect(gle).toHaveAttribute('placeholder', '•••• 9c1d');
    expect(samsara).toHaveValue('');
    expect(gle).toHaveValue('');
    for (const input of [samsara, gle]) expect((input as HTMLInputElement).value).toBe('');
  });

  it('types tokens in password fields with a show toggle, and says whether each token is stored', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderForm(makeCompany({ gleTokenHint: null }));
    const samsara = await screen.findByLabelText('Samsara Token');
    expect(samsara).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('GLE Token')).toHaveAttribute('type', 'password');
    await user.type(samsara, 'sam-secret');
    await user.click(screen.getByRole('button', { name: 'Show Samsara token' }));
    expect(samsara).toHaveAttribute('type', 'text');
    expect(samsara).toHaveValue('sam-secret');
    await user.click(screen.getByRole('button', { name: 'Hide Samsara token' }));
    expect(samsara).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('token-status')).toHaveTextContent('A Samsara token is stored (•••• 4f2a). No GLE token is stored.');
  });

  it('uses neutral placeholders when no token is stored', async () => {
    mockApi({});
    renderForm(makeCompany({ samsaraTokenHint: null, gleTokenHint: null }));
    expect(TOKEN_PLACEHOLDERS).toEqual({ samsara: 'Enter Samsara token', gle: 'Enter GLE token' });
    expect(await screen.findByLabelText('Samsara Token')).toHaveAttribute('placeholder', TOKEN_PLACEHOLDERS.samsara);
    expect(screen.getByLabelText('GLE Token')).toHaveAttribute('placeholder', TOKEN_PLACEHOLDERS.gle);
  });

  it("requires both tokens and sends them to PUT /companies/change-tokens/{id} with the company's version", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ 'PUT /companies/change-tokens/3': () => makeCompany({ samsaraTokenHint: '•••• abcd', gleTokenHint: '•••• efgh' }) });
    const onDone = vi.fn();
    renderForm(makeCompany(), onDone);
    await user.click(await screen.findByRole('button', { name: 'Update Tokens' }));
    expect(await screen.findByText('Samsara token is required')).toBeInTheDocument();
    expect(screen.getByText('GLE token is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Samsara Token'), 'sam-token-abcd');
    await user.type(screen.getByLabelText('GLE Token'), 'gle-token-efgh');
    await user.click(screen.getByRole('button', { name: 'Update Tokens' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ samsaraToken: 'sam-token-abcd', gleToken: 'gle-token-efgh', version: 2 });
  });
});
