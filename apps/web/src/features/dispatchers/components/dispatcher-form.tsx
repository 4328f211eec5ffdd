import { dispatcherForm, type DispatcherRow } from '@milepost/contracts/dispatchers-api';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { teamLookup } from '@/lib/lookups';
import { useCreateDispatcherMutation, useUpdateDispatcherMutation } from '../api/dispatchers-api';

export const DISPATCHER_DRAFT_NAME = 'dispatcher';

export const DISPATCHER_TOASTS = {
  created: 'Dispatcher created successfully!',
  updated: 'Dispatcher updated successfully!',
  activated: 'Dispatcher activated',
  deactivated: 'Dispatcher deactivated',
} as const;

type DispatcherValues = z.input<typeof dispatcherForm>;

const EMPTY_VALUES: DispatcherValues = { firstName: '', lastName: '', teamId: null };

/**
 * New and edit dispatcher (docs/product/admin.md Dispatcher): first name required, last name and team
 * optional (team from a searchable picker). A new dispatcher's draft survives closing the drawer.
 */
export function DispatcherForm({ dispatcher, onDone, onCancel }: { dispatcher?: DispatcherRow | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateDispatcherMutation();
  const update = useUpdateDispatcherMutation();
  const state = useDrawerForm({
    schema: dispatcherForm,
    entity: 'dispatcher',
    record: dispatcher,
    empty: EMPTY_VALUES,
    valuesOf: (row) => ({ firstName: row.firstName, lastName: row.lastName ?? '', teamId: row.teamId }),
    extra: { empty: null as LookupOption | null, of: (row) => (row.teamId ? { id: row.teamId, label: row.team ?? `#${row.teamId}` } : null) },
    draftName: DISPATCHER_DRAFT_NAME,
    create: (values) => create.mutateAsync(values),
    update: (row, values) => update.mutateAsync({ id: row.id, body: values }),
    toasts: DISPATCHER_TOASTS,
    onDone,
  });
  const { form, extra: team, setExtra } = state;
  const { errors } = form.formState;

  const setTeam = (option: LookupOption | null) => {
    form.setValue('teamId', option?.id ?? null, { shouldDirty: true });
    setExtra(option);
  };

  return (
    <DrawerForm id="dispatcher-form" state={state} noun="Dispatcher" onCancel={onCancel}>
      <FormField id="dispatcher-first-name" label="First Name" error={errors.firstName}>
        <Input id="dispatcher-first-name" autoComplete="off" {...fieldAria('dispatcher-first-name', errors.firstName)} {...form.register('firstName')} />
      </FormField>
      <FormField id="dispatcher-last-name" label="Last Name" error={errors.lastName}>
        <Input id="dispatcher-last-name" autoComplete="off" {...fieldAria('dispatcher-last-name', errors.lastName)} {...form.register('lastName')} />
      </FormField>
      <FormField id="dispatcher-team" label="Team">
        <LookupSelect
          id="dispatcher-team"
          value={team}
          onChange={setTeam}
          {...teamLookup}
          placeholder="Select a team"
          searchPlaceholder="Search teams..."
          clearLabel="Clear team"
        />
      </FormField>
    </DrawerForm>
  );
}
