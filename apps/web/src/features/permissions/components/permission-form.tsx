import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { permissionForm, type PermissionRow } from '@milepost/contracts/permissions-api';
import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
import { useCreatePermissionMutation } from '../api/create-permission';
import { useUpdatePermissionMutation } from '../api/update-permission';

export const PERMISSION_DRAFT_NAME = 'permission';

export const PERMISSION_TOASTS = {
  created: 'Permission created successfully!',
  updated: 'Permission updated successfully!',
  enabled: 'Permission enabled',
  disabled: 'Permission disabled',
} as const;

type PermissionFormValues = z.input<typeof permissionForm>;
type PermissionFormOutput = z.output<typeof permissionForm>;

const EMPTY_VALUES: PermissionFormValues = { name: '', description: '', enabled: true };

function valuesOf(permission: PermissionRow): PermissionFormValues {
  return { name: permission.name, description: permission.description ?? '', enabled: permission.enabled };
}

/**
 * New and edit permission (spec 02 §5 Permission): name (read-only once created), optional
 * description, enabled (default on). A new permission's draft survives closing the drawer.
 */
export function PermissionForm({
  permission,
  onDone,
  onCancel,
}: {
  permission?: PermissionRow | undefined;
  onDone: () => void;
  onCancel: () => void;
}) {
  const isNew = permission === undefined;
  const draft = useFormDraft<PermissionFormValues>(PERMISSION_DRAFT_NAME, isNew);
  const create = useCreatePermissionMutation();
  const update = useUpdatePermissionMutation();
  const form = useForm<PermissionFormValues, unknown, PermissionFormOutput>({
    resolver: zodResolver(permissionForm),
    defaultValues: draft.initial ?? (permission ? valuesOf(permission) : EMPTY_VALUES),
  });
  const { errors, isSubmitting } = form.formState;

  const { save } = draft;
  useEffect(() => {
    if (!isNew) return;
    const subscription = form.watch((values) => save(values as PermissionFormValues));
    return () => subscription.unsubscribe();
  }, [form, isNew, save]);

  const clearForm = () => {
    form.reset(EMPTY_VALUES);
    draft.clear();
  };

  const onSubmit = async (values: PermissionFormOutput) => {
    try {
      if (isNew) {
        await create.mutateAsync(values);
        draft.clear();
        toast.success(PERMISSION_TOASTS.created);
      } else {
        // Names never change: the current one is sent back as it is.
        await update.mutateAsync({ id: permission.id, body: { ...values, name: permission.name } });
        toast.success(PERMISSION_TOASTS.updated);
      }
      onDone();
    } catch (error) {
      reportSaveFailure(error, 'permission', (field, message) => form.setError(field as Path<PermissionFormValues>, { message }));
    }
  };

  return (
    <form
      id="permission-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
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
        <Textarea
          id="permission-description"
          rows={2}
          placeholder="Optional"
          {...fieldAria('permission-description', errors.description)}
          {...form.register('description')}
        />
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
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : isNew ? 'Create Permission' : 'Update Permission'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
