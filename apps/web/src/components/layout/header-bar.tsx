import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { SidebarTrigger } from './sidebar';

export interface HeaderBarProps {
  title: ReactNode;
  /** Small text next to the title, e.g. 'Total: 12 users'. */
  metadata?: ReactNode;
  /** Filter controls; they wrap onto more lines when space runs out. */
  filters?: ReactNode;
  /** Buttons on the right, e.g. 'New Trip'. */
  actions?: ReactNode;
  /** A Table/Map or tab switcher, shown before the actions. */
  viewSwitcher?: ReactNode;
  className?: string;
}

/** The bar at the top of every screen (docs/product/shell.md): title, metadata, filters, view switcher, actions. */
export function HeaderBar({ title, metadata, filters, actions, viewSwitcher, className }: HeaderBarProps) {
  return (
    <header
      data-slot="header-bar"
      className={cn('flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2', className)}
    >
      <div className="flex min-w-0 items-center gap-2">
        <SidebarTrigger />
        <h1 className="truncate text-base font-semibold tracking-tight">{title}</h1>
        {metadata && <div className="truncate text-xs text-muted-foreground tabular-nums">{metadata}</div>}
      </div>
      {filters ? (
        <div data-slot="header-filters" className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
          {filters}
        </div>
      ) : (
        <div className="flex-1" />
      )}
      {(viewSwitcher || actions) && (
        <div className="ml-auto flex shrink-0 items-center gap-2">
          {viewSwitcher && <div data-slot="header-view-switcher">{viewSwitcher}</div>}
          {actions && (
            <div data-slot="header-actions" className="flex items-center gap-2">
              {actions}
            </div>
          )}
        </div>
      )}
    </header>
  );
}
