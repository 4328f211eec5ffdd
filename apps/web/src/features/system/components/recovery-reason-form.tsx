import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { recoveryReasonForm, type RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { reportSaveFailure } from '@/lib/save-failure';
import { useCreateRecoveryReasonMutation, useUpdateRecoveryReasonMutation } from '../api/recovery-reasons-api';

export const RECOVERY_REASON_TOASTS = {
  created: 'Recovery reason created successfully!',
  updated: 'Recovery reason updated successfully!',
  activated: 'Recovery reason activated',
  deactivated: 'Recovery reason deactivated',
} as const;

type ReasonValues = z.input<typeof recoveryReasonForm>;
type ReasonOutput = z.output<typeof recoveryReasonForm>;

/**
 * New and edit recovery reason (spec 02 §5 Recovery reason): a name under 100 characters,
 * checked on change, blur and submit (react-hook-form mode 'all').
 */
export function RecoveryReasonForm({ reason, onDone, onCancel }: { reason?: RecoveryReasonRow | undefined; onDone: () => void; onCancel: () => void }) {
  const isNew = reason === undefined;
  const create = useCreateRecoveryReasonMutation();
  const update = useUpdateRecoveryReasonMutation();
  const form = useForm<ReasonValues, unknown, ReasonOutput>({
    resolver: zodResolver(recoveryReasonForm),
    mode: 'all',
    defaultValues: { name: reason?.name ?? '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ReasonOutput) => {
    try {
      if (isNew) {
        await create.mutateAsync(values);
        toast.success(RECOVERY_REASON_TOASTS.created);
      } else {
        await update.mutateAsync({ id: reason.id, name: values.name });
        toast.success(RECOVERY_REASON_TOASTS.updated);
      }
      onDone();
    } catch (error) {
      reportSaveFailure(error, 'recovery reason', (field, message) => form.setError(field as Path<ReasonValues>, { message }));
    }
  };

  return (
    <form
      id="recovery-reason-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
      <FormField id="recovery-reason-name" label="Reason Name" error={errors.name}>
        <Input id="recovery-reason-name" autoComplete="off" {...fieldAria('recovery-reason-name', errors.name)} {...form.register('name')} />
      </FormField>
      <DrawerFormFooter>
        <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : isNew ? 'Create Reason' : 'Update Reason'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
