import { DEFAULT_ROLE_NAME } from '@milepost/contracts/permissions';
import { userForm, type UserRow } from '@milepost/contracts/users-api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { PhoneField } from '@/components/ui/phone-field';
import { roleByNameQueryOptions, roleLookup } from '@/lib/lookups';
import { useCreateUserMutation, useUpdateUserMutation, userQueryOptions } from '../api/users-api';

export const USER_DRAFT_NAME = 'user';

export const USER_TOASTS = {
  created: 'User created successfully!',
  updated: 'User updated successfully!',
  activated: 'User activated',
  deactivated: 'User deactivated',
} as const;

type UserFormValues = z.input<typeof userForm>;

const EMPTY_VALUES: UserFormValues = { firstName: '', lastName: '', email: '', phone: '', roleId: null };

function valuesOf(user: UserRow): UserFormValues {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? '', roleId: user.roleId };
}

function roleOptionOf(user: UserRow): LookupOption | null {
  return user.roleId === null ? null : { id: user.roleId, label: user.role ?? `#${user.roleId}` };
}

/**
 * Add and edit user (docs/product/admin.md, Users): first and last name, email, phone with the
 * mask, role from a searchable lookup. A new user's draft survives closing the drawer; the
 * form starts with the OWNER role. Failed saves keep the drawer open and say why.
 */
export function UserForm({ user, onDone, onCancel }: { user?: UserRow | undefined; onDone: () => void; onCancel: () => void }) {
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const state = useDrawerForm({
    schema: userForm,
    entity: 'user',
    record: user,
    empty: EMPTY_VALUES,
    valuesOf,
    extra: { empty: null as LookupOption | null, of: roleOptionOf },
    draftName: USER_DRAFT_NAME,
    create: (values) => create.mutateAsync(values),
    update: (row, values) => update.mutateAsync({ id: row.id, body: { ...values, version: row.version } }),
    reload: (queryClient, row) => queryClient.fetchQuery({ ...userQueryOptions(row.id), staleTime: 0 }),
    toasts: {
      created: (values) => ({ message: USER_TOASTS.created, description: `An invitation to set a password was sent to ${values.email}.` }),
      updated: USER_TOASTS.updated,
    },
    onDone,
  });
  const { form, isNew, extra: role, setExtra } = state;
  const { errors } = form.formState;

  const setRole = (option: LookupOption | null, validate = form.formState.isSubmitted) => {
    form.setValue('roleId', option?.id ?? null, { shouldDirty: true, shouldValidate: validate });
    setExtra(option);
  };

  // A new user starts with the OWNER role (docs/product/admin.md), also after 'Clear Form'.
  const owner = useQuery({ ...roleByNameQueryOptions(DEFAULT_ROLE_NAME), enabled: isNew });
  const ownerOption = owner.data ? roleLookup.toOption(owner.data) : null;
  const roleId = form.watch('roleId');
  const preselected = useRef(!isNew || roleId != null);
  useEffect(() => {
    if (preselected.current || !ownerOption) return;
    preselected.current = true;
    if (form.getValues('roleId') == null) setRole(ownerOption, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when OWNER arrives
  }, [ownerOption?.id]);
  const clearForm = () => {
    state.clear();
    if (ownerOption) setRole(ownerOption, false);
  };

  return (
    <DrawerForm id="user-form" state={{ ...state, clear: clearForm }} noun="User" onCancel={onCancel}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="user-first-name" label="First Name" error={errors.firstName}>
          <Input id="user-first-name" autoComplete="off" {...fieldAria('user-first-name', errors.firstName)} {...form.register('firstName')} />
        </FormField>
        <FormField id="user-last-name" label="Last Name" error={errors.lastName}>
          <Input id="user-last-name" autoComplete="off" {...fieldAria('user-last-name', errors.lastName)} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="user-email" label="Email" error={errors.email}>
        <Input id="user-email" type="email" autoComplete="off" {...fieldAria('user-email', errors.email)} {...form.register('email')} />
      </FormField>
      <PhoneField id="user-phone" control={form.control} name="phone" error={errors.phone} />
      <FormField id="user-role" label="Role" error={errors.roleId as FieldError | undefined}>
        <LookupSelect
          id="user-role"
          value={role}
          onChange={(option) => setRole(option)}
          {...roleLookup}
          placeholder="Select a role"
          searchPlaceholder="Search roles..."
          clearLabel="Clear role"
          invalid={errors.roleId !== undefined}
          {...(errors.roleId ? { describedBy: fieldErrorId('user-role') } : {})}
        />
      </FormField>
      {isNew && <p className="text-xs text-muted-foreground">The new user gets an email with a link to set their password.</p>}
    </DrawerForm>
  );
}
