import { companyTokensForm, type CompanyRow } from '@milepost/contracts/companies-api';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { SecretInput } from '@/components/ui/secret-input';
import { useChangeCompanyTokensMutation } from '../api/companies-api';
import { COMPANY_TOASTS } from './company-form';

type TokensValues = z.input<typeof companyTokensForm>;

const EMPTY_TOKENS: TokensValues = { samsaraToken: '', gleToken: '' };

export const TOKEN_PLACEHOLDERS = { samsara: 'Enter Samsara token', gle: 'Enter GLE token' } as const;

/** Whether a token is stored, by its hint (the API sends a hint only for a stored token). */
export const tokenStatus = (name: string, hint: string | null) => (hint ? `A ${name} token is stored (${hint}).` : `No ${name} token is stored.`);

/**
 * 'Update API Tokens' (docs/product/admin.md Companies, Company tokens): both tokens are typed anew.
 * Stored tokens are never sent to the browser; their hints ('•••• 4f2a') show only as
 * placeholders, and the inputs always start empty.
 */
export function CompanyTokensForm({ company, onDone, onCancel }: { company: CompanyRow; onDone: () => void; onCancel: () => void }) {
  const change = useChangeCompanyTokensMutation();
  const state = useDrawerForm({
    schema: companyTokensForm,
    entity: 'company',
    record: company,
    empty: EMPTY_TOKENS,
    valuesOf: () => EMPTY_TOKENS,
    update: (row, values) => change.mutateAsync({ id: row.id, body: { ...values, version: row.version } }),
    toasts: { updated: COMPANY_TOASTS.tokensUpdated },
    onDone,
  });
  const { form } = state;
  const { errors } = form.formState;

  return (
    <DrawerForm id="company-tokens-form" state={state} noun="Tokens" onCancel={onCancel}>
      <FormField id="company-samsara-token" label="Samsara Token" error={errors.samsaraToken}>
        <SecretInput
          id="company-samsara-token"
          showLabel="Samsara token"
          autoComplete="off"
          spellCheck={false}
          placeholder={company.samsaraTokenHint ?? TOKEN_PLACEHOLDERS.samsara}
          {...fieldAria('company-samsara-token', errors.samsaraToken)}
          {...form.register('samsaraToken')}
        />
      </FormField>
      <FormField id="company-gle-token" label="GLE Token" error={errors.gleToken}>
        <SecretInput
          id="company-gle-token"
          showLabel="GLE token"
          autoComplete="off"
          spellCheck={false}
          placeholder={company.gleTokenHint ?? TOKEN_PLACEHOLDERS.gle}
          {...fieldAria('company-gle-token', errors.gleToken)}
          {...form.register('gleToken')}
        />
      </FormField>
      <p className="text-xs text-muted-foreground" data-testid="token-status">
        {tokenStatus('Samsara', company.samsaraTokenHint)} {tokenStatus('GLE', company.gleTokenHint)}
      </p>
      <p className="text-xs text-muted-foreground">Stored tokens are never shown; type both tokens to replace them.</p>
    </DrawerForm>
  );
}
