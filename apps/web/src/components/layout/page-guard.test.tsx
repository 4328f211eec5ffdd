import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithApp } from '@/test/render';
import { PageGuard } from './page-guard';

const TRUCKS = ['CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE'];

describe('PageGuard', () => {
  it('shows a spinner while permissions load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithApp(<PageGuard anyOf={TRUCKS}>secret trucks</PageGuard>);
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('secret trucks')).not.toBeInTheDocument();
  });

  it('shows 403 / Access Denied without any of the permissions', async () => {
    renderWithApp(<PageGuard anyOf={TRUCKS}>secret trucks</PageGuard>, { user: makeUser(['CAN_SHOW_TRIPS']) });
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page")).toBeInTheDocument();
    expect(screen.queryByText('secret trucks')).not.toBeInTheDocument();
  });

  it('renders the screen with either reading of the page permission', async () => {
    renderWithApp(<PageGuard anyOf={TRUCKS}>secret trucks</PageGuard>, { user: makeUser(['CAN_SHOW_TRUCK_PAGE']) });
    expect(await screen.findByText('secret trucks')).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('fetches /me itself and then decides', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ data: makeUser(['CAN_SHOW_TRUCKS']) }))),
    );
    renderWithApp(<PageGuard anyOf={TRUCKS}>secret trucks</PageGuard>);
    expect(await screen.findByText('secret trucks')).toBeInTheDocument();
  });

  it('says what went wrong when /me fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ status: 503, code: 'UNAVAILABLE', message: '' }, { status: 503 }))),
    );
    renderWithApp(<PageGuard anyOf={TRUCKS}>secret trucks</PageGuard>);
    expect(await screen.findByText('Service temporarily unavailable. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
