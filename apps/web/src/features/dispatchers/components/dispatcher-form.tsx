import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { dispatcherForm, type DispatcherRow } from '@milepost/contracts/dispatchers-api';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
import { teamOptionsQueryOptions, useCreateDispatcherMutation, useUpdateDispatcherMutation } from '../api/dispatchers-api';
import { TEAM_LOOKUP_TEXTS, toTeamOption } from '../team-lookup';

export const DISPATCHER_DRAFT_NAME = 'dispatcher';

export const DISPATCHER_TOASTS = {
  created: 'Dispatcher created successfully!',
  updated: 'Dispatcher updated successfully!',
  activated: 'Dispatcher activated',
  deactivated: 'Dispatcher deactivated',
} as const;

type DispatcherValues = z.input<typeof dispatcherForm>;
type DispatcherOutput = z.output<typeof dispatcherForm>;

interface DispatcherDraft {
  values: DispatcherValues;
  team: LookupOption | null;
}

const EMPTY_VALUES: DispatcherValues = { firstName: '', lastName: '', teamId: null };

/**
 * New and edit dispatcher (spec 02 §5 Dispatcher): first name required, last name and team
 * optional (team from a searchable picker). A new dispatcher's draft survives closing the drawer.
 */
export function DispatcherForm({ dispatcher, onDone, onCancel }: { dispatcher?: DispatcherRow | undefined; onDone: () => void; onCancel: () => void }) {
  const isNew = dispatcher === undefined;
  const draft = useFormDraft<DispatcherDraft>(DISPATCHER_DRAFT_NAME, isNew);
  const create = useCreateDispatcherMutation();
  const update = useUpdateDispatcherMutation();
  const form = useForm<DispatcherValues, unknown, DispatcherOutput>({
    resolver: zodResolver(dispatcherForm),
    defaultValues:
      draft.initial?.values ??
      (dispatcher ? { firstName: dispatcher.firstName, lastName: dispatcher.lastName ?? '', teamId: dispatcher.teamId } : EMPTY_VALUES),
  });
  const { errors, isSubmitting } = form.formState;
  const [team, setTeamState] = useState<LookupOption | null>(
    draft.initial ? draft.initial.team : dispatcher?.teamId ? { id: dispatcher.teamId, label: dispatcher.team ?? `#${dispatcher.teamId}` } : null,
  );
  const teamRef = useRef(team);

  const setTeam = (option: LookupOption | null) => {
    teamRef.current = option;
    setTeamState(option);
    form.setValue('teamId', option?.id ?? null, { shouldDirty: true });
  };

  const { save } = draft;
  useEffect(() => {
    if (!isNew) return;
    const subscription = form.watch((values) => save({ values: values as DispatcherValues, team: teamRef.current }));
    return () => subscription.unsubscribe();
  }, [form, isNew, save]);

  const clearForm = () => {
    form.reset(EMPTY_VALUES);
    teamRef.current = null;
    setTeamState(null);
    draft.clear();
  };

  const onSubmit = async (values: DispatcherOutput) => {
    try {
      if (isNew) {
        await create.mutateAsync(values);
        draft.clear();
        toast.success(DISPATCHER_TOASTS.created);
      } else {
        await update.mutateAsync({ id: dispatcher.id, body: values });
        toast.success(DISPATCHER_TOASTS.updated);
      }
      onDone();
    } catch (error) {
      reportSaveFailure(error, 'dispatcher', (field, message) => form.setError(field as Path<DispatcherValues>, { message }));
    }
  };

  return (
    <form
      id="dispatcher-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
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
          queryOptions={teamOptionsQueryOptions}
          toOption={toTeamOption}
          texts={TEAM_LOOKUP_TEXTS}
          placeholder="Select a team"
          searchPlaceholder="Search teams..."
          clearLabel="Clear team"
        />
      </FormField>
      <DrawerFormFooter
        start={
          isNew ? (
            <Button variant="ghost" disabled={isSubmitting} onClick={clearForm}>
              Clear Form
            </Button>
          ) : undefined
        }
      >
        <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : isNew ? 'Create Dispatcher' : 'Update Dispatcher'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
