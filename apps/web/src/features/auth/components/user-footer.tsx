import { LOGOUT_DIALOG } from '@milepost/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { SidebarItemLabel, SidebarTooltip, sidebarItemClass } from '@/components/layout/sidebar';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { meQueryOptions } from '@/lib/current-user';
import { useLogout } from '../api/auth-api';

// Loaded on the first hover or click of the name: the form library stays out of every screen's
// first load (docs/decisions/013-first-screen-loads-fast.md).
const loadProfileDialog = () => import('./edit-profile-dialog');
const EditProfileDialog = lazy(() => loadProfileDialog().then((m) => ({ default: m.EditProfileDialog })));

function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}

/** Sidebar footer: the user's name (opens Edit Profile), the theme toggle and Log Out. */
export function UserFooter() {
  const { data: user } = useQuery(meQueryOptions());
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileUsed, setProfileUsed] = useState(false);
  const { confirm, dialog } = useConfirmDialog();
  const logout = useLogout();
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';

  return (
    <>
      <div className="flex items-center gap-1 group-data-[state=collapsed]/sidebar:flex-col">
        {user ? (
          <SidebarTooltip label={fullName}>
            <button
              type="button"
              data-testid="sidebar-user"
              className={cn(sidebarItemClass, 'h-11 flex-1 px-1.5 group-data-[state=collapsed]/sidebar:px-1.5')}
              onPointerEnter={() => void loadProfileDialog()}
              onClick={() => {
                setProfileUsed(true);
                setProfileOpen(true);
              }}
            >
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-sidebar-accent text-xs font-semibold text-sidebar-accent-foreground ring-1 ring-sidebar-border"
              >
                {initials(user.firstName, user.lastName)}
              </span>
              <span className="grid min-w-0 leading-tight group-data-[state=collapsed]/sidebar:sr-only">
                <span className="truncate font-medium">{fullName}</span>
                <span className="truncate text-xs text-sidebar-muted-foreground">{user.role ?? user.email}</span>
              </span>
            </button>
          </SidebarTooltip>
        ) : (
          <div className="flex h-11 flex-1 items-center gap-2 px-1.5" aria-hidden>
            <Skeleton className="size-7 rounded-full bg-sidebar-accent" />
            <Skeleton className="h-4 flex-1 bg-sidebar-accent group-data-[state=collapsed]/sidebar:hidden" />
          </div>
        )}
        <ThemeToggle />
      </div>

      <SidebarTooltip label={LOGOUT_DIALOG.confirm}>
        <button
          type="button"
          className={cn(sidebarItemClass, 'text-sidebar-muted-foreground')}
          onClick={() =>
            confirm({
              title: LOGOUT_DIALOG.title,
              description: LOGOUT_DIALOG.description,
              confirmLabel: LOGOUT_DIALOG.confirm,
              cancelLabel: LOGOUT_DIALOG.cancel,
              onConfirm: logout,
            })
          }
        >
          <LogOut aria-hidden />
          <SidebarItemLabel>Log Out</SidebarItemLabel>
        </button>
      </SidebarTooltip>

      {user && profileUsed && (
        <Suspense fallback={null}>
          <EditProfileDialog user={user} open={profileOpen} onOpenChange={setProfileOpen} />
        </Suspense>
      )}
      {dialog}
    </>
  );
}
