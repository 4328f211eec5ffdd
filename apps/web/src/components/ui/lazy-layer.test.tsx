import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from './lazy-layer';
import { Tooltip } from './tooltip';

// Records when the Radix layers are first imported: never with the screen, only on a user's action.
// The tooltip's code arrives when a test lets it (`arrive`), to press its trigger while it loads.
const imported = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { menu: 0, tooltip: 0, arrived, arrive: () => arrive() };
});
vi.mock('./dropdown-menu', async (original) => {
  imported.menu += 1;
  return original();
});
vi.mock('./tooltip-layer', async (original) => {
  imported.tooltip += 1;
  await imported.arrived;
  return original();
});

function RowMenu({ onHistory = () => {} }: { onHistory?: () => void }) {
  return (
    <Menu
      align="end"
      trigger={
        <button type="button" aria-label="More actions for L-42">
          …
        </button>
      }
    >
      {(m) => (
        <>
          <m.DropdownMenuItem onSelect={onHistory}>Trip History</m.DropdownMenuItem>
          <m.DropdownMenuItem>Mileage Report</m.DropdownMenuItem>
        </>
      )}
    </Menu>
  );
}

describe('Menu (its code loads on first use)', () => {
  it('loads nothing with the screen; the trigger keeps its name and says it opens a menu', () => {
    render(<RowMenu />);
    const trigger = screen.getByRole('button', { name: 'More actions for L-42' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(imported.menu).toBe(0);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('the first click opens the menu and an item works', async () => {
    const onHistory = vi.fn();
    const user = userEvent.setup();
    render(<RowMenu onHistory={onHistory} />);
    await user.click(screen.getByRole('button', { name: 'More actions for L-42' }));
    expect(imported.menu).toBe(1);
    // The first import of the menu's code is slow on a busy machine.
    await user.click(await screen.findByRole('menuitem', { name: 'Trip History' }, { timeout: 5000 }));
    expect(onHistory).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // Closed, the focus is back on the (now Radix) trigger, which opens the menu again.
    const trigger = screen.getByRole('button', { name: 'More actions for L-42' });
    await waitFor(() => expect(trigger).toHaveFocus());
    await user.click(trigger);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });

  it.each(['{Enter}', ' ', '{ArrowDown}'])('with the keyboard, %s on the trigger opens the menu on its first item', async (key) => {
    const user = userEvent.setup();
    render(<RowMenu />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'More actions for L-42' })).toHaveFocus();
    await user.keyboard(key);
    const first = await screen.findByRole('menuitem', { name: 'Trip History' }, { timeout: 5000 });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Mileage Report' })).toHaveFocus();
  });
});

function SidebarItem({ hidden = false, onClick = () => {} }: { hidden?: boolean; onClick?: () => void }) {
  return (
    <>
      <button type="button">Before</button>
      <Tooltip label="Trips" side="right" hidden={hidden}>
        <button type="button" onClick={onClick}>
          <span className="sr-only">Trips</span>
        </button>
      </Tooltip>
    </>
  );
}

describe('Tooltip (its code loads on first hover or focus)', () => {
  it('a hidden tooltip loads nothing, even hovered or focused', async () => {
    const user = userEvent.setup();
    render(<SidebarItem hidden />);
    await user.hover(screen.getByRole('button', { name: 'Trips' }));
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Trips' })).toHaveFocus();
    expect(imported.tooltip).toBe(0);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('a click on the trigger is never lost to the loading', async () => {
    const onClick = vi.fn();
    render(<SidebarItem onClick={onClick} />);
    const trigger = screen.getByRole('button', { name: 'Trips' });
    // The pointer rests on it (the tooltip starts loading), then presses it while the code arrives:
    // nothing replaces the trigger before its click.
    fireEvent.pointerEnter(trigger);
    await waitFor(() => expect(imported.tooltip).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 250));
    fireEvent.pointerDown(trigger);
    fireEvent.focus(trigger);
    imported.arrive();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Trips' })).toBe(trigger);
    fireEvent.pointerUp(trigger);
    fireEvent.click(trigger);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('the keyboard focus loads and shows it, the focus staying on the trigger', async () => {
    const user = userEvent.setup();
    render(<SidebarItem />);
    await user.tab();
    await user.tab();
    expect(await screen.findByRole('tooltip', { name: 'Trips' }, { timeout: 5000 })).toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'Trips' });
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-describedby');
  });
});

describe('a layer opened by its caller', () => {
  it('loads with its first opening', async () => {
    const { ConfirmDialog } = await import('./confirm-dialog');
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Log Out
          </button>
          <ConfirmDialog open={open} title="Log out?" onConfirm={() => setOpen(false)} onOpenChange={setOpen} />
        </>
      );
    }
    const user = userEvent.setup();
    render(<Screen />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('alertdialog', { name: 'Log out?' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
