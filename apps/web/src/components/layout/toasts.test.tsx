import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import type * as ToastsModule from './toasts';

// Counts the times sonner is imported: the factory runs on each import of a fresh module registry.
const sonnerImports = vi.hoisted(() => ({ count: 0 }));
vi.mock('sonner', async (importOriginal) => {
  sonnerImports.count += 1;
  return importOriginal();
});

let current: typeof ToastsModule | undefined;

/** A fresh `toasts` module for every test: no queue, sonner not loaded by it. */
async function freshToasts() {
  vi.resetModules();
  current = await import('./toasts');
  return current;
}

/** The shown toasts' titles, newest first (sonner lists the newest at the front). */
function shownTitles() {
  return Array.from(document.querySelectorAll('[data-sonner-toast] [data-title]'), (el) => el.textContent);
}

describe('toasts load on the first toast', () => {
  beforeEach(() => {
    sonnerImports.count = 0;
  });
  // sonner's own store outlives a fresh module: clear what this test showed.
  afterEach(() => current?.toast.dismiss());

  it('imports nothing of sonner and renders nothing until the first toast', async () => {
    const { Toasts, toast } = await freshToasts();
    render(<Toasts />);
    // Give a lazy import every chance to start.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sonnerImports.count).toBe(0);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    // Dismissing before any toast loads nothing either (the tests' cleanup dismisses after every test).
    toast.dismiss();
    toast.dismiss('session-ended');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(sonnerImports.count).toBe(0);

    toast.success('Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(sonnerImports.count).toBe(1);
  });

  it('shows a toast fired before sonner loaded and before <Toasts /> mounted, with its description and action', async () => {
    const { Toasts, toast } = await freshToasts();
    const onUndo = vi.fn();
    toast.success('Truck deactivated.', { description: 'Unit 12', action: { label: 'Undo', onClick: onUndo }, duration: 8000 });
    render(<Toasts />);
    expect(await screen.findByText('Truck deactivated.')).toBeInTheDocument();
    expect(screen.getByText('Unit 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledOnce();
    // Today's props: rich colours and a close button on every toast.
    expect(document.querySelector('[data-sonner-toast]')).toHaveAttribute('data-rich-colors', 'true');
    expect(screen.getByRole('button', { name: 'Close toast' })).toBeInTheDocument();
  });

  it('shows two toasts fired in a row in the order they were fired, before and after sonner loaded', async () => {
    const { Toasts, toast } = await freshToasts();
    render(<Toasts />);
    toast.error('First');
    toast.warning('Second');
    await waitFor(() => expect(shownTitles()).toEqual(['Second', 'First']));
    expect(document.querySelector('[data-front="true"] [data-title]')).toHaveTextContent('Second');

    toast.info('Third');
    toast('Fourth');
    await waitFor(() => expect(shownTitles()).toEqual(['Fourth', 'Third', 'Second', 'First']));
  });

  it('replaces a toast by its id, queued or shown', async () => {
    const { Toasts, toast } = await freshToasts();
    toast.error('Could not save.', { id: 'save-failed' });
    toast.error('Could not save again.', { id: 'save-failed' });
    render(<Toasts />);
    await waitFor(() => expect(shownTitles()).toEqual(['Could not save again.']));

    toast.success('Saved.', { id: 'save-failed' });
    await waitFor(() => expect(shownTitles()).toEqual(['Saved.']));
    expect(document.querySelector('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
  });

  it('dismisses a toast by its id (also the id toast() returned), and a queued one is never shown', async () => {
    const { Toasts, toast } = await freshToasts();
    const dropped = toast.message('Never shown');
    toast.info('Kept');
    toast.dismiss(dropped);
    render(<Toasts />);
    expect(await screen.findByText('Kept')).toBeInTheDocument();
    expect(screen.queryByText('Never shown')).toBeNull();

    const returned = toast.warning('Returned id');
    toast.error('Given id', { id: 'given' });
    expect(await screen.findByText('Returned id')).toBeInTheDocument();
    expect(await screen.findByText('Given id')).toBeInTheDocument();
    expect(toast.error('Given id', { id: 'given' })).toBe('given');
    toast.dismiss(returned);
    toast.dismiss('given');
    await waitFor(() => expect(shownTitles()).toEqual(['Kept']));
    toast.dismiss();
    await waitFor(() => expect(shownTitles()).toEqual([]));
  });

  it('keeps a toast fired while the app navigates (the session ended: toast, then /login)', async () => {
    const { Toasts, toast } = await freshToasts();
    const { router } = renderWithApp(<Toasts />, { path: '/trips' });
    await act(async () => {
      toast.error('Your session has ended.', { id: 'session-ended' });
      await router.navigate({ to: '/login' });
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Your session has ended.')).toBeInTheDocument();
  });
});
