import { PRODUCT_TITLE } from '@milepost/contracts/messages';
import { SECTIONS, type SectionKey } from '@/lib/sections';
import { Link } from '@tanstack/react-router';
import { Building2, ChartColumn, ListChecks, ClipboardList, Headset, Route, Settings, ShieldCheck, Truck, Users, Wrench, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { usePermissions } from '@/lib/permissions';
import { Sidebar, SidebarContent, SidebarFooter, SidebarGroup, SidebarHeader, SidebarItemLabel, SidebarTooltip, sidebarItemClass, useSidebar } from './sidebar';

const SECTION_ICONS: Record<SectionKey, LucideIcon> = {
  trips: ClipboardList,
  routes: Route,
  reports: ChartColumn,
  mileageReview: ListChecks,
  trucks: Truck,
  dispatchers: Headset,
  shops: Wrench,
  companies: Building2,
  system: Settings,
  users: Users,
  roles: ShieldCheck,
};

const GROUPS = [
  { id: 'general', label: 'General' },
  { id: 'settings', label: 'Settings' },
] as const;

/**
 * The application sidebar: brand, the General and Settings groups (each entry only when the user
 * holds one of its permissions; nothing while permissions load; empty groups disappear) and a footer.
 */
export function AppSidebar({ footer }: { footer?: ReactNode }) {
  const { hasAny, isLoading } = usePermissions();
  const { isMobile, setOpenMobile } = useSidebar();

  const groups = GROUPS.map((group) => ({
    ...group,
    items: isLoading ? [] : SECTIONS.filter((s) => s.group === group.id && hasAny(s.anyOf)),
  })).filter((group) => group.items.length > 0);

  return (
    <Sidebar label="Main navigation">
      <SidebarHeader>
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => isMobile && setOpenMobile(false)}
        >
          <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-bold text-primary-foreground">
            M
          </span>
          <span className="truncate text-base font-semibold tracking-tight group-data-[state=collapsed]/sidebar:sr-only">{PRODUCT_TITLE}</span>
        </Link>
      </SidebarHeader>

      <SidebarContent>
        <nav aria-label="Sections" className="flex flex-col gap-3">
          {isLoading && (
            <div className="flex flex-col gap-1.5 px-3 pt-2" aria-hidden>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-6 bg-sidebar-accent" />
              ))}
            </div>
          )}
          {groups.map((group) => (
            <SidebarGroup key={group.id} id={group.id} label={group.label}>
              {group.items.map((section) => {
                const Icon = SECTION_ICONS[section.key];
                return (
                  <li key={section.key}>
                    <SidebarTooltip label={section.title}>
                      <Link to={section.path} className={sidebarItemClass} onClick={() => isMobile && setOpenMobile(false)}>
                        <Icon aria-hidden />
                        <SidebarItemLabel>{section.title}</SidebarItemLabel>
                      </Link>
                    </SidebarTooltip>
                  </li>
                );
              })}
            </SidebarGroup>
          ))}
        </nav>
      </SidebarContent>

      {footer && <SidebarFooter>{footer}</SidebarFooter>}
    </Sidebar>
  );
}
