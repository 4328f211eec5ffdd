import { SECTIONS, homePath } from '@/lib/sections';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { appQueryClient } from '@/lib/app-query-client';
import { meQueryOptions } from '@/lib/current-user';
import { ensureSession } from '@/lib/session';
import { getAccessToken } from '@/lib/token-storage';

/**
 * `/` decides where to go (docs/product/trips.md): no stored access token → /login; otherwise the first
 * section the user may view (trips, routes, … roles), else /trips.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async () => {
    if (!getAccessToken() || (await ensureSession()) === 'signed-out') throw redirect({ to: '/login' });
    let target: string = '/trips';
    try {
      const me = await (await appQueryClient()).ensureQueryData(meQueryOptions());
      target = homePath(me.permissions);
    } catch {
      // A failed refresh has already cleared the session; anything else: let /trips show the problem.
      if (!getAccessToken()) throw redirect({ to: '/login' });
    }
    throw redirect({ to: SECTIONS.find((s) => s.path === target)?.path ?? '/trips', replace: true });
  },
});
