import { recoveryReasonForm, type RecoveryReasonRow } from '@milepost/contracts/recovery-reasons-api';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateRecoveryReasonMutation, useUpdateRecoveryReasonMutation } from '../api/system-api';

export const RECOVERY_REASON_TOASTS = {
  created: 'Recovery reason created successfully!',
  updated: 'Recovery reason updated successfully!',
  activated: 'Recovery reason activated',
  deactivated: 'Recovery reason deactivated',
} as const;

/**
 * New and edit recovery reason (docs/product/admin.md Recovery reason): a name under 100 characters,
 * checked on change, blur and submit (react-hook-form mode 'all').
 */
export function RecoveryReasonForm({ reason, onDone, onCancel }: { reason?: RecoveryReasonRow | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateRecoveryReasonMutation();
  const update = useUpdateRecoveryReasonMutation();
  const state = useDrawerForm({
    schema: recoveryReasonForm,
    entity: 'recovery reason',
    record: reason,
    empty: { name: '' },
    valuesOf: (row) => ({ name: row.name }),
    create: (values) => create.mutateAsync(values),
    update: (row, values) => update.mutateAsync({ id: row.id, name: values.name }),
    toasts: RECOVERY_REASON_TOASTS,
    onDone,
    mode: 'all',
  });
  const { errors } = state.form.formState;

  return (
    <DrawerForm id="recovery-reason-form" state={state} noun="Reason" onCancel={onCancel}>
      <FormField id="recovery-reason-name" label="Reason Name" error={errors.name}>
        <Input id="recovery-reason-name" autoComplete="off" {...fieldAria('recovery-reason-name', errors.name)} {...state.form.register('name')} />
      </FormField>
    </DrawerForm>
  );
}
