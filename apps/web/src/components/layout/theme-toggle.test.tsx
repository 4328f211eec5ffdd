import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithApp } from '@/test/render';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle (its menu loads on first use)', () => {
  it('a click opens the menu once it has loaded, and a choice applies the theme', async () => {
    const user = userEvent.setup();
    renderWithApp(<ThemeToggle />, { user: makeUser([]) });
    await user.click(await screen.findByRole('button', { name: 'Theme: System' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument());
    expect(document.documentElement).toHaveClass('dark');
  });

  it('with the keyboard: Enter on the button opens the menu', async () => {
    const user = userEvent.setup();
    renderWithApp(<ThemeToggle />, { user: makeUser([]) });
    await screen.findByRole('button', { name: /^Theme: / });
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitemradio').map((i) => i.textContent)).toEqual(['Light', 'Dark', 'System']);
  });
});
