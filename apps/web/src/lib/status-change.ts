import { toast } from 'sonner';
import type { ConfirmOptions } from '@/components/ui/confirm-dialog';
import { saveErrorText } from './error-messages';

/**
 * The confirm dialog of a status flag (spec 02 §4): 'Are you sure you want to deactivate/activate
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
