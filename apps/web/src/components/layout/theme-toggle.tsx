import { Suspense, lazy, useState } from 'react';
import { useTheme } from '@/lib/theme';
import { themeButtonProps } from './theme-button';

const loadMenu = () => import('./theme-menu');
const ThemeMenu = lazy(loadMenu);

/**
 * Light / Dark / System picker (docs/product/shell.md). The menu and its library load on the
 * first hover, focus or click of the button, not with the screen: the sign-in screen stays small
 * (docs/decisions/013-first-screen-loads-fast.md). A click before it has loaded opens it once loaded.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme } = useTheme();
  const [used, setUsed] = useState(false);
  const { Icon, ...button } = themeButtonProps(theme, className);
  const placeholder = (
    <button
      type="button"
      {...button}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onClick={() => setUsed(true)}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ThemeMenu className={className} defaultOpen />
    </Suspense>
  );
}
