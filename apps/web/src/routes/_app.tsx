import { AUTH_MESSAGES } from '@milepost/contracts/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppSidebar } from '@/components/layout/app-sidebar';
import { SidebarInset, SidebarProvider } from '@/components/layout/sidebar';
import { toast } from '@/components/layout/toasts';
import { appQueryClient, clearQueryCache } from '@/lib/app-query-client';
import { meQueryOptions } from '@/lib/current-user';
import { UserFooter } from '@/features/auth/components/user-footer';
import { ensureSession, tokenSubject } from '@/lib/session';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, getAccessToken, getRefreshToken } from '@/lib/token-storage';

/**
 * The authenticated layout. Before every route below it the stored access token is checked
 * (docs/product/trips.md): missing or malformed → both tokens removed and /login; expired → one refresh
 * first, and only a failed refresh signs the user out.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ preload }) => {
    // A hover preload must not refresh or sign out behind the user's back; the real navigation checks.
    if (preload) return { queryClient: await appQueryClient() };
    const hadSession = getAccessToken() !== null || getRefreshToken() !== null;
    if ((await ensureSession()) === 'signed-out') {
      clearQueryCache();
      if (hadSession) toast.error(AUTH_MESSAGES.sessionEnded, { id: 'session-ended' });
      throw redirect({ to: '/login' });
    }
    // The signed-in app's query client, loaded on first need (the sign-in screens do not load it).
    const queryClient = await appQueryClient();
    // Start loading permissions now; the sidebar and page guard show their loading states meanwhile.
    void queryClient.prefetchQuery(meQueryOptions());
    return { queryClient };
  },
  component: AppLayout,
});

function AppLayout() {
  const navigate = useNavigate();
  const queryClient = Route.useRouteContext({ select: (context) => context.queryClient });

  // Another tab signed out, signed in as someone else, or its tokens changed: re-check here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== REFRESH_TOKEN_KEY) return;
      if (event.key === ACCESS_TOKEN_KEY && event.newValue && event.oldValue) {
        const before = tokenSubject(event.oldValue);
        const after = tokenSubject(event.newValue);
        if (before !== after) void queryClient.resetQueries();
      }
      void ensureSession().then((result) => {
        if (result !== 'signed-out') return;
        queryClient.clear();
        void navigate({ to: '/login' });
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate, queryClient]);

  // The query client lives only in the signed-in app: the sign-in screens load none
  // (docs/decisions/013-first-screen-loads-fast.md).
  return (
    <QueryClientProvider client={queryClient}>
      <SidebarProvider>
        <AppSidebar footer={<UserFooter />} />
        <SidebarInset>
          <Outlet />
        </SidebarInset>
      </SidebarProvider>
    </QueryClientProvider>
  );
}
