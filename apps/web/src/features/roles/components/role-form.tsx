import { roleForm, type RoleDetail } from '@milepost/contracts/roles-api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateRoleMutation, enabledPermissionsQueryOptions, useUpdateRoleMutation } from '../api/roles-api';
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

const EMPTY_VALUES: RoleFormValues = { name: '', description: '', permissionIds: [] };

function valuesOf(role: RoleDetail): RoleFormValues {
  return { name: role.name, description: role.description ?? '', permissionIds: role.permissionIds };
}

/**
 * New and edit role (docs/product/admin.md, Role): name, optional description and at least one
 * permission, picked from the enabled ones grouped by area. A new role's draft survives
 * closing the drawer.
 */
export function RoleForm({ role, onDone, onCancel }: { role?: RoleDetail | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateRoleMutation();
  const update = useUpdateRoleMutation();
  const permissions = useQuery(enabledPermissionsQueryOptions());
  const groups = useMemo(() => groupPermissions(permissions.data ?? []), [permissions.data]);
  const state = useDrawerForm({
    schema: roleForm,
    entity: 'role',
    record: role,
    empty: EMPTY_VALUES,
    valuesOf,
    draftName: ROLE_DRAFT_NAME,
    create: (values) => create.mutateAsync(values),
    update: (row, values) => update.mutateAsync({ id: row.id, body: values }),
    toasts: ROLE_TOASTS,
    onDone,
  });
  const { form } = state;
  const { errors } = form.formState;

  // An array field's own error sits on the field, or on `root` when set through the array.
  const permissionsError = (errors.permissionIds?.message ? errors.permissionIds : errors.permissionIds?.root) as FieldError | undefined;

  return (
    <DrawerForm id="role-form" state={state} noun="Role" onCancel={onCancel}>
      <FormField id="role-name" label="Name" error={errors.name}>
        <Input id="role-name" autoComplete="off" {...fieldAria('role-name', errors.name)} {...form.register('name')} />
      </FormField>
      <FormField id="role-description" label="Description" error={errors.description}>
        <Textarea id="role-description" rows={2} placeholder="Optional" {...fieldAria('role-description', errors.description)} {...form.register('description')} />
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
    </DrawerForm>
  );
}
