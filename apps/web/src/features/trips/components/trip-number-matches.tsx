import type { DuplicateCheckRow } from '@milepost/contracts/trips-api';
import { FormField } from '@/components/ui/form-field';
import { LookupSelect } from '@/components/ui/lookup-select';
import { recoveryReasonLookup } from '@/lib/lookups';
import { MatchingTripsTable } from './precheck-dialog';
import type { Labels, Pick, TripFormApi } from './trip-form-parts';

/**
 * Below the number: the last check's answer (the other trips using it, or none) and, once other
 * trips use it or a reason is set, the Recovery Reason picker.
 */
export function TripNumberMatches({
  form,
  matches,
  showReason,
  labels,
  pick,
}: {
  form: TripFormApi;
  matches: DuplicateCheckRow[] | null;
  showReason: boolean;
  labels: Labels;
  pick: Pick;
}) {
  const { errors } = form.formState;
  return (
    <>
      {matches !== null && (
        <div className="grid gap-2 rounded-md border p-3" data-testid="number-check-result">
          {matches.length === 0 ? (
            <p className="text-sm text-muted-foreground">No other trip uses this number.</p>
          ) : (
            <>
              <p className="text-sm font-medium">Trips already using this number</p>
              <MatchingTripsTable rows={matches} />
            </>
          )}
        </div>
      )}
      {showReason && (
        <FormField id="trip-recovery-reason" label="Recovery Reason" error={errors.recoveryReasonId}>
          <LookupSelect
            id="trip-recovery-reason"
            value={labels.reason}
            onChange={(option) => {
              pick('recoveryReasonId', 'reason')(option);
              if (option) form.clearErrors('recoveryReasonId');
            }}
            {...recoveryReasonLookup}
            placeholder="Select a recovery reason"
            searchPlaceholder="Search reasons..."
            clearLabel="Clear recovery reason"
            invalid={errors.recoveryReasonId !== undefined}
          />
        </FormField>
      )}
    </>
  );
}
