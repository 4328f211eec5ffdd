import { Monitor, Moon, Sun } from 'lucide-react';
import { Menu } from '@/components/ui/lazy-layer';
import { useTheme, type Theme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const THEME_OPTIONS: { value: Theme; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/**
 * Light / Dark / System picker (docs/product/shell.md). The menu and its library load on first use
 * (`Menu`, components/ui/lazy-layer.tsx), not with the screen: the sign-in screen stays small
 * (docs/decisions/013-first-screen-loads-fast.md).
 */
/** Its colours where it sits: the sidebar's footer, or a page of its own (the sign-in screens). */
const TONES = {
  sidebar: 'text-sidebar-muted-foreground hover:bg-sidebar-accent',
  page: 'text-muted-foreground hover:bg-accent',
} as const;

export function ThemeToggle({ tone = 'sidebar' }: { tone?: keyof typeof TONES }) {
  const { theme, setTheme } = useTheme();
  const current = THEME_OPTIONS.find((o) => o.value === theme) ?? THEME_OPTIONS[2]!;
  const Icon = current.icon;
  return (
    <Menu
      side="top"
      align="end"
      className="w-36"
      trigger={
        <button
          type="button"
          aria-label={`Theme: ${current.label}`}
          title={`Theme: ${current.label}`}
          className={cn(
            'inline-flex size-8 shrink-0 items-center justify-center rounded-md outline-none transition-colors hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
            TONES[tone],
          )}
        >
          <Icon className="size-4" aria-hidden />
        </button>
      }
    >
      {(m) => (
        <>
          <m.DropdownMenuLabel>Theme</m.DropdownMenuLabel>
          <m.DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {THEME_OPTIONS.map(({ value, label, icon: OptionIcon }) => (
              <m.DropdownMenuRadioItem key={value} value={value}>
                <OptionIcon aria-hidden />
                {label}
              </m.DropdownMenuRadioItem>
            ))}
          </m.DropdownMenuRadioGroup>
        </>
      )}
    </Menu>
  );
}
