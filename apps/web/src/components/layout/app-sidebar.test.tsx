import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithApp } from '@/test/render';
import { AppSidebar } from './app-sidebar';
import { SidebarProvider, SidebarTrigger } from './sidebar';

function renderSidebar(options: Parameters<typeof renderWithApp>[1] = {}) {
  return renderWithApp(
    <SidebarProvider>
      <AppSidebar footer={<span>footer</span>} />
      <SidebarTrigger />
    </SidebarProvider>,
    options,
  );
}

function sidebarElement(): HTMLElement {
  const el = document.querySelector<HTMLElement>('[data-sidebar="sidebar"]');
  if (!el) throw new Error('sidebar not rendered');
  return el;
}

afterEach(() => vi.restoreAllMocks());

describe('AppSidebar', () => {
  it('shows only the entries the user may open, in spec order, and hides an empty group', async () => {
    renderSidebar({
      user: makeUser(['CAN_SHOW_TRIPS', 'CAN_SHOW_TRUCK_PAGE', 'CAN_SHOW_COMPANIES', 'CAN_CREATE_TRIP']),
      path: '/trucks',
    });

    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Trips', 'Trucks', 'Companies']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/trips', '/trucks', '/companies']);
    expect(within(nav).getByRole('group', { name: 'General' })).toBeInTheDocument();
    expect(within(nav).queryByRole('group', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.getByText('Milepost')).toBeInTheDocument();
  });

  it('marks the current section as active', async () => {
    renderSidebar({ user: makeUser(['CAN_SHOW_TRIPS', 'CAN_SHOW_ROUTES']), path: '/routes' });
    const active = await screen.findByRole('link', { name: 'Routes' });
    expect(active).toHaveAttribute('data-status', 'active');
    expect(screen.getByRole('link', { name: 'Trips' })).not.toHaveAttribute('data-status', 'active');
  });

  it('ignores disabled permissions and shows the Settings group alone when only it applies', async () => {
    const user = makeUser(['CAN_SHOW_USERS', 'CAN_SHOW_ROLE_PAGE']);
    user.permissions.push({ name: 'CAN_SHOW_TRIPS', enabled: false });
    renderSidebar({ user });
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Users', 'Roles']);
    expect(within(nav).queryByRole('group', { name: 'General' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('group', { name: 'Settings' })).toBeInTheDocument();
  });

  it('shows no entries while permissions load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderSidebar();
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(within(nav).queryByRole('group')).not.toBeInTheDocument();
  });

  it('toggles with Ctrl+B and Cmd+B and stores the state in the sidebar_state cookie for 7 days', async () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    renderSidebar({ user: makeUser(['CAN_SHOW_TRIPS']) });
    await screen.findByRole('link', { name: 'Trips' });
    expect(sidebarElement()).toHaveAttribute('data-state', 'expanded');

    act(() => {
      fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    });
    expect(sidebarElement()).toHaveAttribute('data-state', 'collapsed');
    expect(cookieSetter).toHaveBeenLastCalledWith(expect.stringMatching(/^sidebar_state=false; path=\/; max-age=604800/));
    expect(document.cookie).toContain('sidebar_state=false');

    act(() => {
      fireEvent.keyDown(window, { key: 'b', metaKey: true });
    });
    expect(sidebarElement()).toHaveAttribute('data-state', 'expanded');
    expect(cookieSetter).toHaveBeenLastCalledWith(expect.stringMatching(/^sidebar_state=true; path=\/; max-age=604800/));

    // The header button does the same.
    fireEvent.click(screen.getByRole('button', { name: 'Toggle sidebar' }));
    expect(sidebarElement()).toHaveAttribute('data-state', 'collapsed');
    // Collapsed: labels stay as accessible names (tooltips show them).
    expect(screen.getByRole('link', { name: 'Trips' })).toBeInTheDocument();
  });

  it('ignores B without a modifier', async () => {
    renderSidebar({ user: makeUser(['CAN_SHOW_TRIPS']) });
    await screen.findByRole('link', { name: 'Trips' });
    fireEvent.keyDown(window, { key: 'b' });
    expect(sidebarElement()).toHaveAttribute('data-state', 'expanded');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    renderSidebar({ user: makeUser(['CAN_SHOW_TRIPS']) });
    await screen.findByRole('link', { name: 'Trips' });
    expect(sidebarElement()).toHaveAttribute('data-state', 'collapsed');
  });
});
