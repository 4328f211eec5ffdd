import { PanelLeft } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentProps, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { lazyLayer, useLayer } from '@/components/ui/lazy-layer';
import { Tooltip } from '@/components/ui/tooltip';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

const sheetLayer = lazyLayer(() => import('@/components/ui/sheet'));

/** docs/product/shell.md: collapsible sidebar, Ctrl/Cmd+B, state in a cookie for 7 days. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 604800 s
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_ICON = '3.5rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';

/** Expanded unless the cookie says `false`. */
export function readSidebarCookie(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  const match = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  return match?.slice(SIDEBAR_COOKIE_NAME.length + 1) !== 'false';
}

function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export type SidebarState = 'expanded' | 'collapsed';

interface SidebarContextValue {
  /** Desktop state (collapsed shows icons only). */
  state: SidebarState;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile off-canvas sheet. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}

/** The sidebar context when present (for pieces that may also render outside the shell, e.g. in tests). */
export function useOptionalSidebar(): SidebarContextValue | null {
  return useContext(SidebarContext);
}

export function SidebarProvider({ defaultOpen, className, style, children }: { defaultOpen?: boolean; className?: string; style?: CSSProperties; children: ReactNode }) {
  const isMobile = useIsMobile();
  const [open, setOpenState] = useState<boolean>(() => defaultOpen ?? readSidebarCookie());
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  // Leaving the mobile layout closes the sheet so it does not reappear later unasked.
  useEffect(() => {
    if (!isMobile) setOpenMobile(false);
  }, [isMobile]);

  const value = useMemo<SidebarContextValue>(
    () => ({ state: open ? 'expanded' : 'collapsed', open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        className={cn('flex h-svh w-full overflow-hidden', className)}
        style={
          {
            '--sidebar-width': SIDEBAR_WIDTH,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
            '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
            ...style,
          } as CSSProperties
        }
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * The sidebar itself: a fixed-width column on desktop (16rem, 3.5rem collapsed), an off-canvas
 * sheet (18rem) below 768 px. Carries `data-state="expanded|collapsed"`.
 */
export function Sidebar({ className, children, label = 'Sidebar' }: { className?: string; children: ReactNode; label?: string }) {
  const { state, isMobile, openMobile, setOpenMobile } = useSidebar();
  // The sheet's code loads with its first opening (docs/decisions/013-first-screen-loads-fast.md).
  const sheet = useLayer(sheetLayer, isMobile && openMobile);

  if (isMobile) {
    if (!sheet) return null;
    const { Sheet, SheetContent, SheetDescription, SheetTitle } = sheet;
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          showCloseButton={false}
          data-sidebar="sidebar"
          data-mobile="true"
          data-state="expanded"
          className="group/sidebar w-(--sidebar-width-mobile) max-w-[85vw] gap-0 bg-sidebar p-0 text-sidebar-foreground"
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">Navigation</SheetDescription>
          <div className="flex h-full flex-col">{children}</div>
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <aside
      data-sidebar="sidebar"
      data-state={state}
      aria-label={label}
      className={cn(
        'group/sidebar flex h-svh shrink-0 flex-col overflow-hidden border-r border-sidebar-border bg-sidebar text-sidebar-foreground',
        'w-(--sidebar-width) transition-[width] duration-200 ease-linear data-[state=collapsed]:w-(--sidebar-width-icon)',
        className,
      )}
    >
      {children}
    </aside>
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex h-12 shrink-0 items-center gap-2 px-3', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-content" className={cn('flex min-h-0 flex-1 flex-col gap-3 overflow-x-hidden overflow-y-auto py-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" className={cn('flex shrink-0 flex-col gap-1 border-t border-sidebar-border p-2', className)} {...props} />;
}

export function SidebarGroup({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  const headingId = `sidebar-group-${id}`;
  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-0.5 px-2">
      <h3 id={headingId} className="flex h-7 items-center px-2 text-xs font-medium text-sidebar-muted-foreground transition-opacity group-data-[state=collapsed]/sidebar:sr-only">
        {label}
      </h3>
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </div>
  );
}

export const sidebarItemClass = cn(
  'flex h-8 w-full min-w-0 items-center gap-2.5 overflow-hidden rounded-md px-2.5 text-left text-sm text-sidebar-foreground outline-none transition-colors',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
  'data-[status=active]:bg-sidebar-accent data-[status=active]:font-medium data-[status=active]:text-sidebar-accent-foreground',
  '[&>svg]:size-4 [&>svg]:shrink-0',
  'group-data-[state=collapsed]/sidebar:px-2.5',
);

/** Label text inside a sidebar item: hidden (but still the accessible name) when collapsed. */
export function SidebarItemLabel({ children }: { children: ReactNode }) {
  return <span className="truncate group-data-[state=collapsed]/sidebar:sr-only">{children}</span>;
}

/** Wraps a sidebar item so it shows its name in a tooltip while the sidebar is collapsed. */
export function SidebarTooltip({ label, children }: { label: string; children: ReactElement }) {
  const { state, isMobile } = useSidebar();
  return (
    <Tooltip label={label} side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
      {children}
    </Tooltip>
  );
}

/** The header button that collapses/expands the sidebar (opens the sheet on mobile). */
export function SidebarTrigger({ className }: { className?: string }) {
  const sidebar = useOptionalSidebar();
  if (!sidebar) return null;
  const expanded = sidebar.isMobile ? sidebar.openMobile : sidebar.open;
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      data-slot="sidebar-trigger"
      className={cn('-ml-1 text-muted-foreground', className)}
      aria-label="Toggle sidebar"
      aria-expanded={expanded}
      title="Toggle sidebar (Ctrl+B)"
      onClick={sidebar.toggleSidebar}
    >
      <PanelLeft aria-hidden />
    </Button>
  );
}

/** The main column next to the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'main'>) {
  return <main data-slot="sidebar-inset" className={cn('flex h-svh min-w-0 flex-1 flex-col overflow-hidden bg-background', className)} {...props} />;
}
