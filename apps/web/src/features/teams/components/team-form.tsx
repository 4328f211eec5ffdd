import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { teamForm, type TeamRow } from '@milepost/contracts/dispatchers-api';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
import { useCreateTeamMutation, useUpdateTeamMutation } from '../api/teams-api';

export const TEAM_DRAFT_NAME = 'team';

export const TEAM_TOASTS = {
  created: 'Team created successfully!',
  updated: 'Team updated successfully!',
  activated: 'Team activated',
  deactivated: 'Team deactivated',
} as const;

type TeamValues = z.input<typeof teamForm>;
type TeamOutput = z.output<typeof teamForm>;

/** New and edit team (spec 02 §5 Team). A new team's draft survives closing the drawer. */
export function TeamForm({ team, onDone, onCancel }: { team?: TeamRow | undefined; onDone: () => void; onCancel: () => void }) {
  const isNew = team === undefined;
  const draft = useFormDraft<TeamValues>(TEAM_DRAFT_NAME, isNew);
  const create = useCreateTeamMutation();
  const update = useUpdateTeamMutation();
  const form = useForm<TeamValues, unknown, TeamOutput>({ resolver: zodResolver(teamForm), defaultValues: draft.initial ?? { name: team?.name ?? '' } });
  const { errors, isSubmitting } = form.formState;

  const { save } = draft;
  useEffect(() => {
    if (!isNew) return;
    const subscription = form.watch((values) => save(values as TeamValues));
    return () => subscription.unsubscribe();
  }, [form, isNew, save]);

  const clearForm = () => {
    form.reset({ name: '' });
    draft.clear();
  };

  const onSubmit = async (values: TeamOutput) => {
    try {
      if (isNew) {
        await create.mutateAsync(values);
        draft.clear();
        toast.success(TEAM_TOASTS.created);
      } else {
        await update.mutateAsync({ id: team.id, body: values });
        toast.success(TEAM_TOASTS.updated);
      }
      onDone();
    } catch (error) {
      reportSaveFailure(error, 'team', (field, message) => form.setError(field as Path<TeamValues>, { message }));
    }
  };

  return (
    <form
      id="team-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
      <FormField id="team-name" label="Team Name" error={errors.name}>
        <Input id="team-name" autoComplete="off" {...fieldAria('team-name', errors.name)} {...form.register('name')} />
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
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : isNew ? 'Create Team' : 'Update Team'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
