import {
  PAY_BASES,
  PAY_BASIS_LABELS,
  MILEAGE_REVIEW_MESSAGES,
  TOLERANCE_MAX,
  TOLERANCE_MIN,
  payRuleSentence,
  payRuleUpdate,
  type PayBasis,
  type PayRule,
} from '@milepost/contracts/mileage-review-api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorText } from '@/lib/error-messages';
import { payRuleQueryOptions, useSavePayRuleMutation } from '../api/pay-rule-api';

const selectClass = 'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50';

/** The Companies drawer's "Pay rule" (docs/mileage-review.md): basis and tolerance, with the sentence saying what they do. */
export function PayRuleSection({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const query = useQuery({ ...payRuleQueryOptions(companyId), staleTime: 0 });
  return (
    <section aria-labelledby="pay-rule-heading" className="mt-6 flex flex-col gap-3 border-t pt-4">
      <h3 id="pay-rule-heading" className="text-sm font-semibold">
        Pay rule
      </h3>
      {query.data ? <PayRuleForm key={query.data.version} rule={query.data} canEdit={canEdit} /> : query.error ? <p className="text-sm text-destructive">{errorText(query.error)}</p> : <p className="text-sm text-muted-foreground">Loading...</p>}
    </section>
  );
}

export function PayRuleForm({ rule, canEdit }: { rule: PayRule; canEdit: boolean }) {
  const [basis, setBasis] = useState<PayBasis>(rule.payBasis);
  const [tolerance, setTolerance] = useState(String(rule.tolerancePct));
  const [error, setError] = useState<string | null>(null);
  const save = useSavePayRuleMutation();
  const parsed = payRuleUpdate.safeParse({ payBasis: basis, tolerancePct: tolerance, version: rule.version });
  const sentence = parsed.success ? payRuleSentence(parsed.data, rule.hasIntegration) : null;
  const submit = async () => {
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MILEAGE_REVIEW_MESSAGES.tolerance);
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ companyId: rule.companyId, body: parsed.data });
      toast.success(MILEAGE_REVIEW_MESSAGES.saved);
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <form
      noValidate
      className="grid grid-cols-2 gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        Pay basis
        <select className={selectClass} value={basis} disabled={!canEdit} onChange={(e) => setBasis(e.target.value as PayBasis)}>
          {PAY_BASES.map((b) => (
            <option key={b} value={b}>
              {PAY_BASIS_LABELS[b]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm">
        Tolerance (%)
        <Input type="number" inputMode="decimal" step="0.5" min={TOLERANCE_MIN} max={TOLERANCE_MAX} value={tolerance} disabled={!canEdit} onChange={(e) => setTolerance(e.target.value)} />
      </label>
      <p className="col-span-2 text-sm text-muted-foreground" data-testid="pay-rule-sentence">
        {sentence ?? MILEAGE_REVIEW_MESSAGES.tolerance}
      </p>
      {error && (
        <p role="alert" className="col-span-2 text-sm text-destructive">
          {error}
        </p>
      )}
      {canEdit && (
        <div className="col-span-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save pay rule'}
          </Button>
        </div>
      )}
    </form>
  );
}
