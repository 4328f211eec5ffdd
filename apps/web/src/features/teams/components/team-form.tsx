import { teamForm, type TeamRow } from '@milepost/contracts/dispatchers-api';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCreateTeamMutation, useUpdateTeamMutation } from '../api/teams-api';

export const TEAM_DRAFT_NAME = 'team';

export const TEAM_TOASTS = {
  created: 'Team created successfully!',
  updated: 'Team updated successfully!',
  activated: 'Team activated',
  deactivated: 'Team deactivated',
} as const;

/** New and edit team (docs/product/admin.md Team). A new team's draft survives closing the drawer. */
export function TeamForm({ team, onDone, onCancel }: { team?: TeamRow | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateTeamMutation();
  const update = useUpdateTeamMutation();
  const state = useDrawerForm({
    schema: teamForm,
    entity: 'team',
    record: team,
    empty: { name: '' },
    valuesOf: (row) => ({ name: row.name }),
    draftName: TEAM_DRAFT_NAME,
    create: (values) => create.mutateAsync(values),
    update: (row, values) => update.mutateAsync({ id: row.id, body: values }),
    toasts: TEAM_TOASTS,
    onDone,
  });
  const { errors } = state.form.formState;

  return (
    <DrawerForm id="team-form" state={state} noun="Team" onCancel={onCancel}>
      <FormField id="team-name" label="Team Name" error={errors.name}>
        <Input id="team-name" autoComplete="off" {...fieldAria('team-name', errors.name)} {...state.form.register('name')} />
      </FormField>
    </DrawerForm>
  );
}
