import { REVIEW_STATUSES, REVIEW_STATUS_LABELS, queueRuleText, type ReviewPage, type ReviewStatus } from '@milepost/contracts/mileage-review-api';
import { CheckCheck, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { MileageReviewSearch } from '../mileage-review-search';
import type { ApprovalProgress } from './use-review-approval';

export const APPROVE_SELECTED_LABEL = 'Approve selected';
export const APPROVE_ALL_LABEL = 'Approve all ready in this filter';
/** Shown while trips of the filter are behind their company's new pay rule (the API's `recomputing`; docs/mileage-review.md). */
export const RECOMPUTING_TEXT = 'Recomputing for the new rule: some trips still show the previous pay rule and are not approved by rule until they are done.';

/** The three status tabs, each with its count ("N+" where the API capped the count). */
function ReviewStatusTabs({
  status,
  first,
  onSearchChange,
}: {
  status: ReviewStatus;
  first: ReviewPage | undefined;
  onSearchChange: (patch: Partial<MileageReviewSearch>) => void;
}) {
  return (
    <div role="tablist" aria-label="Review status" className="flex gap-1">
      {REVIEW_STATUSES.map((s) => {
        const n = first?.counts[s];
        const capped = first?.countsCapped.includes(s);
        return (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            className={cn('rounded-md px-2.5 py-1 text-sm whitespace-nowrap', s === status ? 'bg-primary text-primary-foreground' : 'hover:bg-muted')}
            onClick={() => onSearchChange({ status: s, sort: undefined })}
          >
            {REVIEW_STATUS_LABELS[s]}
            <span className="ml-1.5 tabular-nums opacity-80">{n === undefined ? '' : capped ? `${(n - 1).toLocaleString('en-US')}+` : n.toLocaleString('en-US')}</span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * The bar above the Mileage Review table: the status tabs, the Ready tab's approve buttons (for
 * users who may approve), Approved's settlement by driver, the queue's rule, the recomputing
 * notice and an approval's progress.
 */
export function ReviewStatusBar({
  status,
  first,
  canApprove,
  selectedCount,
  progress,
  exporting,
  onSearchChange,
  onApproveSelected,
  onApproveAll,
  onExportByDriver,
}: {
  status: ReviewStatus;
  first: ReviewPage | undefined;
  canApprove: boolean;
  selectedCount: number;
  progress: ApprovalProgress | null;
  exporting: boolean;
  onSearchChange: (patch: Partial<MileageReviewSearch>) => void;
  onApproveSelected: () => void;
  onApproveAll: () => void;
  onExportByDriver: () => void;
}) {
  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-b px-3 py-2">
      <ReviewStatusTabs status={status} first={first} onSearchChange={onSearchChange} />
      {status === 'READY' && canApprove && (
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button size="sm" disabled={selectedCount === 0 || progress !== null} onClick={onApproveSelected}>
            <CheckCheck aria-hidden />
            {APPROVE_SELECTED_LABEL}
            {selectedCount ? ` (${selectedCount})` : ''}
          </Button>
          <Button size="sm" variant="outline" disabled={!first?.counts.READY || progress !== null} onClick={onApproveAll}>
            {APPROVE_ALL_LABEL}
          </Button>
        </div>
      )}
      {status === 'APPROVED' && (
        <Button size="sm" variant="outline" className="sm:ml-auto" disabled={exporting} onClick={onExportByDriver}>
          <Download aria-hidden /> Settlement by driver
        </Button>
      )}
      {first?.rule && (
        <p className="w-full text-xs text-muted-foreground" data-testid="review-rule">
          {queueRuleText(first.rule.companyName, first.rule.sentence)}
        </p>
      )}
      {first?.recomputing && (
        <p role="status" className="w-full text-xs text-muted-foreground" data-testid="review-recomputing">
          {RECOMPUTING_TEXT}
        </p>
      )}
      {progress && (
        <div className="flex w-full items-center gap-2 text-xs text-muted-foreground">
          <progress className="h-2 flex-1 accent-primary" aria-label="Approving" max={progress.total} value={progress.done} />
          <span className="tabular-nums">
            {progress.done} / {progress.total}
          </span>
        </div>
      )}
    </div>
  );
}
