import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { renderWithApp } from '@/test/render';
import { RESET_REDIRECT_MS, ResetPasswordPage } from './reset-password-page';

function renderReset(email?: string, token?: string) {
  return renderWithApp(
    <>
      <ResetPasswordPage email={email} token={token} />
      <Toasts />
    </>,
    { path: '/', signedIn: false, noQueryClient: true },
  );
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, password = 'new-password-1', confirm = password) {
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

afterEach(() => vi.useRealTimers());

describe('ResetPasswordPage', () => {
  it('warns on load and again on submit when the link lacks email or token', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderReset('dana@example.com', undefined);
    expect(await screen.findByText('Invalid reset password link. Please request a new one.')).toBeInTheDocument();
    await fillAndSubmit(user);
    expect(await screen.findByText('Missing email or token. Please use a valid reset link.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the mismatch under the confirm field', async () => {
    const user = userEvent.setup();
    renderReset('dana@example.com', 'tok');
    await fillAndSubmit(user, 'new-password-1', 'new-password-2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('checks on submit, focuses the first field in error, then re-checks each field as it changes', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderReset('dana@example.com', 'tok');
    await user.type(await screen.findByLabelText('New Password'), 'short');
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Please check your input and try again.')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('New Password'), '-enough');
    await waitFor(() => expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument());
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm Password'), '-enough');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
  });

  it('shows Resetting... on a disabled button while the request is out', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderReset('dana@example.com', 'tok');
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  });

  it('on success shows the message and goes to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(Response.json({ data: null })));
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderReset('dana@example.com', 'tok-123');
    await fillAndSubmit(user);

    expect(await screen.findByText('Success! Password reset successfully. Redirecting to login...')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      email: 'dana@example.com',
      token: 'tok-123',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RESET_REDIRECT_MS);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it.each([
    [400, 'Invalid or expired reset token. Please request a new password reset.'],
    [422, 'Passwords do not match or do not meet requirements.'],
  ])('maps %i to its text', async (status, text) => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ status, code: 'X', message: 'server text' }, { status }))),
    );
    renderReset('dana@example.com', 'tok');
    await fillAndSubmit(user);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
