import { zodResolver } from '@hookform/resolvers/zod';
import { profileRequest, type CurrentUser } from '@milepost/contracts/auth';
import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/layout/toasts';
import { PhoneField } from '@/components/ui/phone-field';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { meQueryOptions } from '@/lib/current-user';
import { saveErrorText } from '@/lib/error-messages';
import { offerReloadIfStale } from '@/lib/stale-reload';
import { useUpdateProfileMutation } from '../api/auth-api';

type ProfileInput = z.input<typeof profileRequest>;
type ProfileOutput = z.output<typeof profileRequest>;

function toFormValues(user: CurrentUser): ProfileInput {
  return { firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' };
}

/** Edit-profile dialog (docs/product/trips.md): first and last name editable, phone optional, email and role read-only. */
export function EditProfileDialog({ user, open, onOpenChange }: { user: CurrentUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateProfileMutation();
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileRequest),
    defaultValues: toFormValues(user),
  });
  const { errors, isSubmitting } = form.formState;

  // Every opening starts from the current saved values.
  useEffect(() => {
    if (open) form.reset(toFormValues(user));
  }, [open, user, form]);

  // Reading /me again is enough: the fresh user comes back as `user`, and the effect above resets the form.
  const queryClient = useQueryClient();
  const reload = () => queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });

  const onSubmit = async (values: ProfileOutput) => {
    try {
      await update.mutateAsync({ firstName: values.firstName, lastName: values.lastName, phone: values.phone, version: user.version });
      toast.success(AUTH_MESSAGES.profileUpdated);
      onOpenChange(false);
    } catch (error) {
      // Changed elsewhere (an administrator, another tab): Reload reads it again into the form.
      if (offerReloadIfStale(error, reload)) return;
      toast.error(saveErrorText(error, 'profile'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && isSubmitting) return;
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update your name and phone number.</DialogDescription>
        </DialogHeader>
        <form id="edit-profile-form" noValidate className="grid gap-3" onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="profile-first-name" label="First Name" error={errors.firstName}>
              <Input id="profile-first-name" autoComplete="given-name" {...fieldAria('profile-first-name', errors.firstName)} {...form.register('firstName')} />
            </FormField>
            <FormField id="profile-last-name" label="Last Name" error={errors.lastName}>
              <Input id="profile-last-name" autoComplete="family-name" {...fieldAria('profile-last-name', errors.lastName)} {...form.register('lastName')} />
            </FormField>
          </div>
          <PhoneField id="profile-phone" control={form.control} name="phone" error={errors.phone} placeholder="Optional" />
          <div className="grid gap-1.5">
            <Label htmlFor="profile-email">Email</Label>
            <Input id="profile-email" value={user.email} readOnly aria-readonly />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="profile-role">Role</Label>
            <Input id="profile-role" value={user.role ?? ''} readOnly aria-readonly />
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" disabled={isSubmitting} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="edit-profile-form" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
