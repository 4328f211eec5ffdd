import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from '@/components/layout/sidebar';
import { Toasts } from '@/components/layout/toasts';
import { makeUser, renderWithApp } from '@/test/render';
import { meQueryKey } from '@/lib/current-user';
import { UserFooter } from './user-footer';

function renderFooter() {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  return renderWithApp(
    <SidebarProvider>
      <UserFooter />
      <Toasts />
    </SidebarProvider>,
    { user: makeUser(['CAN_SHOW_TRIPS']), path: '/trips' },
  );
}

describe('Log Out', () => {
  it('asks first, then revokes the sign-in, clears tokens and cache, toasts and goes to /login', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(Response.json({ data: null })));
    vi.stubGlobal('fetch', fetchMock);
    const { router, queryClient } = renderFooter();

    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Log Out' });
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/logout');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(queryClient.getQueryData(meQueryKey)).toBeUndefined();
  });

  it('still signs out when the logout call fails', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { router } = renderFooter();
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('Edit profile', () => {
  it('opens from the user name, validates, saves and updates the name in the sidebar', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => Promise.resolve(Response.json({ data: { ...makeUser(['CAN_SHOW_TRIPS']), ...JSON.parse(String(init?.body)) } })));
    vi.stubGlobal('fetch', fetchMock);
    renderFooter();

    await user.click(await screen.findByRole('button', { name: /Dana Reyes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Email')).toHaveValue('dana.dispatch@example.com');
    expect(within(dialog).getByLabelText('Role')).toHaveValue('DISPATCHER');

    await user.clear(within(dialog).getByLabelText('First Name'));
    await user.clear(within(dialog).getByLabelText('Last Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('First Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last Name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('First Name'), 'Danielle');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Reyes');
    await user.type(within(dialog).getByLabelText('Phone'), '+1 (312) 555-0100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/profile');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ firstName: 'Danielle', lastName: 'Reyes', phone: '+1 (312) 555-0100', version: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /Danielle Reyes/ })).toBeInTheDocument();
  });

  it("a save refused as stale (changed elsewhere) offers 'Reload', which reads the profile again into the form", async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return Promise.resolve(Response.json({ status: 409, code: 'STALE_VERSION', message: 'This user was changed by someone else.' }, { status: 409 }));
      if (url === '/api/v1/me') return Promise.resolve(Response.json({ data: makeUser(['CAN_SHOW_TRIPS'], { lastName: 'Reyes-Ortiz', version: 2 }) }));
      return Promise.resolve(Response.json({ data: null }));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderFooter();
    await user.click(await screen.findByRole('button', { name: /Dana Reyes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.clear(within(dialog).getByLabelText('First Name'));
    await user.type(within(dialog).getByLabelText('First Name'), 'Danielle');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This user was changed by someone else.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Danielle');
    // The toast's Reload is usable over the open dialog, and the dialog stays.
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Last Name')).toHaveValue('Reyes-Ortiz'));
    expect(within(dialog).getByLabelText('First Name')).toHaveValue('Dana');
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(2));
    expect(JSON.parse(String(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')[1]![1]!.body))).toMatchObject({ lastName: 'Reyes-Ortiz', version: 2 });
  });

  it('keeps the dialog open and shows the status message when saving fails', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ status: 500, code: 'INTERNAL', message: '' }, { status: 500 }))),
    );
    renderFooter();
    await user.click(await screen.findByRole('button', { name: /Dana Reyes/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});
