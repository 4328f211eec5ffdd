import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive, VisuallyHidden } from 'radix-ui';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isToastEvent } from '@/components/layout/toasts';
import { cn } from '@/lib/utils';

const WIDTHS = {
  default: 'sm:max-w-md',
  wide: 'sm:max-w-3xl',
  xwide: 'sm:max-w-5xl',
} as const;

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Optional: without it the drawer still gets an accessible (hidden) name from `label`. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  description?: ReactNode;
  /** Buttons in the header, left of the close button (e.g. the route-settings popover). */
  headerActions?: ReactNode;
  /** Sticky bottom area, e.g. Cancel / Save. */
  footer?: ReactNode;
  width?: keyof typeof WIDTHS;
  className?: string;
  children?: ReactNode;
}

export const DISCARD_CHANGES_TITLE = 'Discard unsaved changes?';
export const DISCARD_CHANGES_TEXT = 'What you entered in this form has not been saved and will be lost.';

const UnsavedChangesContext = createContext<((dirty: boolean) => void) | null>(null);

/**
 * A form inside a drawer says whether it holds unsaved changes; while it does, closing the
 * drawer by Escape, an outside click or × asks first. (Forms that keep a draft need not.)
 */
export function useUnsavedChanges(dirty: boolean) {
  const report = useContext(UnsavedChangesContext);
  useEffect(() => {
    report?.(dirty);
    return () => report?.(false);
  }, [report, dirty]);
}

/**
 * The right-side drawer used for create/edit forms (docs/product/shell.md): a Radix Dialog shown as a sheet,
 * with focus trap, Escape and overlay click to close, optional title and header actions.
 */
export function Drawer({ open, onOpenChange, title, label = 'Drawer', description, headerActions, footer, width = 'default', className, children }: DrawerProps) {
  const hasHeader = title !== undefined || headerActions !== undefined;
  const dirty = useRef(false);
  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const [asking, setAsking] = useState(false);
  const requestOpenChange = (next: boolean) => {
    if (!next && dirty.current) setAsking(true);
    else onOpenChange(next);
  };
  return (
    <UnsavedChangesContext.Provider value={reportDirty}>
      <ConfirmDialog
        open={asking}
        title={DISCARD_CHANGES_TITLE}
        description={DISCARD_CHANGES_TEXT}
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        variant="destructive"
        onOpenChange={setAsking}
        onConfirm={() => {
          setAsking(false);
          dirty.current = false;
          onOpenChange(false);
        }}
      />
      <DialogPrimitive.Root open={open} onOpenChange={requestOpenChange}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay data-slot="drawer-overlay" className="fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out" />
          <DialogPrimitive.Content
            data-slot="drawer"
            className={cn(
              'fixed inset-y-0 right-0 z-50 flex h-full w-full flex-col border-l bg-background shadow-xl outline-none',
              'data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right',
              WIDTHS[width],
              className,
            )}
            {...(description === undefined ? { 'aria-describedby': undefined } : {})}
            // A toast's Reload or Undo is used with the drawer open: that is no click outside it.
            onInteractOutside={(event) => {
              if (isToastEvent(event)) event.preventDefault();
            }}
          >
            {hasHeader ? (
              <div className="flex h-12 shrink-0 items-center gap-2 border-b pr-2 pl-4">
                {title !== undefined ? (
                  <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-base font-semibold">{title}</DialogPrimitive.Title>
                ) : (
                  <>
                    <VisuallyHidden.Root asChild>
                      <DialogPrimitive.Title>{label}</DialogPrimitive.Title>
                    </VisuallyHidden.Root>
                    <div className="flex-1" />
                  </>
                )}
                {headerActions && <div className="flex items-center gap-1">{headerActions}</div>}
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon-sm" aria-label="Close">
                    <XIcon aria-hidden />
                  </Button>
                </DialogPrimitive.Close>
              </div>
            ) : (
              <>
                <VisuallyHidden.Root asChild>
                  <DialogPrimitive.Title>{label}</DialogPrimitive.Title>
                </VisuallyHidden.Root>
                <DialogPrimitive.Close asChild>
                  <Button variant="ghost" size="icon-sm" aria-label="Close" className="absolute top-2 right-2 z-10">
                    <XIcon aria-hidden />
                  </Button>
                </DialogPrimitive.Close>
              </>
            )}
            {description !== undefined && <DialogPrimitive.Description className="px-4 pt-3 text-sm text-muted-foreground">{description}</DialogPrimitive.Description>}
            <div data-slot="drawer-body" className="min-h-0 flex-1 overflow-y-auto p-4">
              {children}
            </div>
            {footer && <div className="flex shrink-0 items-center justify-end gap-2 border-t px-4 py-3">{footer}</div>}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </UnsavedChangesContext.Provider>
  );
}
