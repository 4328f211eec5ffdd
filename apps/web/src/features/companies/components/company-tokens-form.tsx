import { zodResolver } from '@hookform/resolvers/zod';
import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { companyTokensForm, type CompanyRow } from '@milepost/contracts/companies-api';
import { useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DrawerFormFooter } from '@/components/layout/drawer-form-footer';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { reportSaveFailure } from '@/lib/save-failure';
import { useChangeCompanyTokensMutation } from '../api/companies-api';
import { COMPANY_TOASTS } from './company-form';

type TokensValues = z.input<typeof companyTokensForm>;
type TokensOutput = z.output<typeof companyTokensForm>;

export const TOKEN_PLACEHOLDERS = { samsara: 'Enter Samsara token', gle: 'Enter GLE token' } as const;

/**
 * 'Update API Tokens' (spec 02 §2 Companies, §5 Company tokens): both tokens are typed anew.
 * Stored tokens are never sent to the browser; their hints ('•••• 4f2a') show only as
 * placeholders, and the inputs always start empty.
 */
export function CompanyTokensForm({ company, onDone, onCancel }: { company: CompanyRow; onDone: () => void; onCancel: () => void }) {
  const change = useChangeCompanyTokensMutation();
  const form = useForm<TokensValues, unknown, TokensOutput>({
    resolver: zodResolver(companyTokensForm),
    defaultValues: { samsaraToken: '', gleToken: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: TokensOutput) => {
    try {
      await change.mutateAsync({ id: company.id, body: values });
      toast.success(COMPANY_TOASTS.tokensUpdated);
      onDone();
    } catch (error) {
      reportSaveFailure(error, 'company', (field, message) => form.setError(field as Path<TokensValues>, { message }));
    }
  };

  return (
    <form
      id="company-tokens-form"
      noValidate
      className="flex min-h-full flex-col gap-4"
      onSubmit={form.handleSubmit(onSubmit, () => toast.error(VALIDATION_MESSAGES.schemaFailureToast))}
    >
      <FormField id="company-samsara-token" label="Samsara Token" error={errors.samsaraToken}>
        <Input
          id="company-samsara-token"
          autoComplete="off"
          spellCheck={false}
          placeholder={company.samsaraTokenHint ?? TOKEN_PLACEHOLDERS.samsara}
          {...fieldAria('company-samsara-token', errors.samsaraToken)}
          {...form.register('samsaraToken')}
        />
      </FormField>
      <FormField id="company-gle-token" label="GLE Token" error={errors.gleToken}>
        <Input
          id="company-gle-token"
          autoComplete="off"
          spellCheck={false}
          placeholder={company.gleTokenHint ?? TOKEN_PLACEHOLDERS.gle}
          {...fieldAria('company-gle-token', errors.gleToken)}
          {...form.register('gleToken')}
        />
      </FormField>
      <p className="text-xs text-muted-foreground">Stored tokens are never shown; type both tokens to replace them.</p>

      <DrawerFormFooter>
        <Button variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Updating...' : 'Update Tokens'}
        </Button>
      </DrawerFormFooter>
    </form>
  );
}
