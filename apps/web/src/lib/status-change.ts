import { toast } from '@/components/layout/toasts';
import type { ConfirmOptions } from '@/components/ui/confirm-dialog';
import { saveErrorText } from './error-messages';

/**
 * The confirm dialog of a status flag (docs/product/admin.md): 'Are you sure you want to deactivate/activate
 * "{name}"?' with Confirm / Cancel; on confirm it runs the change and toasts the outcome, and a
 * failure shows the save error and keeps the dialog open.
 */
export function statusChangeConfirm(o: {
  title: string;
  name: string;
  /** The flag is on now, so confirming turns it off. */
  isOn: boolean;
  /** The verbs for turning off and on. */
  verbs?: readonly [off: string, on: string];
  /** For the failure message, e.g. 'user'. */
  entity: string;
  toasts: { off: string; on: string };
  change: () => Promise<unknown>;
}): ConfirmOptions {
  const [off, on] = o.verbs ?? ['deactivate', 'activate'];
  return {
    title: o.title,
    description: `Are you sure you want to ${o.isOn ? off : on} "${o.name}"?`,
    confirmLabel: 'Confirm',
    cancelLabel: 'Cancel',
    onConfirm: async () => {
      try {
        await o.change();
        toast.success(o.isOn ? o.toasts.off : o.toasts.on);
      } catch (error) {
        const text = saveErrorText(error, o.entity);
        toast.error(text, { id: `save-failed:${text}` });
        throw error;
      }
    },
  };
}

/** The toast action that turns a deactivation back (docs/product/shell.md, status changes). */
export const UNDO_LABEL = 'Undo';
/** How long a deactivation's toast, and so its Undo, stays. */
export const UNDO_TOAST_MS = 8000;

/** What a status flip sends: a versioned record (trucks, companies) also sends the version it was shown at. */
export type StatusFlipInput<T> = T extends { version: number } ? { id: number; active: boolean; version: number } : { id: number; active: boolean };

/**
 * A status flag that flips at once, without a confirmation (trucks, companies, shops, dispatchers,
 * teams): runs the change and toasts the outcome or the save error — one toast per record, so an
 * Undo and its outcome replace each other. A deactivation's toast offers 'Undo' for 8 s, which
 * activates the record again. A versioned record sends its version (docs/product/admin.md); the
 * Undo sends the one the API answered the deactivation with, so it is not refused as stale.
 */
export function flipStatus<T extends { id: number; active: boolean; version?: number }>(
  mutate: (input: StatusFlipInput<T>, options: { onSuccess: (saved: T) => void; onError: (error: Error) => void }) => void,
  row: T,
  o: { entity: string; toasts: { deactivated: string; activated: string } },
): void {
  const id = `status-${o.entity}-${row.id}`;
  let undone = false;
  const run = (active: boolean, version: number | undefined, undoable: boolean) =>
    mutate({ id: row.id, active, ...(version === undefined ? {} : { version }) } as StatusFlipInput<T>, {
      onSuccess: (saved) =>
        toast.success(active ? o.toasts.activated : o.toasts.deactivated, {
          id,
          // The same toast is updated in place: an outcome without Undo clears the earlier action.
          ...(undoable && !active
            ? {
                duration: UNDO_TOAST_MS,
                action: {
                  label: UNDO_LABEL,
                  // Keep the toast open for the answer to replace (closed here, it would take the answer
                  // with it); a second click sends nothing.
                  onClick: (event) => {
                    event.preventDefault();
                    if (undone) return;
                    undone = true;
                    run(true, saved.version, false);
                  },
                },
              }
            : { action: undefined, duration: undefined }),
        }),
      onError: (error) => toast.error(saveErrorText(error, o.entity), { id, action: undefined, duration: undefined }),
    });
  run(!row.active, row.version, true);
}
