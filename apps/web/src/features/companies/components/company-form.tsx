import { companyForm, type CompanyRow } from '@milepost/contracts/companies-api';
import { INTEGRATION_SWITCHES } from '@milepost/contracts/integrations-api';
import { providerField, providerFields } from '@milepost/contracts/providers';
import type { PayRule } from '@milepost/contracts/mileage-review-api';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PhoneField } from '@/components/ui/phone-field';
import { SwitchField } from '@/components/ui/switch-field';
import { companyQueryOptions, useUpdateCompanyMutation } from '../api/companies-api';
import { payRuleQueryOptions } from '../api/pay-rule-api';
import { PayRuleFields, parsePayRuleDraft, payRuleDraftOf, samePayRuleDraft, type PayRuleDraft } from './pay-rule-form';

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
    ...providerFields('Enabled', (p) => company[providerField(p, 'Enabled')]),
  };
}

/**
 * 'Edit Company' (docs/product/admin.md Companies, Company): name, email, phone with the mask, US DOT,
 * each telematics provider's switch and the pay rule (docs/mileage-review.md), all saved by the one Save. The version the form was loaded at is sent; a stale save (409)
 * says so and offers a reload.
 */
export function CompanyForm({ company, payRule, onDone, onCancel }: { company: CompanyRow; payRule: PayRule | null; onDone: () => void; onCancel: () => void }) {
  const update = useUpdateCompanyMutation();
  // The rule as last read (a reload after a 409 reads it again).
  const ruleRef = useRef(payRule);
  const [ruleError, setRuleError] = useState<string | null>(null);
  const state = useDrawerForm<typeof companyForm, CompanyRow, PayRuleDraft | null>({
    schema: companyForm,
    entity: 'company',
    record: company,
    empty: valuesOf(company),
    valuesOf,
    extra: { empty: null, of: () => (ruleRef.current ? payRuleDraftOf(ruleRef.current) : null), same: samePayRuleDraft },
    beforeSave: async (_values, draft) => {
      const parsed = draft && ruleRef.current ? parsePayRuleDraft(draft, ruleRef.current.version) : null;
      setRuleError(parsed && !parsed.ok ? parsed.message : null);
      return !parsed || parsed.ok;
    },
    // One Save, one request: the company with its pay rule when changed, saved together or not at all.
    update: (row, values, draft) => {
      const rule = ruleRef.current;
      const parsed = draft && rule && !samePayRuleDraft(draft, payRuleDraftOf(rule)) ? parsePayRuleDraft(draft, rule.version) : null;
      return update.mutateAsync({ id: row.id, body: { ...values, version: row.version, ...(parsed?.ok ? { payRule: parsed.body } : {}) } });
    },
    reload: async (queryClient, row) => {
      const [fresh, rule] = await Promise.all([
        queryClient.fetchQuery({ ...companyQueryOptions(row.id), staleTime: 0 }),
        ruleRef.current ? queryClient.fetchQuery({ ...payRuleQueryOptions(row.id), staleTime: 0 }) : Promise.resolve(null),
      ]);
      ruleRef.current = rule;
      return fresh;
    },
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
      {state.extra && ruleRef.current && (
        <PayRuleFields rule={ruleRef.current} value={state.extra} onChange={(next) => state.setExtra(next)} error={ruleError} disabled={state.isSubmitting} />
      )}
    </DrawerForm>
  );
}
