import { Monitor, Moon, Sun } from 'lucide-react';
import type { Theme } from '@/lib/theme';
import { cn } from '@/lib/utils';

export const THEME_OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** The toggle button's name, look and icon for the current theme (the same before and after the menu loads). */
export function themeButtonProps(theme: Theme, className: string | undefined) {
  const current = THEME_OPTIONS.find((o) => o.value === theme) ?? THEME_OPTIONS[2]!;
  return {
    'aria-label': `Theme: ${current.label}`,
    title: `Theme: ${current.label}`,
    className: cn(
      'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-sidebar-muted-foreground outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
      className,
    ),
    Icon: current.icon,
  };
}
