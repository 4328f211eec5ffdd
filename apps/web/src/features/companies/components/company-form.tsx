import { companyForm, type CompanyRow } from '@milepost/contracts/companies-api';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PhoneInput } from '@/components/ui/phone-input';
import { Switch } from '@/components/ui/switch';
import { companyQueryOptions, useUpdateCompanyMutation } from '../api/companies-api';

export const COMPANY_TOASTS = {
  updated: 'Company updated successfully!',
  tokensUpdated: 'API tokens updated successfully!',
  activated: 'Company activated',
  deactivated: 'Company deactivated',
} as const;

type CompanyFormValues = z.input<typeof companyForm>;

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
 * 'Edit Company' (docs/product/admin.md Companies, Company): name, email, phone with the mask, US DOT and
 * the Samsara and GLE switches. The version the form was loaded at is sent; a stale save (409)
 * says so and offers a reload.
 */
export function CompanyForm({ company, onDone, onCancel }: { company: CompanyRow; onDone: () => void; onCancel: () => void }) {
  const update = useUpdateCompanyMutation();
  const state = useDrawerForm({
    schema: companyForm,
    entity: 'company',
    record: company,
    empty: valuesOf(company),
    valuesOf,
    update: (row, values) => update.mutateAsync({ id: row.id, body: { ...values, version: row.version } }),
    reload: (queryClient, row) => queryClient.fetchQuery({ ...companyQueryOptions(row.id), staleTime: 0 }),
    toasts: { updated: COMPANY_TOASTS.updated },
    onDone,
  });
  const { form } = state;
  const { errors } = form.formState;

  return (
    <DrawerForm id="company-form" state={state} noun="Company" onCancel={onCancel}>
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

    </DrawerForm>
  );
}
