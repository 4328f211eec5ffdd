import { SlidersHorizontal } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { lazyLayer, useLayerTrigger } from '@/components/ui/lazy-layer';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { SidebarTrigger } from './sidebar';

const sheetLayer = lazyLayer(() => import('@/components/ui/sheet'));

export const APP_NAME = 'Milepost';
export const FILTERS_LABEL = 'Filters';

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
  /** Filters on their own line(s) under the title and actions: a screen with many filters (Trips) keeps them to two rows at 1366 px. */
  filtersBelow?: boolean;
  className?: string;
}

/**
 * The bar at the top of every screen (docs/product/shell.md): title, metadata, filters, view switcher,
 * actions. It names the browser tab after the screen. On a phone the filters fold into a sheet
 * behind a Filters button, so the bar stays one or two lines high.
 */
export function HeaderBar({ title, metadata, filters, actions, viewSwitcher, filtersBelow = false, className }: HeaderBarProps) {
  const mobile = useIsMobile();
  useEffect(() => {
    if (typeof title !== 'string') return;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
  const folded = mobile && filters !== undefined && filters !== null;
  return (
    <header data-slot="header-bar" className={cn('flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b px-3 py-2', className)}>
      <div className="flex min-w-0 items-center gap-2">
        <SidebarTrigger />
        <h1 className="truncate text-base font-semibold tracking-tight">{title}</h1>
        {metadata && <div className="truncate text-xs text-muted-foreground tabular-nums">{metadata}</div>}
      </div>
      {folded ? (
        <div className="flex flex-1 justify-end">
          <FiltersSheet>{filters}</FiltersSheet>
        </div>
      ) : filters ? (
        <div data-slot="header-filters" className={cn('flex min-w-0 flex-1 flex-wrap items-center gap-2', filtersBelow && 'order-last basis-full')}>
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

/** A phone's Filters button and the sheet it opens; the sheet's code loads on first use. */
function FiltersSheet({ children }: { children: ReactNode }) {
  const button = (
    <Button variant="outline" size="sm">
      <SlidersHorizontal aria-hidden />
      {FILTERS_LABEL}
    </Button>
  );
  const { module: m, placeholder } = useLayerTrigger(sheetLayer, button, 'dialog');
  if (!m) return placeholder;
  return (
    <m.Sheet defaultOpen>
      <m.SheetTrigger asChild>{button}</m.SheetTrigger>
      <m.SheetContent side="right" className="w-[85vw] max-w-sm gap-3 overflow-y-auto p-4 pt-12">
        <m.SheetTitle className="text-base font-semibold">{FILTERS_LABEL}</m.SheetTitle>
        <m.SheetDescription className="sr-only">Filter the list</m.SheetDescription>
        <div data-slot="header-filters" className="flex flex-col items-stretch gap-3 [&>*]:w-full">
          {children}
        </div>
      </m.SheetContent>
    </m.Sheet>
  );
}
