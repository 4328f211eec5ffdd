import { Outlet, createRootRoute } from '@tanstack/react-router';
import { NotFound } from '@/components/layout/route-states';
import { Toasts } from '@/components/layout/toasts';
import { useTheme } from '@/lib/theme';

export const Route = createRootRoute({
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
