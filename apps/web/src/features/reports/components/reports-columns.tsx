import { REPORT_COLUMNS, type ReportRow } from '@milepost/contracts/trip-statistics-api';
import { groupDigits } from '@milepost/geo/units';
import { Link } from '@tanstack/react-router';
import { numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';

const helper = dataTableColumnHelper<ReportRow>();

/** MM/DD/YYYY HH:mm:ss → yyyyMMddHHmmss, so periods sort in time order. */
export const periodSortKey = (wire: string) => wire.replace(/^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/, '$3$1$2$4$5$6');

type NumberKey = Exclude<(typeof REPORT_COLUMNS)[number][0], 'periodGroup'>;
const COUNTS = new Set<NumberKey>(['truckCount', 'loadCount']);

/**
 * The report's columns (docs/product/admin.md "Reports"), sorted here on the client. A period opens the
 * Trips screen filtered to its truck (when one is chosen) and its dates.
 */
export function reportsColumns(truck: { id: number; label: string | undefined } | null): DataTableColumnDef<ReportRow>[] {
  const numbers = REPORT_COLUMNS.filter(([key]) => key !== 'periodGroup').map(([key, header]) =>
    helper.accessor(key as NumberKey, {
      header,
      meta: { size: COUNTS.has(key as NumberKey) ? 84 : 108, grow: 0, align: 'end' },
      cell: (info) => <span className="tabular-nums">{groupDigits(info.getValue(), COUNTS.has(key as NumberKey) ? 0 : 1)}</span>,
    }),
  );
  return helper.columns([
    numberColumn<ReportRow>(),
    helper.accessor((row) => periodSortKey(row.periodStart), {
      id: 'periodGroup',
      header: 'Period',
      meta: { size: 190, grow: 1 },
      cell: ({ row }) => (
        <Link
          to="/trips"
          search={{
            ...(truck ? { truckId: truck.id, truckLabel: truck.label } : {}),
            periodType: 'CUSTOM',
            fromDate: row.original.periodStart,
            toDate: row.original.periodEnd,
          }}
          className="min-w-0 truncate font-medium text-foreground underline-offset-2 hover:underline"
          title={`Open the trips of ${row.original.periodGroup}${truck?.label ? ` for truck ${truck.label}` : ''}`}
        >
          {row.original.periodGroup}
        </Link>
      ),
    }),
    ...numbers,
  ]);
}
