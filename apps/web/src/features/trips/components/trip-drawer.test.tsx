import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DISCARD_CHANGES_TITLE } from '@/components/layout/drawer';
import { mockApi, page } from '@/test/api-mock';
import { makeUser, renderWithApp } from '@/test/render';
import { TripDrawer } from './trip-drawer';

function setup() {
  mockApi({
    'GET /client-config': () => ({ mapTiles: { provider: 'OFFLINE' } }),
    'GET /recovery/reasons': () => page([]),
  });
  const onOpenChange = vi.fn();
  renderWithApp(<TripDrawer open onOpenChange={onOpenChange} target={{ mode: 'create' }} />, { user: makeUser(['CAN_CREATE_TRIP']) });
  return onOpenChange;
}

describe('Trip drawer: no lost work', () => {
  it('asks before Escape discards a typed number; Keep editing keeps it, Discard closes', async () => {
    const user = userEvent.setup();
    const onOpenChange = setup();
    await user.type(await screen.findByLabelText('Load Number'), 'LD-784210');
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('alertdialog', { name: DISCARD_CHANGES_TITLE })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Load Number')).toHaveValue('LD-784210');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an untouched form closes at once', async () => {
    const user = userEvent.setup();
    const onOpenChange = setup();
    await screen.findByLabelText('Load Number');
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
