import { PROVIDER_LABELS_ELSE } from '@milepost/contracts/providers';
import { noPayableText, REPORT_MESSAGES, type ReportRow } from '@milepost/contracts/trip-statistics-api';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useMemo, type ReactNode } from 'react';
import { ExportCsvButton } from '@/components/filters/export-csv-button';
import { DataTable } from '@/components/data-table/data-table';
import { RefreshButton, refreshList, tableTotalText } from '@/components/data-table/table-toolbar';
import { staticTableSource } from '@/components/data-table/table-source';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { mileageHeader } from '@/lib/distance-format';
import { useRouteSettings } from '@/lib/route-settings';
import { useIsMobile } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';
import { downloadReportCsv, reportQueryOptions } from '../api/reports-api';
import { reportRequest, type ReportsSearch } from '../reports-search';
import { ReportsFilters } from './reports-filters';
import { reportsColumns } from './reports-columns';

/** The chart's chunk (uPlot and its drawing code) loads only with this screen's chart. */
const ReportsChart = lazy(() => import('./reports-chart'));

export const NOTHING_CHOSEN_TEXT = 'Choose a period or a date range.';
export const SOURCE_NOTE =
  "Route miles are our routing's (HERE, or an estimate where HERE gave no route: Route source says which, and an estimated sum reads ≈); Empty, Loaded and Payable Mileage are the figures entered on each trip.";
export const PLANNED_NOTE = `Planned and Actual Miles compare our routing's TOTAL MILES with the telematics TOTAL MILES (${PROVIDER_LABELS_ELSE}) over the trips that have telematics; Data Coverage is their share of the period's trips.`;
export const EXPORT_LABEL = 'Export CSV';
export const REPORT_REFRESH_FAILED_TEXT = 'The report could not be refreshed';

const getRowId = (row: ReportRow) => row.periodStart;

/**
 * The Reports screen (docs/product/admin.md): mileage per week, month or year (or per day of a custom
 * range) for all trucks or one, with a chart of loaded and empty miles, client-side sorting,
 * CSV export and a click on a period opening its trips.
 */
export function ReportsScreen({
  title,
  search,
  onSearchChange,
  viewSwitcher,
}: {
  title: string;
  search: ReportsSearch;
  onSearchChange: (patch: Partial<ReportsSearch>) => void;
  /** The Mileage / State miles tabs. */
  viewSwitcher?: ReactNode;
}) {
  const request = reportRequest(search);
  const query = useQuery({ ...reportQueryOptions(request.kind === 'none' ? { kind: 'period', periodType: 'WEEKLY' } : request), enabled: request.kind !== 'none' });
  const rows = request.kind === 'none' ? [] : query.data?.rows;
  const source = staticTableSource(rows, { isPending: request.kind !== 'none' && query.isPending, isFetching: query.isFetching, error: query.error, refetch: query.refetch });
  const truck = search.truckId === undefined ? null : { id: search.truckId, label: search.truckLabel };
  // Figures in the user's unit (route settings, docs/decisions/020-one-unit.md); the CSV stays in miles and its headers say so.
  const { distanceUnit } = useRouteSettings();
  const columns = useMemo(() => reportsColumns(truck, distanceUnit), [truck?.id, truck?.label, distanceUnit]); // eslint-disable-line react-hooks/exhaustive-deps
  const mobile = useIsMobile();
  const notes = `Periods are Central Time, weeks from Monday, by pickup time. ${SOURCE_NOTE} ${PLANNED_NOTE}`;

  return (
    <>
      <HeaderBar
        title={title}
        metadata={tableTotalText(rows ? rows.length : undefined, 'records')}
        // On a phone the tabs sit in the Filters sheet, so the header stays one line.
        viewSwitcher={mobile ? undefined : viewSwitcher}
        filters={
          <>
            {mobile && viewSwitcher}
            <ReportsFilters search={search} onSearchChange={onSearchChange} />
            <RefreshButton onClick={() => void refreshList(query.refetch, REPORT_REFRESH_FAILED_TEXT)} busy={source.isUpdating} />
          </>
        }
        actions={
          <ExportCsvButton
            label={EXPORT_LABEL}
            download={() => (request.kind === 'none' ? Promise.resolve() : downloadReportCsv(request))}
            disabled={request.kind === 'none' || !rows?.length}
          />
        }
      />
      <ScreenBody className="overflow-hidden">
        {request.kind === 'none' ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{NOTHING_CHOSEN_TEXT}</p>
        ) : (
          <>
            {rows && rows.length > 0 && (
              <section aria-label="Loaded and empty miles per period" className="h-44 shrink-0 border-b px-3 pt-2 sm:h-56">
                <Suspense fallback={<div className="h-full animate-pulse rounded-md bg-muted/60" />}>
                  <ReportsChart rows={rows} unit={distanceUnit} label={`${mileageHeader('Total Loaded and Total Empty Miles', distanceUnit)} per period, ${rows.length} periods`} />
                </Suspense>
              </section>
            )}
            {query.data && rows && rows.length > 0 && (
              // How many of the report's trips still wait for their payable (counted by the API over the report's filters).
              <p
                data-testid="no-payable"
                role="status"
                className={cn('shrink-0 border-b px-3 py-1.5 text-sm', query.data.noPayableCount > 0 ? 'text-amber-800 dark:text-amber-300' : 'text-muted-foreground')}
              >
                {noPayableText(query.data.noPayableCount)}
              </p>
            )}
            <div className="flex min-h-0 flex-1 flex-col">
              <DataTable tableId="reports" label="Reports" columns={columns} source={source} getRowId={getRowId} manualSorting={false} />
            </div>
          </>
        )}
        <footer className="shrink-0 border-t px-3 py-1.5 text-xs text-muted-foreground">
          {mobile ? (
            // Folded on a phone, where the notes would take a fifth of the screen.
            <details>
              <summary className="cursor-pointer">{REPORT_MESSAGES.cancelledLeftOut} About these figures</summary>
              <p className="mt-1">{notes}</p>
            </details>
          ) : (
            <>
              {REPORT_MESSAGES.cancelledLeftOut} {notes}
            </>
          )}
        </footer>
      </ScreenBody>
    </>
  );
}
