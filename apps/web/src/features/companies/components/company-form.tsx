import { companyForm, type CompanyRow } from '@milepost/contracts/companies-api';
import { INTEGRATION_SWITCHES } from '@milepost/contracts/integrations-api';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PhoneField } from '@/components/ui/phone-field';
import { SwitchField } from '@/components/ui/switch-field';
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
        <PhoneField id="company-phone" control={form.control} name="phone" error={errors.phone} />
        <FormField id="company-us-dot" label="US DOT" error={errors.usDot}>
          <Input id="company-us-dot" autoComplete="off" {...fieldAria('company-us-dot', errors.usDot)} {...form.register('usDot')} />
        </FormField>
      </div>
      {INTEGRATION_SWITCHES.map(({ name, label }) => (
        <SwitchField key={name} id={`company-${name}`} control={form.control} name={name} label={label} />
      ))}
    </DrawerForm>
  );
}
