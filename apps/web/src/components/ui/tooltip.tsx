import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { lazyLayer, preloadLayer, useLayer, withHandlers } from './lazy-layer';

const tooltipLayer = lazyLayer(() => import('./tooltip-layer'));

/** Radix's tooltip delay: the first tooltip loads and shows after the pointer rested this long. */
const DELAY_MS = 200;

/**
 * A tooltip naming `children` (its trigger), whose code loads on first use (lazy-layer.tsx):
 * the trigger renders as it is; a pointer resting on it (200 ms) or the keyboard's focus loads
 * the tooltip and shows it. A press on the trigger is never interrupted: a click goes through
 * first. `hidden`: nothing shows and nothing loads (e.g. an expanded sidebar shows its labels).
 */
export function Tooltip({
  label,
  side,
  align,
  hidden = false,
  children,
}: {
  label: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  hidden?: boolean;
  children: ReactElement;
}) {
  const [wanted, setWanted] = useState<'hover' | 'focus' | null>(null);
  // A pressed trigger stays until its click: replacing it in between would lose the click.
  const [pressed, setPressed] = useState(false);
  const pressing = useRef(false);
  const layer = useLayer(tooltipLayer, wanted !== null);
  const placeholder = useRef<HTMLElement | null>(null);
  const start = useRef<'hover' | 'focus' | null | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (layer && wanted && !pressed) {
    // Read once, while the trigger it replaces is still in the page.
    if (start.current === undefined) {
      const element = placeholder.current;
      start.current = element && element === document.activeElement ? 'focus' : element?.matches(':hover') ? 'hover' : null;
    }
    return (
      <layer.default label={label} side={side} align={align} hidden={hidden} startOpen={start.current}>
        {children}
      </layer.default>
    );
  }
  if (hidden) return children;
  function release() {
    pressing.current = false;
    setPressed(false);
  }
  return withHandlers(children, {
    onPointerEnter: (event) => {
      placeholder.current = event.currentTarget;
      preloadLayer(tooltipLayer);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setWanted((w) => w ?? 'hover'), DELAY_MS);
    },
    onPointerLeave: () => {
      clearTimeout(timer.current);
      release();
    },
    onPointerDown: () => {
      clearTimeout(timer.current);
      pressing.current = true;
      setPressed(true);
    },
    onClick: release,
    onFocus: (event) => {
      // Focus from a press is not the keyboard's: Radix shows no tooltip for it either.
      if (pressing.current) return;
      placeholder.current = event.currentTarget;
      setWanted('focus');
    },
  });
}
