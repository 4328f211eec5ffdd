import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { clearAllFormDrafts } from '@/lib/form-drafts';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { UserForm } from './user-form';

const ROLES = [
  { id: 1, name: 'OWNER', description: null, active: true, created: '2026-01-01T00:00:00.000Z' },
  { id: 2, name: 'DISPATCHER', description: null, active: true, created: '2026-01-01T00:00:00.000Z' },
];

function renderForm() {
  const { calls } = mockApi({
    'GET /roles': ({ url }) => page(ROLES.filter((r) => r.name.toLowerCase().includes((url.searchParams.get('keyword') ?? '').toLowerCase()))),
  });
  const onDone = vi.fn();
  renderWithApp(
    <>
      <UserForm onDone={onDone} onCancel={() => {}} />
      <Toasts />
    </>,
    { user: makeUser(['CAN_CREATE_USER']) },
  );
  return { calls, onDone };
}

afterEach(() => clearAllFormDrafts());

describe('User form validation', () => {
  it('shows the spec messages under each field and the schema-failure toast, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls, onDone } = renderForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('OWNER'));

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone'), '1312555');
    await user.click(screen.getByRole('button', { name: 'Clear role' }));
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Phone number is incomplete')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();
    expect(await screen.findByText('Please check your input and try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('masks the phone as it is typed: +1 numbers as +x (xxx) xxx-xxxx, others as +xxx (xx) xxx-xx-xx', async () => {
    const user = userEvent.setup();
    renderForm();
    const phone = await screen.findByLabelText('Phone');
    await user.type(phone, '13125550100');
    expect(phone).toHaveValue('+1 (312) 555-0100');
    await user.clear(phone);
    // A leading 9 becomes +998 once the next digit shows it is not +998 typed in full.
    await user.type(phone, '9');
    expect(phone).toHaveValue('+9');
    await user.type(phone, '901234567');
    expect(phone).toHaveValue('+998 (90) 123-45-67');
    // Backspace over a mask character removes the digit before it.
    await user.clear(phone);
    await user.type(phone, '1312');
    expect(phone).toHaveValue('+1 (312)');
    await user.type(phone, '{Backspace}');
    expect(phone).toHaveValue('+1 (31');
  });

  it('accepts an empty phone and clears field errors once corrected', async () => {
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('OWNER'));
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.queryByText('Phone number is incomplete')).not.toBeInTheDocument();
    expect(screen.queryByText('Role is required')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'Ann');
    await waitFor(() => expect(screen.queryByText('First name is required')).not.toBeInTheDocument());
  });

  it('a 300-character last name says it is too long, not that it is required, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('OWNER'));
    await user.type(screen.getByLabelText('First Name'), 'Ann');
    await user.click(screen.getByLabelText('Last Name'));
    await user.paste('L'.repeat(300));
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Last name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.queryByText('Last name is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('picks a role from the searchable lookup, with the spec texts for no match', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('OWNER'));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    const search = await screen.findByRole('textbox', { name: 'Search roles...' });
    expect(await screen.findByRole('option', { name: 'DISPATCHER' })).toBeInTheDocument();

    await user.type(search, 'zzz');
    expect(await screen.findByText('No roles found for "zzz"')).toBeInTheDocument();
    const lookups = calls.filter((c) => c.url.pathname === '/api/v1/roles' && c.url.searchParams.get('keyword') === 'zzz');
    expect(lookups).toHaveLength(1); // debounced: one request for the settled text
    expect(lookups[0]!.url.searchParams.get('active')).toBe('true');

    await user.clear(search);
    await user.type(search, 'disp');
    await user.click(await screen.findByRole('option', { name: 'DISPATCHER' }));
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('DISPATCHER');
  });
});
