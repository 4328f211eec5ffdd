import type { CSSProperties } from 'react';

/**
 * Where toasts appear (docs/product/shell.md, Layout): at the bottom left of the screen's content,
 * just past the expanded sidebar, 320 px wide. There they cover neither the header's buttons nor a
 * drawer's × and footer (a wide drawer starts 768 px from the right edge, so at 1366 px the toast
 * ends left of it), nor the sidebar's Log Out. On a phone (sonner's mobile layout) they span the
 * bottom of the screen.
 */
export const TOAST_PLACEMENT = {
  position: 'bottom-left',
  // 16rem is the expanded sidebar (SIDEBAR_WIDTH; not imported, so /login does not load the sidebar).
  offset: { left: 'calc(16rem + 16px)', bottom: 16 },
  style: { '--width': '320px' } as CSSProperties,
} as const;
