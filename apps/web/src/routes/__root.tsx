import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NotFound } from '@/components/layout/route-states';
import { useTheme } from '@/lib/theme';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { resolvedTheme } = useTheme();
  return (
    <>
      <Outlet />
      <Toaster richColors position="top-right" theme={resolvedTheme} closeButton />
    </>
  );
}
