import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { COMPANY_MESSAGES, companyForm, type CompanyRow } from '@milepost/contracts/companies-api';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PhoneInput } from '@/components/ui/phone-input';
import { Switch } from '@/components/ui/switch';
import { isApiError } from '@/lib/api-client';
import { reportSaveFailure } from '@/lib/save-failure';
import { companyQueryOptions, useUpdateCompanyMutation } from '../api/companies-api';

export const COMPANY_TOASTS = {
  updated: 'Company updated successfully!',
  tokensUpdated: 'API tokens updated successfully!',
  activated: 'Company activated',
  deactivated: 'Company deactivated',
} as const;

type CompanyFormValues = z.input<typeof companyForm>;
type CompanyFormOutput = z.output<typeof companyForm>;

function valuesOf(company: CompanyRow): CompanyFormValues {
  return {
    name: company.name,
    email: company.email,
    phone: company.phone,
    usDot: company.usDot,
    samsaraEnabled: company.samsaraEnabled,
    gleEnabled: company.gleEnabled,
  };
}

/**
 * 'Edit Company' (spec 02 §2 Companies, §5 Company): name, email, phone with the mask, US DOT and
 * the Samsara and GLE switches. The version the form was loaded at is sent; a stale save (409)
 * says so and offers a reload.
 */
export function CompanyForm({ company, onDone, onCancel }: { company: CompanyRow; onDone: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const update = useUpdateCompanyMutation();
  const version = useRef(company.version);
  const form = useForm<CompanyFormValues, unknown, CompanyFormOutput>({ resolver: zodResolver(companyForm), defaultValues: valuesOf(company) });
  const { errors, isSubmitting } = form.formState;

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...companyQueryOptions(company.id), staleTime: 0 });
    version.current = fresh.version;
    form.reset(valuesOf(fresh));
  };

  const onSubmit = async (values: CompanyFormOutput) => {
    try {
      await update.mutateAsync({ id: company.id, body: { ...values, version: version.current } });
      toast.success(COMPANY_TOASTS.updated);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.serverMessage === COMPANY_MESSAGES.stale) {
        toast.error(error.serverMessage, { action: { label: 'Reload', onClick: () => void reload() } });
        return;
      }
      reportSaveFailure(error, 'company', (field, message) => form.setError(field as Path<CompanyFormValues>, { message }));
    }
  };

  return (
    <form
      id="company-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
      <FormField id="company-name" label="Company Name" error={errors.name}>
        <Input id="company-name" autoComplete="off" {...fieldAria('company-name', errors.name)} {...form.register('name')} />
      </FormField>
      <FormField id="company-email" label="Email" error={errors.email}>
        <Input id="company-email" type="email" autoComplete="off" {...fieldAria('company-email', errors.email)} {...form.register('email')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="company-phone" label="Phone" error={errors.phone}>
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <PhoneInput
                id="company-phone"
                placeholder="+1 (555) 123-4567"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value ?? ''}
                onValueChange={field.onChange}
                {...fieldAria('company-phone', errors.phone)}
              />
            )}
          />
        </FormField>
        <FormField id="company-us-dot" label="US DOT" error={errors.usDot}>
          <Input id="company-us-dot" autoComplete="off" {...fieldAria('company-us-dot', errors.usDot)} {...form.register('usDot')} />
        </FormField>
      </div>
      {(['samsaraEnabled', 'gleEnabled'] as const).map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
              <Label htmlFor={`company-${name}`}>{name === 'samsaraEnabled' ? 'Samsara enabled' : 'GLE enabled'}</Label>
              <Switch id={`company-${name}`} checked={field.value ?? false} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            </div>
          )}
        />
      ))}

      <DrawerFormFooter>
        <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Updating...' : 'Update Company'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
