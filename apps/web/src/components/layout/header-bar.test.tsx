import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from './sidebar';
import { HeaderBar } from './header-bar';

function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: matches && query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}
afterEach(() => vi.unstubAllGlobals());

const bar = () => (
  <SidebarProvider>
    <HeaderBar title="Trips" metadata="Total: 1 trip" filters={<input aria-label="From date" />} actions={<button type="button">New Trip</button>} />
  </SidebarProvider>
);

describe('HeaderBar', () => {
  it('names the browser tab after the screen', () => {
    phone(false);
    const { unmount } = render(bar());
    expect(document.title).toBe('Trips · Milepost');
    unmount();
    expect(document.title).toBe('Milepost');
  });

  it('on a phone the filters fold into a sheet behind a Filters button', async () => {
    phone(true);
    const user = userEvent.setup();
    render(bar());
    expect(screen.queryByLabelText('From date')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.getByLabelText('From date')).toBeInTheDocument();
  });

  it('on a laptop the filters stay in the bar', () => {
    phone(false);
    render(bar());
    expect(screen.getByLabelText('From date')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
  });
});
