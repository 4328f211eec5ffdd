import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { Drawer } from './drawer';

function Harness({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
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
        footer={<Button>Update Trip</Button>}
      >
        <label>
          Notes <input />
        </label>
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
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
