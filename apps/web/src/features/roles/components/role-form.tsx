import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { roleForm, type RoleDetail } from '@milepost/contracts/roles-api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, type FieldError, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
import { useCreateRoleMutation } from '../api/create-role';
import { enabledPermissionsQueryOptions } from '../api/get-enabled-permissions';
import { useUpdateRoleMutation } from '../api/update-role';
import { groupPermissions } from '../permission-groups';
import { PermissionPicker } from './permission-picker';

export const ROLE_DRAFT_NAME = 'role';

export const ROLE_TOASTS = {
  created: 'Role created successfully!',
  updated: 'Role updated successfully!',
  activated: 'Role activated',
  deactivated: 'Role deactivated',
} as const;

type RoleFormValues = z.input<typeof roleForm>;
type RoleFormOutput = z.output<typeof roleForm>;

const EMPTY_VALUES: RoleFormValues = { name: '', description: '', permissionIds: [] };

function valuesOf(role: RoleDetail): RoleFormValues {
  return { name: role.name, description: role.description ?? '', permissionIds: role.permissionIds };
}

/**
 * New and edit role (spec 02 §2, §5 Role): name, optional description and at least one
 * permission, picked from the enabled ones grouped by area. A new role's draft survives
 * closing the drawer.
 */
export function RoleForm({ role, onDone, onCancel }: { role?: RoleDetail | undefined; onDone: () => void; onCancel: () => void }) {
  const isNew = role === undefined;
  const draft = useFormDraft<RoleFormValues>(ROLE_DRAFT_NAME, isNew);
  const create = useCreateRoleMutation();
  const update = useUpdateRoleMutation();
  const permissions = useQuery(enabledPermissionsQueryOptions());
  const groups = useMemo(() => groupPermissions(permissions.data ?? []), [permissions.data]);

  const form = useForm<RoleFormValues, unknown, RoleFormOutput>({
    resolver: zodResolver(roleForm),
    defaultValues: draft.initial ?? (role ? valuesOf(role) : EMPTY_VALUES),
  });
  const { errors, isSubmitting } = form.formState;

  const { save } = draft;
  useEffect(() => {
    if (!isNew) return;
    const subscription = form.watch((values) => save(values as RoleFormValues));
    return () => subscription.unsubscribe();
  }, [form, isNew, save]);

  const clearForm = () => {
    form.reset(EMPTY_VALUES);
    draft.clear();
  };

  const onSubmit = async (values: RoleFormOutput) => {
    try {
      if (isNew) {
        await create.mutateAsync(values);
        draft.clear();
        toast.success(ROLE_TOASTS.created);
      } else {
        await update.mutateAsync({ id: role.id, body: values });
        toast.success(ROLE_TOASTS.updated);
      }
      onDone();
    } catch (error) {
      reportSaveFailure(error, 'role', (field, message) => form.setError(field as Path<RoleFormValues>, { message }));
    }
  };

  // An array field's own error sits on the field, or on `root` when set through the array.
  const permissionsError = (errors.permissionIds?.message ? errors.permissionIds : errors.permissionIds?.root) as FieldError | undefined;

  return (
    <form
      id="role-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
      <FormField id="role-name" label="Name" error={errors.name}>
        <Input id="role-name" autoComplete="off" {...fieldAria('role-name', errors.name)} {...form.register('name')} />
      </FormField>
      <FormField id="role-description" label="Description" error={errors.description}>
        <Textarea
          id="role-description"
          rows={2}
          placeholder="Optional"
          {...fieldAria('role-description', errors.description)}
          {...form.register('description')}
        />
      </FormField>
      <FormField id="role-permissions" label="Permissions" error={permissionsError}>
        <Controller
          control={form.control}
          name="permissionIds"
          render={({ field }) => (
            <PermissionPicker
              id="role-permissions"
              groups={groups}
              value={(field.value as number[] | undefined) ?? []}
              onChange={(ids) => field.onChange(ids)}
              isLoading={permissions.isPending}
              invalid={permissionsError !== undefined}
              {...(permissionsError ? { describedBy: fieldErrorId('role-permissions') } : {})}
            />
          )}
        />
        {permissions.error && <p className="text-xs text-destructive">{permissions.error.message}</p>}
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
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : isNew ? 'Create Role' : 'Update Role'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
