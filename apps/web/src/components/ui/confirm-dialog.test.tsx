import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { CONFIRM_DIALOG_RESET_MS, useConfirmDialog, type ConfirmOptions } from './confirm-dialog';

function Harness(options: ConfirmOptions<{ id: number }>) {
  const { confirm, dialog } = useConfirmDialog();
  return (
    <>
      <Button onClick={() => confirm(options)}>Open</Button>
      {dialog}
    </>
  );
}

const base = {
  title: 'Cancel Load',
  description: 'Are you sure you want to cancel this load?',
  confirmLabel: 'Confirm Cancel',
  cancelLabel: 'Back',
  payload: { id: 42 },
};

afterEach(() => vi.useRealTimers());

describe('ConfirmDialog', () => {
  it('shows the texts, runs the action with the payload, shows Processing... and cannot close meanwhile', async () => {
    const user = userEvent.setup();
    let finish!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness {...base} onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Load' });
    expect(dialog).toHaveTextContent('Are you sure you want to cancel this load?');

    await user.click(screen.getByRole('button', { name: 'Confirm Cancel' }));
    expect(onConfirm).toHaveBeenCalledWith({ id: 42 });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes on Cancel without running the action', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness {...base} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open (and usable) when the action fails', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(() => Promise.reject(new Error('server said no')));
    render(<Harness {...base} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Cancel' }));
    expect(await screen.findByRole('button', { name: 'Confirm Cancel' })).toBeEnabled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('resets its state 250 ms after closing', () => {
    vi.useFakeTimers();
    const onConfirm = vi.fn();
    const { result } = renderHook(() => useConfirmDialog());
    const dialogProps = () => result.current.dialog.props as { open: boolean; title: unknown; confirmLabel?: string };

    act(() => result.current.confirm({ ...base, onConfirm }));
    expect(dialogProps()).toMatchObject({ open: true, title: 'Cancel Load', confirmLabel: 'Confirm Cancel' });

    act(() => result.current.close());
    // Closing keeps the texts while the dialog animates out...
    expect(dialogProps()).toMatchObject({ open: false, title: 'Cancel Load' });
    act(() => vi.advanceTimersByTime(CONFIRM_DIALOG_RESET_MS - 1));
    expect(dialogProps().title).toBe('Cancel Load');
    // ...and clears them 250 ms later.
    act(() => vi.advanceTimersByTime(1));
    expect(dialogProps()).toMatchObject({ open: false, title: '' });
    expect(dialogProps().confirmLabel).toBeUndefined();
  });
});
