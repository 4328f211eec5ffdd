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
import { Input } from '@/components/ui/input';

const selectClass = 'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/50';

/** The pay rule as typed in the Companies form: saved with the company by its one Save (docs/mileage-review.md). */
export interface PayRuleDraft {
  payBasis: PayBasis;
  tolerance: string;
}

export const payRuleDraftOf = (rule: PayRule): PayRuleDraft => ({ payBasis: rule.payBasis, tolerance: String(rule.tolerancePct) });

export const samePayRuleDraft = (a: PayRuleDraft | null, b: PayRuleDraft | null) => a?.payBasis === b?.payBasis && a?.tolerance === b?.tolerance;

/** The draft checked by the contracts' rule, with the version it was read at; the first message when it fails. */
export function parsePayRuleDraft(draft: PayRuleDraft, version: number) {
  const parsed = payRuleUpdate.safeParse({ payBasis: draft.payBasis, tolerancePct: draft.tolerance, version });
  return parsed.success ? { ok: true as const, body: parsed.data } : { ok: false as const, message: parsed.error.issues[0]?.message ?? MILEAGE_REVIEW_MESSAGES.tolerance };
}

/**
 * The Companies form's "Pay rule" fields: basis and tolerance, with the sentence saying what they
 * do; part of the form, saved by its Save (docs/mileage-review.md "Pay rule").
 */
export function PayRuleFields({
  rule,
  value,
  onChange,
  error,
  disabled,
}: {
  rule: PayRule;
  value: PayRuleDraft;
  onChange: (next: PayRuleDraft) => void;
  error: string | null;
  disabled: boolean;
}) {
  const parsed = parsePayRuleDraft(value, rule.version);
  const sentence = parsed.ok ? payRuleSentence(parsed.body, rule.hasIntegration) : null;
  return (
    <section aria-labelledby="pay-rule-heading" className="flex flex-col gap-3 border-t pt-4">
      <h3 id="pay-rule-heading" className="text-sm font-semibold">
        Pay rule
      </h3>
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 text-sm">
          Pay basis
          <select className={selectClass} value={value.payBasis} disabled={disabled} onChange={(e) => onChange({ ...value, payBasis: e.target.value as PayBasis })}>
            {PAY_BASES.map((b) => (
              <option key={b} value={b}>
                {PAY_BASIS_LABELS[b]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Tolerance (%)
          <Input
            type="number"
            inputMode="decimal"
            step="0.5"
            min={TOLERANCE_MIN}
            max={TOLERANCE_MAX}
            value={value.tolerance}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onChange({ ...value, tolerance: e.target.value })}
          />
        </label>
        <p className="col-span-2 text-sm text-muted-foreground" data-testid="pay-rule-sentence">
          {sentence ?? MILEAGE_REVIEW_MESSAGES.tolerance}
        </p>
        {error && (
          <p role="alert" className="col-span-2 text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}
