import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/layout/toasts';
import { appQueryClient } from '@/lib/app-query-client';
import { makeUser, renderWithApp } from '@/test/render';
import { tokenExpiringIn } from '@/test/jwt';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderWithApp(
    <>
      <LoginPage />
      <Toasts />
    </>,
    // The sign-in screen has no query client (it loads no TanStack Query).
    { path: '/login', signedIn: false, noQueryClient: true },
  );
}

const emailInput = () => screen.getByRole('textbox', { name: 'Email' });

describe('LoginPage', () => {
  it('shows the product title and subtitle with named email and password fields', async () => {
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Milepost' })).toBeInTheDocument();
    expect(screen.getByText('Fleet Management System')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('name', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('name', 'password');
  });

  it('on a schema failure toasts and shows the field errors under the fields', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Please check your input and try again.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks fields only on submit, then again on every change', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn());
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    // The first field in error takes the focus.
    expect(emailInput()).toHaveFocus();

    // After a failed submit each change re-checks its own field; the other field keeps its error.
    await user.clear(emailInput());
    await user.type(emailInput(), 'dana@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument());
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(screen.queryByText('Password is required')).not.toBeInTheDocument());
    await user.clear(screen.getByLabelText('Password'));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('sends the trimmed email and shows Signing in... on a disabled button while it waits', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), '  dana@example.com ');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ email: 'dana@example.com', password: 'wrong' });
    answer(Response.json({ status: 401, code: 'BAD_CREDENTIALS', message: 'Invalid credentials' }, { status: 401 }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('stores the tokens, toasts and goes to the first permitted section', async () => {
    const user = userEvent.setup();
    const access = tokenExpiringIn(900);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url === '/api/v1/authenticate' ? Response.json({ data: { accessToken: access, refreshToken: 'refresh-1' } }) : Response.json({ data: makeUser(['CAN_SHOW_ROUTES']) }),
        ),
      ),
    );
    // A previous user's data is still cached (they signed out in this tab).
    const queryClient = await appQueryClient();
    queryClient.setQueryData(['trips', 'list', {}], ['a previous user’s trip']);
    const { router } = renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login successful! Welcome back.')).toBeInTheDocument();
    expect(queryClient.getQueryData(['trips', 'list', {}])).toBeUndefined();
    expect(localStorage.getItem('accessToken')).toBe(access);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    // The test router has no redirecting `/`; the app's `/` then sends the user to homePath (/routes).
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('on 401 toasts the login failure and clears the tokens', async () => {
    const user = userEvent.setup();
    localStorage.setItem('accessToken', 'old');
    localStorage.setItem('refreshToken', 'old');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ status: 401, code: 'BAD_CREDENTIALS', message: 'Invalid credentials' }, { status: 401 }))),
    );
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();

    // A second failed attempt: still one toast.
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText('Invalid email or password. Please try again.')).toHaveLength(1);
  });

  it('on 429 toasts the rate-limit text', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ status: 429, code: 'RATE_LIMITED', message: 'Rate limit exceeded, retry in 1 minute' }, { status: 429 }))),
    );
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeInTheDocument();
  });

  it('slides to the Reset Password card, sends the email in the query string, and back', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(Response.json({ data: null })));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));

    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    // The sign-in card is out of reach while the reset card shows.
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Password reset link has been sent to your email address.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/reset-password/init?email=dana%40example.com');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    // Success returns to the sign-in card.
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('checks the reset email on submit and shows Sending... while the request is out', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByText('Please check your input and try again.')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'dana@');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(Response.json({ data: null }));
    // Success empties the card and slides back to sign-in.
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('maps 404 and 429 of the reset request to their texts', async () => {
    const user = userEvent.setup();
    const statuses = [404, 429];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        const status = statuses.shift()!;
        return Promise.resolve(Response.json({ status, code: 'X', message: 'server text' }, { status }));
      }),
    );
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Forgot Password?' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email address not found. Please check and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
