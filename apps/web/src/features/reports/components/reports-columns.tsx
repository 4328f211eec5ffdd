import { PROVIDER_LABELS_ELSE } from '@milepost/contracts/providers';
import { ROUTE_SOURCE_HEADER } from '@milepost/contracts/route-source';
import { coveragePercent, periodRouteSource, REPORT_COLUMNS, type ReportRow } from '@milepost/contracts/trip-statistics-api';
import { groupDigits, signedMiles, type DistanceUnit } from '@milepost/geo/units';
import { Link } from '@tanstack/react-router';
import { numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { ESTIMATE_TEXT, EstimateFigure } from '@/components/estimate-figure';
import { PER_TRIP, mileageHeader, milesIn } from '@/lib/distance-format';
import { cn } from '@/lib/utils';

const helper = dataTableColumnHelper<ReportRow>();

/** MM/DD/YYYY HH:mm:ss → yyyyMMddHHmmss, so periods sort in time order. */
export const periodSortKey = (wire: string) => wire.replace(/^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/, '$3$1$2$4$5$6');

type NumberKey = Exclude<(typeof REPORT_COLUMNS)[number][0], 'periodGroup'>;
const COUNTS = new Set<NumberKey>(['truckCount', 'loadCount']);
const COVERED_NOTE = `Over the trips with telematics miles (${PROVIDER_LABELS_ELSE}): `;
const TITLES: Partial<Record<NumberKey, string>> = {
  plannedMiles: `${COVERED_NOTE}our routing's TOTAL MILES`,
  actualMiles: `${COVERED_NOTE}their telematics TOTAL MILES`,
  milesDifference: 'Actual − Planned Miles: orange when the trucks drove more than planned, green when less',
  dataCoverage: 'Share of the period’s trips with telematics miles',
  totalLoadedMiles: 'Loaded miles of our routing (HERE, or its estimate), by the freight on board: not the figure staff enter',
  loadedMiles: 'Loaded Miles entered by staff (the Mileage Report’s manual figure, which pay is figured from): not the routing’s',
};
/** Which of two like-named figures a header is: the routing's or the one staff enter. */
const ORIGIN: Partial<Record<NumberKey, string>> = {
  totalLoadedMiles: 'routing',
  totalEmptyMiles: 'routing',
  totalPayableMileage: 'entered',
  emptyMiles: 'entered',
  loadedMiles: 'entered',
};

/** Our routing's figures: an estimate where any of the period's trips had no HERE route. */
const ROUTED = new Set<NumberKey>(['totalMiles', 'totalEmptyMiles', 'totalPuMiles', 'totalTrlMiles', 'totalLoadedMiles', 'plannedMiles']);

/** A figure's cell: '—' where there is none; the difference coloured as in the Mileage Report; "≈" where the routing estimated. */
function NumberCell({ column, value, row, unit }: { column: NumberKey; value: number | null; row: ReportRow; unit: DistanceUnit }) {
  const telematicsLoads = row.telematicsLoadCount;
  if (value === null)
    return (
      <span className="text-muted-foreground" title="No trip of this period has telematics miles">
        —
      </span>
    );
  if (column === 'dataCoverage')
    return (
      <span className="tabular-nums" title={`${telematicsLoads} trips with telematics miles`}>
        {coveragePercent(value)} %
      </span>
    );
  if (column === 'milesDifference')
    return (
      <span
        className={cn('tabular-nums', value > 0 && 'text-orange-600 dark:text-orange-400', value < 0 && 'text-green-600 dark:text-green-400')}
        data-sign={value > 0 ? 'positive' : value < 0 ? 'negative' : 'zero'}
      >
        {signedMiles(milesIn(value, unit))}
      </span>
    );
  if (ROUTED.has(column) && row.estimateLoadCount > 0 && value !== 0)
    return (
      <EstimateFigure basis={PER_TRIP} unit={unit} note={`${periodRouteSource(row)}.`}>
        {groupDigits(milesIn(value, unit), 1)}
      </EstimateFigure>
    );
  return <span className="tabular-nums">{COUNTS.has(column) ? groupDigits(value, 0) : groupDigits(milesIn(value, unit), 1)}</span>;
}

/** Where the period's route miles came from, in the trips CSV's words; an estimate in amber. */
function RouteSourceCell({ row }: { row: ReportRow }) {
  const text = periodRouteSource(row);
  if (!text) return null;
  return (
    <span className={cn('truncate', row.estimateLoadCount > 0 && ESTIMATE_TEXT)} title={text}>
      {text}
    </span>
  );
}

/**
 * The report's columns (docs/product/admin.md "Reports"), sorted here on the client. A period opens the
 * Trips screen filtered to its truck (when one is chosen) and its dates. Distances are in the user's
 * unit (the API's miles converted; with KM the headers say km, as on the trips list).
 */
export function reportsColumns(truck: { id: number; label: string | undefined } | null, unit: DistanceUnit = 'MILES'): DataTableColumnDef<ReportRow>[] {
  const numbers = REPORT_COLUMNS.filter(([key]) => key !== 'periodGroup').map(([key, spec]) => {
    const header = COUNTS.has(key as NumberKey) || key === 'dataCoverage' ? spec : mileageHeader(spec, unit);
    return (
      // Undefined for a missing figure (no telematics in the period), which sorts last either way.
      helper.accessor((row) => row[key as NumberKey] ?? undefined, {
        id: key,
        header:
          TITLES[key as NumberKey] || ORIGIN[key as NumberKey]
            ? () => (
                <span title={TITLES[key as NumberKey]} className="grid justify-items-end leading-tight">
                  <span>{header}</span>
                  {ORIGIN[key as NumberKey] && <span className="text-[10px] font-normal text-muted-foreground uppercase">{ORIGIN[key as NumberKey]}</span>}
                </span>
              )
            : header,
        // A header with its origin (routing / entered) keeps its name on one line, so the header row stays one row high.
        meta: { size: COUNTS.has(key as NumberKey) ? 84 : ORIGIN[key as NumberKey] ? 156 : TITLES[key as NumberKey] ? 128 : 108, grow: 0, align: 'end' },
        sortUndefined: 'last',
        cell: (info) => <NumberCell column={key as NumberKey} value={info.getValue() ?? null} row={info.row.original} unit={unit} />,
      })
    );
  });
  return helper.columns([
    numberColumn<ReportRow>(),
    helper.accessor((row) => periodSortKey(row.periodStart), {
      id: 'periodGroup',
      header: 'Period',
      // A whole week ('11/16/2026 - 11/22/2026') fits without being cut.
      meta: { size: 216, grow: 1 },
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
    ...numbers.slice(0, 2),
    // Beside the counts, before the route figures it speaks of (docs/product/admin.md "Reports").
    helper.accessor((row) => periodRouteSource(row) ?? undefined, {
      id: 'routeSource',
      header: ROUTE_SOURCE_HEADER,
      meta: { size: 120, grow: 0 },
      sortUndefined: 'last',
      cell: ({ row }) => <RouteSourceCell row={row.original} />,
    }),
    ...numbers.slice(2),
  ]);
}
