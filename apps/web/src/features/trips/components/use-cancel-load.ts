import type { TripDetail } from '@milepost/contracts/trips-api';
import { toast } from '@/components/layout/toasts';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { saveErrorText } from '@/lib/error-messages';
import { useChangeTripStatusMutation } from '../api/trips-api';

export const CANCEL_LOAD_TEXTS = {
  button: 'Cancel Load',
  title: 'Cancel Load',
  description: 'Are you sure you want to cancel this load?',
  confirm: 'Confirm Cancel',
  back: 'Back',
  done: 'Load canceled',
} as const;

/** 'Cancel Load' of an upcoming or in-transit trip: asks, cancels the trip at its version, tells, closes. */
export function useCancelLoad(original: TripDetail | undefined, onDone: () => void) {
  const changeStatus = useChangeTripStatusMutation();
  const { confirm, dialog } = useConfirmDialog();
  const cancelLoad = () =>
    confirm({
      title: CANCEL_LOAD_TEXTS.title,
      description: CANCEL_LOAD_TEXTS.description,
      confirmLabel: CANCEL_LOAD_TEXTS.confirm,
      cancelLabel: CANCEL_LOAD_TEXTS.back,
      variant: 'destructive',
      onConfirm: async () => {
        if (!original) return;
        try {
          await changeStatus.mutateAsync({ id: original.id, tripStatus: 'CANCELLED', version: original.version });
        } catch (error) {
          toast.error(saveErrorText(error, 'trip'));
          throw error;
        }
        toast.success(CANCEL_LOAD_TEXTS.done);
        onDone();
      },
    });
  return { cancelLoad, dialog };
}
