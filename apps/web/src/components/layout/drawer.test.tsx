import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { Drawer } from './drawer';
import { Toasts, toast } from './toasts';

function Harness({ onOpenChange, onReload }: { onOpenChange?: (open: boolean) => void; onReload?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>New Trip</Button>
      <Drawer
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
        title="Edit Trip: L-1001"
        headerActions={<Button size="sm">Route settings</Button>}
        footer={<Button onClick={() => toast.error('Changed by someone else.', { action: { label: 'Reload', onClick: onReload ?? (() => {}) } })}>Update Trip</Button>}
      >
        <label>
          Notes <input />
        </label>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it("a toast's button works over the open drawer, even as the first toast, and leaves the drawer open", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const onReload = vi.fn();
    render(
      <>
        <Harness onOpenChange={onOpenChange} onReload={onReload} />
        <Toasts />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'New Trip' }));
    await screen.findByRole('dialog', { name: 'Edit Trip: L-1001' });
    await user.click(screen.getByRole('button', { name: 'Update Trip' }));
    // Reachable by role (not hidden from assistive technology by the modal) and clickable (pointer events on).
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Trip: L-1001' })).toBeInTheDocument();
  });

  it('opens with its title and header actions and closes on Escape', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);

    await user.click(screen.getByRole('button', { name: 'New Trip' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Trip: L-1001' });
    expect(drawer).toHaveAttribute('data-slot', 'drawer');
    expect(screen.getByRole('button', { name: 'Route settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Trip' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'New Trip' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still has an accessible name without a visible title', async () => {
    render(
      <Drawer open onOpenChange={() => {}} label="Assign drivers">
        body
      </Drawer>,
    );
    expect(await screen.findByRole('dialog', { name: 'Assign drivers' })).toBeInTheDocument();
  });
});
