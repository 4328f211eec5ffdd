import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/route-states';
import { Toasts } from '@/components/layout/toasts';
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
      <Toasts theme={resolvedTheme} />
    </>
  );
}
