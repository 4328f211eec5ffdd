import { permissionForm, type PermissionRow } from '@milepost/contracts/permissions-api';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useCreatePermissionMutation, useUpdatePermissionMutation } from '../api/permissions-api';

export const PERMISSION_DRAFT_NAME = 'permission';

export const PERMISSION_TOASTS = {
  created: 'Permission created successfully!',
  updated: 'Permission updated successfully!',
  enabled: 'Permission enabled',
  disabled: 'Permission disabled',
} as const;

type PermissionFormValues = z.input<typeof permissionForm>;

const EMPTY_VALUES: PermissionFormValues = { name: '', description: '', enabled: true };

function valuesOf(permission: PermissionRow): PermissionFormValues {
  return { name: permission.name, description: permission.description ?? '', enabled: permission.enabled };
}

/**
 * New and edit permission (docs/product/admin.md Permission): name (read-only once created), optional
 * description, enabled (default on). A new permission's draft survives closing the drawer.
 */
export function PermissionForm({ permission, onDone, onCancel }: { permission?: PermissionRow | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreatePermissionMutation();
  const update = useUpdatePermissionMutation();
  const state = useDrawerForm({
    schema: permissionForm,
    entity: 'permission',
    record: permission,
    empty: EMPTY_VALUES,
    valuesOf,
    draftName: PERMISSION_DRAFT_NAME,
    create: (values) => create.mutateAsync(values),
    // Names never change: the current one is sent back as it is.
    update: (row, values) => update.mutateAsync({ id: row.id, body: { ...values, name: row.name } }),
    toasts: PERMISSION_TOASTS,
    onDone,
  });
  const { form, isNew } = state;
  const { errors } = form.formState;

  return (
    <DrawerForm id="permission-form" state={state} noun="Permission" onCancel={onCancel}>
      <FormField id="permission-name" label="Name" error={errors.name}>
        <Input
          id="permission-name"
          autoComplete="off"
          placeholder="CAN_SHOW_SOMETHING"
          readOnly={!isNew}
          aria-readonly={!isNew || undefined}
          className="font-mono"
          {...fieldAria('permission-name', errors.name)}
          {...form.register('name', {
            // Permission names are capitals, digits and underscores: help the typing along.
            onChange: (event: { target: { value: string } }) => {
              if (isNew) form.setValue('name', event.target.value.toUpperCase().replace(/[\s-]+/g, '_'));
            },
          })}
        />
        {!isNew && <p className="text-xs text-muted-foreground">Permission names cannot change after creation.</p>}
      </FormField>
      <FormField id="permission-description" label="Description" error={errors.description}>
        <Textarea id="permission-description" rows={2} placeholder="Optional" {...fieldAria('permission-description', errors.description)} {...form.register('description')} />
      </FormField>
      <Controller
        control={form.control}
        name="enabled"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id="permission-enabled"
              ref={field.ref}
              checked={field.value !== false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor="permission-enabled" className="cursor-pointer text-sm font-normal">
              Enabled
            </Label>
          </div>
        )}
      />
    </DrawerForm>
  );
}
