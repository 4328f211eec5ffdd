import type { CurrentUser } from '@milepost/contracts/auth';
import { SECTIONS } from '@/lib/sections';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { meQueryKey } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { getAccessToken, setTokens } from '@/lib/token-storage';

export function makeUser(permissions: string[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    email: 'dana.dispatch@example.com',
    firstName: 'Dana',
    lastName: 'Reyes',
    phone: null,
    role: 'DISPATCHER',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    permissions: permissions.map((name) => ({ name, enabled: true })),
    ...overrides,
  };
}

/**
 * Renders `ui` inside the app's providers and a memory router that knows every section path.
 * `user`: seeds the /me cache (omit it to let /me be fetched — pair with a fetch stub).
 * `signedIn` (default true): stores a token pair first, as the guarded layout guarantees.
 * `noQueryClient`: no QueryClientProvider, as on the sign-in screens (only the signed-in layout has one).
 */
export function renderWithApp(
  ui: ReactNode,
  {
    user,
    path = '/',
    signedIn = true,
    queryClient = createQueryClient(),
    noQueryClient = false,
  }: { user?: CurrentUser; path?: string; signedIn?: boolean; queryClient?: QueryClient; noQueryClient?: boolean } = {},
) {
  if (signedIn && !getAccessToken()) setTokens({ accessToken: 'test-access-token', refreshToken: 'test-refresh-token' });
  if (user) queryClient.setQueryData(meQueryKey, user);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const children = [
    createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => null }),
    createRoute({ getParentRoute: () => rootRoute, path: '/login', component: () => null }),
    ...SECTIONS.map((s) => createRoute({ getParentRoute: () => rootRoute, path: s.path, component: () => null })),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren(children),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const app = (
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>
  );
  const result = render(noQueryClient ? app : <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>);
  return { ...result, router, queryClient };
}
