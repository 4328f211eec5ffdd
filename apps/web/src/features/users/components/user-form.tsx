import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { DEFAULT_ROLE_NAME } from '@milepost/contracts/permissions';
import { USER_MESSAGES, userForm, type UserRow } from '@milepost/contracts/users-api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type FieldError, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria, fieldErrorId } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { PhoneInput } from '@/components/ui/phone-input';
import { isApiError } from '@/lib/api-client';
import { useFormDraft } from '@/lib/form-drafts';
import { reportSaveFailure } from '@/lib/save-failure';
import { useCreateUserMutation } from '../api/create-user';
import { roleByNameQueryOptions, roleOptionsQueryOptions } from '../api/get-role-options';
import { userQueryOptions } from '../api/get-user';
import { useUpdateUserMutation } from '../api/update-user';

export const USER_DRAFT_NAME = 'user';

export const USER_TOASTS = {
  created: 'User created successfully!',
  updated: 'User updated successfully!',
  activated: 'User activated',
  deactivated: 'User deactivated',
} as const;

export const ROLE_LOOKUP_TEXTS = {
  empty: 'No roles available',
  noResults: (text: string) => `No roles found for "${text}"`,
  loading: 'Loading roles...',
} as const;

type UserFormValues = z.input<typeof userForm>;
type UserFormOutput = z.output<typeof userForm>;

interface UserDraft {
  values: UserFormValues;
  role: LookupOption | null;
}

const EMPTY_VALUES: UserFormValues = { firstName: '', lastName: '', email: '', phone: '', roleId: null };

function valuesOf(user: UserRow): UserFormValues {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? '', roleId: user.roleId };
}

function roleOptionOf(user: UserRow): LookupOption | null {
  return user.roleId === null ? null : { id: user.roleId, label: user.role ?? `#${user.roleId}` };
}

const toRoleOption = (role: { id: number; name: string }): LookupOption => ({ id: role.id, label: role.name });

/**
 * Add and edit user (spec 02 §2 Users, §5 User): first and last name, email, phone with the
 * mask, role from a searchable lookup. A new user's draft survives closing the drawer; the
 * form starts with the OWNER role. Failed saves keep the drawer open and say why.
 */
export function UserForm({ user, onDone, onCancel }: { user?: UserRow | undefined; onDone: () => void; onCancel: () => void }) {
  const isNew = user === undefined;
  const draft = useFormDraft<UserDraft>(USER_DRAFT_NAME, isNew);
  const queryClient = useQueryClient();
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const version = useRef(user?.version);

  const form = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: zodResolver(userForm),
    defaultValues: draft.initial?.values ?? (user ? valuesOf(user) : EMPTY_VALUES),
  });
  const { errors, isSubmitting } = form.formState;
  const [role, setRoleState] = useState<LookupOption | null>(draft.initial ? draft.initial.role : user ? roleOptionOf(user) : null);
  const roleRef = useRef(role);

  const setRole = (option: LookupOption | null, validate = form.formState.isSubmitted) => {
    roleRef.current = option;
    setRoleState(option);
    form.setValue('roleId', option?.id ?? null, { shouldDirty: true, shouldValidate: validate });
  };

  // A new user starts with the OWNER role (spec 02 §3), unless a draft says otherwise.
  const owner = useQuery({ ...roleByNameQueryOptions(DEFAULT_ROLE_NAME), enabled: isNew });
  const ownerOption = owner.data ? toRoleOption(owner.data) : null;
  const preselected = useRef(draft.initial !== undefined || !isNew);
  useEffect(() => {
    if (preselected.current || !owner.data) return;
    preselected.current = true;
    if (form.getValues('roleId') == null) setRole(toRoleOption(owner.data), false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when OWNER arrives
  }, [owner.data]);

  // Keep the draft of a new user while it is typed.
  const { save } = draft;
  useEffect(() => {
    if (!isNew) return;
    const subscription = form.watch((values) => save({ values: values as UserFormValues, role: roleRef.current }));
    return () => subscription.unsubscribe();
  }, [form, isNew, save]);

  const clearForm = () => {
    form.reset({ ...EMPTY_VALUES, roleId: ownerOption?.id ?? null });
    roleRef.current = ownerOption;
    setRoleState(ownerOption);
    draft.clear();
  };

  const reloadUser = async () => {
    if (!user) return;
    const fresh = await queryClient.fetchQuery({ ...userQueryOptions(user.id), staleTime: 0 });
    version.current = fresh.version;
    form.reset(valuesOf(fresh));
    roleRef.current = roleOptionOf(fresh);
    setRoleState(roleOptionOf(fresh));
  };

  const onSubmit = async (values: UserFormOutput) => {
    try {
      if (isNew) {
        await create.mutateAsync(values);
        draft.clear();
        toast.success(USER_TOASTS.created, { description: `An invitation to set a password was sent to ${values.email}.` });
      } else {
        await update.mutateAsync({ id: user.id, body: { ...values, version: version.current } });
        toast.success(USER_TOASTS.updated);
      }
      onDone();
    } catch (error) {
      if (!isNew && isApiError(error) && error.status === 409 && error.serverMessage === USER_MESSAGES.staleVersion) {
        toast.error(error.serverMessage, { action: { label: 'Reload', onClick: () => void reloadUser() } });
        return;
      }
      reportSaveFailure(error, 'user', (field, message) => form.setError(field as Path<UserFormValues>, { message }));
    }
  };

  return (
    <form
      id="user-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
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
      <FormField id="user-phone" label="Phone" error={errors.phone}>
        <Controller
          control={form.control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              id="user-phone"
              placeholder="+1 (555) 123-4567"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? ''}
              onValueChange={field.onChange}
              {...fieldAria('user-phone', errors.phone)}
            />
          )}
        />
      </FormField>
      <FormField id="user-role" label="Role" error={errors.roleId as FieldError | undefined}>
        <LookupSelect
          id="user-role"
          value={role}
          onChange={(option) => setRole(option)}
          queryOptions={roleOptionsQueryOptions}
          toOption={toRoleOption}
          texts={ROLE_LOOKUP_TEXTS}
          placeholder="Select a role"
          searchPlaceholder="Search roles..."
          clearLabel="Clear role"
          invalid={errors.roleId !== undefined}
          {...(errors.roleId ? { describedBy: fieldErrorId('user-role') } : {})}
        />
      </FormField>
      {isNew && <p className="text-xs text-muted-foreground">The new user gets an email with a link to set their password.</p>}

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
          {isSubmitting ? (isNew ? 'Creating...' : 'Updating...') : isNew ? 'Create User' : 'Update User'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
