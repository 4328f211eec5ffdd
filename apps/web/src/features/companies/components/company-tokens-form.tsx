import { companyTokensForm, type CompanyRow } from '@milepost/contracts/companies-api';
import { PROVIDER_LABELS, PROVIDERS, providerField, providerFields, providerKey, type ProviderKey } from '@milepost/contracts/providers';
import type { z } from 'zod';
import { DrawerForm, useDrawerForm } from '@/components/layout/drawer-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { SecretInput } from '@/components/ui/secret-input';
import { useChangeCompanyTokensMutation } from '../api/companies-api';
import { COMPANY_TOASTS } from './company-form';

type TokensValues = z.input<typeof companyTokensForm>;

const EMPTY_TOKENS: TokensValues = providerFields('Token', () => '');

/** Each provider's token placeholder, by its key: "Enter <label> token". */
export const TOKEN_PLACEHOLDERS = Object.fromEntries(PROVIDERS.map((p) => [providerKey(p), `Enter ${PROVIDER_LABELS[p]} token`])) as Readonly<Record<ProviderKey, string>>;

/** Whether a token is stored, by its hint (the API sends a hint only for a stored token). */
export const tokenStatus = (name: string, hint: string | null) => (hint ? `A ${name} token is stored (${hint}).` : `No ${name} token is stored.`);

/**
 * 'Update API Tokens' (docs/product/admin.md Companies, Company tokens): every provider's token
 * (PROVIDERS order; the spec's `<provider>Token` fields) is typed anew.
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
      {PROVIDERS.map((p) => {
        const id = `company-${providerKey(p)}-token`;
        const name = providerField(p, 'Token');
        return (
          <FormField key={p} id={id} label={`${PROVIDER_LABELS[p]} Token`} error={errors[name]}>
            <SecretInput
              id={id}
              showLabel={`${PROVIDER_LABELS[p]} token`}
              autoComplete="off"
              spellCheck={false}
              placeholder={company[providerField(p, 'TokenHint')] ?? TOKEN_PLACEHOLDERS[providerKey(p)]}
              {...fieldAria(id, errors[name])}
              {...form.register(name)}
            />
          </FormField>
        );
      })}
      <p className="text-xs text-muted-foreground" data-testid="token-status">
        {PROVIDERS.map((p) => tokenStatus(PROVIDER_LABELS[p], company[providerField(p, 'TokenHint')])).join(' ')}
      </p>
      <p className="text-xs text-muted-foreground">Stored tokens are never shown; type both tokens to replace them.</p>
    </DrawerForm>
  );
}
