import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NotFound } from '@/components/layout/route-states';
import { TOAST_PLACEMENT } from '@/components/layout/toast-placement';
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
      <Toaster
        richColors
        theme={resolvedTheme}
        closeButton
        position={TOAST_PLACEMENT.position}
        offset={TOAST_PLACEMENT.offset}
        style={TOAST_PLACEMENT.style}
      />
    </>
  );
}
