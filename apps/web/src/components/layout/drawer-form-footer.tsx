import type { ReactNode } from 'react';

/**
 * The button row at the bottom of a drawer form, kept in view while the form scrolls. Place it
 * last inside a `<form className="flex min-h-full flex-col">` that is the drawer's content.
 */
export function DrawerFormFooter({ start, children }: { start?: ReactNode; children: ReactNode }) {
  return (
    <div data-slot="drawer-form-footer" className="sticky -bottom-4 z-10 -mx-4 mt-auto -mb-4 flex items-center gap-2 border-t bg-background px-4 py-3">
      {start}
      <div className="ml-auto flex items-center gap-2">{children}</div>
    </div>
  );
}
