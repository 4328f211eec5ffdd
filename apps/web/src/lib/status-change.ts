import { toast } from 'sonner';
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
        toast.error(saveErrorText(error, o.entity));
        throw error;
      }
    },
  };
}

/**
 * A status flag that flips at once, without a confirmation (trucks, companies, shops, dispatchers,
 * teams, recovery reasons): runs the change and toasts the outcome or the save error.
 */
export function flipStatus<T extends { id: number; active: boolean }>(
  mutate: (input: { id: number; active: boolean }, options: { onSuccess: () => void; onError: (error: Error) => void }) => void,
  row: T,
  o: { entity: string; toasts: { deactivated: string; activated: string } },
): void {
  mutate(
    { id: row.id, active: !row.active },
    {
      onSuccess: () => toast.success(row.active ? o.toasts.deactivated : o.toasts.activated),
      onError: (error) => toast.error(saveErrorText(error, o.entity)),
    },
  );
}
