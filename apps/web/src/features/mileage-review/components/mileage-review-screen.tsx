import type { ReviewPage, ReviewRow, ReviewStatus } from '@milepost/contracts/mileage-review-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { refreshList, tableTotalText } from '@/components/data-table/table-toolbar';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { Button } from '@/components/ui/button';
import { useRouteSettings } from '@/lib/route-settings';
import { usePermissions } from '@/lib/permissions';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { reviewListQueryOptions, type ReviewFilters } from '../api/mileage-review-api';
import type { MileageReviewSearch } from '../mileage-review-search';
import { reviewColumns } from './review-columns';
import { ReviewFilterControls } from './review-filter-controls';
import { FlagUnitContext } from './review-flag-chips';
import { SelectionContext } from './review-selection';
import { ReviewStatusBar } from './review-status-bar';
import { useReviewApproval } from './use-review-approval';
import { useSettlementExport } from './use-settlement-export';

// The screen's pieces live beside it (approval.ts, review-columns.tsx, review-status-bar.tsx…);
// what its tests and callers use is exported from here too.
export { APPROVE_ALL_LABEL, APPROVE_SELECTED_LABEL, RECOMPUTING_TEXT } from './review-status-bar';
export { NOT_APPROVED_NAMED, approvalSummary, approveInBatches, notApprovedLine, notApprovedLines } from './approval';
export { FLAGS_COLUMN_SIZE, VISIBLE_FLAGS } from './review-flag-chips';

export const EDIT_PERMISSION = 'CAN_EDIT_MILEAGE_REPORT_TRIP';
/** How often the page asks again while it is recomputing, so the tabs and rows follow the job. */
const RECOMPUTING_REFRESH_MS = 5_000;

/**
 * The Mileage Review screen (docs/mileage-review.md): completed trips in three tabs — Needs review
 * (with the reasons as chips), Ready (approvable by the company's rule) and Approved — filtered by
 * company, truck, driver and period; a row opens the trip's Mileage Report.
 */
export function MileageReviewScreen({
  title,
  search,
  onSearchChange,
  onOpenTrip,
  onViewRoute,
  onHistory,
}: {
  title: string;
  search: MileageReviewSearch;
  onSearchChange: (patch: Partial<MileageReviewSearch>) => void;
  /** Opens the trip's Mileage Report (the route composes it). */
  onOpenTrip: (trip: { id: number; number: string }) => void;
  /** Opens the Trips map on the row's trip (the route composes it); offered with CAN_SHOW_TRIPS and CAN_VIEW_TRIP_MAP. */
  onViewRoute?: (row: ReviewRow) => void;
  /** Opens the trip's history (the route composes it); offered with CAN_SHOW_TRIP_HISTORY. */
  onHistory?: (trip: { id: number; number: string }) => void;
}) {
  const status: ReviewStatus = search.status ?? 'NEEDS_REVIEW';
  const filters: ReviewFilters = {
    companyId: search.companyId,
    truckId: search.truckId,
    driverId: search.driverId,
    fromDate: search.fromDate,
    toDate: search.toDate,
  };
  const query = useInfiniteQuery({
    ...reviewListQueryOptions(status, filters, search.sort),
    refetchInterval: (q) => ((q.state.data?.pages[0] as ReviewPage | undefined)?.recomputing ? RECOMPUTING_REFRESH_MS : false),
  });
  const source = useInfiniteTableSource(query);
  const first = query.data?.pages[0] as ReviewPage | undefined;
  const { has } = usePermissions();
  const canApprove = has(EDIT_PERMISSION);
  // The row menu: what the user's permissions open, whether or not they may approve.
  const canViewMap = onViewRoute !== undefined && has('CAN_SHOW_TRIPS') && has('CAN_VIEW_TRIP_MAP');
  const canShowHistory = onHistory !== undefined && has('CAN_SHOW_TRIP_HISTORY');
  const selectable = canApprove && status === 'READY';
  const mobile = useIsMobile();
  const rows = source.rows;
  const { distanceUnit } = useRouteSettings();
  const approval = useReviewApproval({ status, filters, rows, distanceUnit, refetch: query.refetch });
  const { exporting, exportCsv } = useSettlementExport(filters);

  const cols = useMemo(() => {
    const tripOf = (row: ReviewRow) => ({ id: row.tripId, number: row.number ?? `#${row.tripId}` });
    const open = (row: ReviewRow) => onOpenTrip(tripOf(row));
    return reviewColumns({
      selectable,
      open,
      unit: distanceUnit,
      actions: {
        onMileageReport: open,
        onViewRoute: canViewMap ? onViewRoute : undefined,
        onHistory: canShowHistory ? (row) => onHistory?.(tripOf(row)) : undefined,
      },
    });
  }, [selectable, onOpenTrip, distanceUnit, canViewMap, onViewRoute, canShowHistory, onHistory]);
  const sorting: SortingState = search.sort ? [{ id: search.sort.split(',')[0]!, desc: search.sort.endsWith(',desc') }] : [];

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(first ? source.totalCount : undefined, 'trips', source.totalIsEstimate)}
        filters={<ReviewFilterControls search={search} onSearchChange={onSearchChange} onRefresh={() => void refreshList(query.refetch)} refreshing={source.isUpdating} />}
        actions={
          <Button variant="outline" size={mobile ? 'icon' : 'default'} title="Settlement CSV" disabled={exporting} onClick={() => void exportCsv('trip')}>
            <Download aria-hidden />
            <span className={cn(mobile && 'sr-only')}>{exporting ? 'Exporting...' : 'Settlement CSV'}</span>
          </Button>
        }
      />
      <ScreenBody className="overflow-hidden">
        <ReviewStatusBar
          status={status}
          first={first}
          canApprove={canApprove}
          selectedCount={approval.selectedCount}
          progress={approval.progress}
          exporting={exporting}
          onSearchChange={onSearchChange}
          onApproveSelected={approval.approveSelected}
          onApproveAll={() => void approval.approveAll()}
          onExportByDriver={() => void exportCsv('driver')}
        />
        <div className="flex min-h-0 flex-1 flex-col">
          <FlagUnitContext.Provider value={distanceUnit}>
            <SelectionContext.Provider value={approval.selection}>
              <DataTable
                tableId={`mileage-review-${status === 'READY' && canApprove ? 'ready' : 'list'}`}
                label="Mileage Review"
                columns={cols}
                source={source}
                getRowId={(r) => String(r.tripId)}
                sorting={sorting}
                onSortingChange={(s) =>
                  onSearchChange({
                    sort: s[0] ? `${s[0].id},${s[0].desc ? 'desc' : 'asc'}` : undefined,
                  })
                }
              />
            </SelectionContext.Provider>
          </FlagUnitContext.Provider>
        </div>
      </ScreenBody>
      {approval.dialog}
    </>
  );
}
