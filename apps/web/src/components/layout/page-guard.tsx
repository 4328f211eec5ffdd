import { ACCESS_DENIED_PAGE } from '@milepost/contracts/messages';
import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/permissions';
import { SidebarTrigger } from './sidebar';

/** A bare top bar so the sidebar can still be toggled (and opened on mobile) from a blocked page. */
function GuardBar() {
  return (
    <div className="flex h-12 shrink-0 items-center px-3">
      <SidebarTrigger />
    </div>
  );
}

/**
 * Wraps a screen: spinner while permissions load; '403 / Access Denied' without any of `anyOf`
 * (docs/product/trips.md). The server enforces the same rules; this only hides what it would refuse.
 */
export function PageGuard({ anyOf, children }: { anyOf: readonly string[]; children: ReactNode }) {
  const { isLoading, error, refetch, hasAny } = usePermissions();

  if (isLoading) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <GuardBar />
        <div className="flex flex-1 items-center justify-center">
          <Spinner />
        </div>
      </div>
    );
  }

  if (error) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <GuardBar />
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <p className="text-sm text-muted-foreground">{error.message}</p>
          <Button variant="outline" size="sm" onClick={refetch}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  if (!hasAny(anyOf)) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <GuardBar />
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
          <ShieldX aria-hidden className="mb-1 size-10 text-muted-foreground/60" />
          <p className="text-5xl font-semibold tracking-tight tabular-nums text-muted-foreground">{ACCESS_DENIED_PAGE.code}</p>
          <h1 className="text-lg font-semibold">{ACCESS_DENIED_PAGE.title}</h1>
          <p className="text-sm text-muted-foreground">{ACCESS_DENIED_PAGE.text}</p>
        </div>
      </div>
    );
  }

  return <>{children}</>;
}
