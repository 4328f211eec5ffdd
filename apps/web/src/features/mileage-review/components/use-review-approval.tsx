import type { ReviewRow, ReviewStatus } from '@milepost/contracts/mileage-review-api';
import type { DistanceUnit } from '@milepost/geo/units';
import { useMemo, useState } from 'react';
import { toast } from '@/components/layout/toasts';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { milesText } from '@/lib/distance-format';
import { errorText } from '@/lib/error-messages';
import { getReadyItems, type ReviewFilters } from '../api/mileage-review-api';
import { approvalSummary, approveInBatches, notApprovedLines } from './approval';
import type { Selection } from './review-selection';

/** An approval under way: how many of how many trips are done. */
export type ApprovalProgress = { done: number; total: number };

/**
 * The Ready tab's approvals: the rows' selection (cleared on another tab or filter), approving the
 * selected rows or every ready trip of the filter after a confirmation, in batches with progress,
 * and the toast that names the trips not approved.
 */
export function useReviewApproval({
  status,
  filters,
  rows,
  distanceUnit,
  refetch,
}: {
  status: ReviewStatus;
  filters: ReviewFilters;
  rows: readonly ReviewRow[];
  distanceUnit: DistanceUnit;
  refetch: () => Promise<unknown>;
}) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [progress, setProgress] = useState<ApprovalProgress | null>(null);
  const { confirm, dialog } = useConfirmDialog();

  const filterKey = JSON.stringify([status, filters]);
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (selectionKey !== filterKey) {
    // Another tab or filter: what was selected is no longer on screen.
    setSelectionKey(filterKey);
    setSelected(new Set());
  }

  const selection = useMemo<Selection>(
    () => ({
      selected,
      rows,
      toggle: (id) =>
        setSelected((s) => {
          const next = new Set(s);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        }),
      toggleAll: (on) => setSelected(on ? new Set(rows.map((r) => r.tripId)) : new Set()),
    }),
    [selected, rows],
  );

  const runApproval = async (items: { tripId: number; version: number }[]) => {
    setProgress({ done: 0, total: items.length });
    try {
      const results = await approveInBatches(items, (done) => setProgress({ done, total: items.length }));
      setSelected(new Set());
      // Trips not approved are named with their reason in a warning, never in a success toast.
      const missed = notApprovedLines(results);
      if (missed.length)
        toast.warning(`Mileage Review: ${approvalSummary(results)}`, {
          description: (
            <ul className="mt-1 space-y-0.5" data-testid="not-approved">
              {missed.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ),
          duration: 20_000,
          closeButton: true,
        });
      else toast.success(`Mileage Review: ${approvalSummary(results)}`);
      await refetch();
    } catch (error) {
      toast.error(errorText(error));
      throw error;
    } finally {
      setProgress(null);
    }
  };

  const approveSelected = () => {
    const items = rows.filter((r) => selected.has(r.tripId));
    const miles = items.reduce((s, r) => s + (r.suggested.payableMileage ?? 0), 0);
    confirm({
      title: `Approve ${items.length} trip${items.length === 1 ? '' : 's'} by rule?`,
      description: `Their payable miles are set to the suggestion: ${milesText(miles, distanceUnit)} in total.`,
      confirmLabel: 'Approve',
      onConfirm: () => runApproval(items.map((r) => ({ tripId: r.tripId, version: r.version }))),
    });
  };

  const approveAll = async () => {
    try {
      const ready = await getReadyItems(filters);
      if (!ready.items.length) {
        toast('No ready trips in this filter');
        return;
      }
      confirm({
        title: `Approve all ${ready.items.length} ready trips in this filter?`,
        description: `Their payable miles are set to the suggestion by each company's rule: ${milesText(ready.totalMiles, distanceUnit)} in total.${ready.truncated ? ' (The first 10,000; run it again for the rest.)' : ''}`,
        confirmLabel: 'Approve all',
        onConfirm: () => runApproval(ready.items.map((i) => ({ tripId: i.tripId, version: i.version }))),
      });
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return { selection, selectedCount: selected.size, progress, approveSelected, approveAll, dialog };
}
