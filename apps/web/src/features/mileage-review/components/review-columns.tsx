import { PAY_BASIS_LABELS, type ReviewRow } from '@milepost/contracts/mileage-review-api';
import type { DistanceUnit } from '@milepost/geo/units';
import { Gauge, History, Map, MoreHorizontal } from 'lucide-react';
import { DATE_COLUMN_SIZE, DateCell, TextCell } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { EstimateFigure } from '@/components/estimate-figure';
import { Button } from '@/components/ui/button';
import { Menu } from '@/components/ui/lazy-layer';
import { PER_TRIP, mileageHeader, milesNumber } from '@/lib/distance-format';
import { FLAGS_COLUMN_SIZE, FlagChips } from './review-flag-chips';
import { SelectAll, SelectRow } from './review-selection';

/**
 * A row's actions besides approval, each present only when the user's permissions open it
 * (docs/mileage-review.md "Row actions"): the Mileage Report, View Route (the Trips map) and Trip History.
 */
export interface ReviewRowActions {
  onMileageReport?: ((row: ReviewRow) => void) | undefined;
  onViewRoute?: ((row: ReviewRow) => void) | undefined;
  onHistory?: ((row: ReviewRow) => void) | undefined;
}

const rowName = (row: ReviewRow) => row.number ?? `#${row.tripId}`;

/** The row menu: one button (the table keeps its width at 1366 px), the actions the user may use in it. */
function ReviewRowMenu({ row, actions }: { row: ReviewRow; actions: ReviewRowActions }) {
  const items = [
    actions.onMileageReport && { key: 'mileage', icon: Gauge, label: 'Mileage Report', run: actions.onMileageReport },
    actions.onViewRoute && { key: 'route', icon: Map, label: 'View Route', run: actions.onViewRoute },
    actions.onHistory && { key: 'history', icon: History, label: 'Trip History', run: actions.onHistory },
  ].filter((x) => !!x);
  return (
    <Menu
      align="end"
      trigger={
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${rowName(row)}`} title="Actions">
          <MoreHorizontal aria-hidden />
        </Button>
      }
    >
      {(m) =>
        items.map(({ key, icon: Icon, label, run }) => (
          <m.DropdownMenuItem key={key} onSelect={() => run(row)}>
            <Icon aria-hidden />
            {label}
          </m.DropdownMenuItem>
        ))
      }
    </Menu>
  );
}

/** The Mileage Review table's columns: the select column only where the user may approve (the Ready tab). */
export function reviewColumns(o: {
  selectable: boolean;
  open: (row: ReviewRow) => void;
  /** The user's distance unit (route settings): figures and headers follow it. */
  unit: DistanceUnit;
  /** The row menu's actions (none: no Actions column). */
  actions?: ReviewRowActions;
}): DataTableColumnDef<ReviewRow>[] {
  const actions = o.actions ?? {};
  const hasActions = !!(actions.onMileageReport || actions.onViewRoute || actions.onHistory);
  const h = dataTableColumnHelper<ReviewRow>();
  const figure = (miles: number | null | undefined) => milesNumber(miles, o.unit);
  const header = (label: string) => mileageHeader(label, o.unit);
  return [
    ...(o.selectable
      ? [
          h.display({
            id: 'select',
            header: () => <SelectAll />,
            meta: { label: 'Select', size: 36, grow: 0, pin: 'start' },
            cell: ({ row }) => <SelectRow row={row.original} />,
          }),
        ]
      : []),
    h.display({
      id: 'tripNumber',
      header: 'Load/Trailer',
      meta: { label: 'Load/Trailer', size: 96 },
      cell: ({ row }) => (
        <button
          type="button"
          className="min-w-0 truncate text-left text-primary underline-offset-2 hover:underline"
          title={`${row.original.number ?? `#${row.original.tripId}`}: open the Mileage Report`}
          onClick={() => o.open(row.original)}
        >
          {row.original.number ?? `#${row.original.tripId}`}
        </button>
      ),
    }),
    h.display({
      id: 'unitNumber',
      header: 'Unit',
      meta: { label: 'Unit', size: 56, grow: 0 },
      cell: ({ row }) => <TextCell value={row.original.unitNumber} />,
    }),
    h.display({
      id: 'driverName',
      header: 'Driver',
      meta: { label: 'Driver', size: 112 },
      cell: ({ row }) => <TextCell value={row.original.driverName} />,
    }),
    h.display({
      id: 'companyName',
      header: 'Company',
      meta: { label: 'Company', size: 88 },
      cell: ({ row }) => <TextCell value={row.original.companyName} />,
    }),
    h.accessor('endDateTime', {
      id: 'endDateTime',
      header: 'End (CT)',
      meta: { label: 'End (CT)', size: DATE_COLUMN_SIZE, grow: 0 },
      cell: ({ row }) => <DateCell value={row.original.endDateTime} />,
    }),
    h.accessor('routedMiles', {
      id: 'routedMiles',
      header: header('Routed'),
      meta: { label: header('Routed'), size: 88, grow: 0, align: 'end' },
      cell: ({ row }) =>
        row.original.routeSource === 'ESTIMATE' && row.original.routedMiles !== null ? (
          <EstimateFigure basis={PER_TRIP} unit={o.unit}>
            {figure(row.original.routedMiles)}
          </EstimateFigure>
        ) : (
          <span title="HERE route" className="tabular-nums">
            {figure(row.original.routedMiles)}
          </span>
        ),
    }),
    h.accessor('actualMiles', {
      id: 'actualMiles',
      header: header('Actual'),
      meta: { label: header('Actual'), size: 76, grow: 0, align: 'end' },
      cell: ({ row }) => {
        const c = row.original.actualCoverage;
        const partial = c !== null && c.legsMeasured < c.legs;
        const coverage = c ? `${c.legsMeasured} of ${c.legs} legs measured (${Math.round(c.pct)} % of the planned miles)` : null;
        return (
          <span
            title={row.original.actualSource ? `${row.original.actualSource}${coverage ? `: ${coverage}` : ''}` : 'No telematics'}
            className="tabular-nums"
            data-coverage={c ? `${c.legsMeasured}/${c.legs}` : undefined}
          >
            {figure(row.original.actualMiles)}
            {partial && (
              <span className="ml-0.5 text-[10px] text-amber-700 dark:text-amber-300" aria-label={`, ${coverage}`}>
                {c.legsMeasured}/{c.legs}
              </span>
            )}
          </span>
        );
      },
    }),
    h.accessor('differencePct', {
      id: 'differencePct',
      header: 'Diff %',
      meta: { label: 'Diff %', size: 80, grow: 0, align: 'end' },
      cell: ({ row }) => <span className="tabular-nums">{row.original.differencePct === null ? '—' : `${row.original.differencePct.toFixed(1)} %`}</span>,
    }),
    h.display({
      id: 'flags',
      header: 'Flags',
      meta: { label: 'Flags', size: FLAGS_COLUMN_SIZE, grow: 3 },
      cell: ({ row }) => <FlagChips row={row.original} />,
    }),
    h.display({
      id: 'suggested',
      header: header('Suggested'),
      meta: { label: header('Suggested'), size: 84, grow: 0, align: 'end' },
      cell: ({ row }) => (
        <span
          className="tabular-nums"
          title={`By rule: ${PAY_BASIS_LABELS[row.original.suggested.basis]}${row.original.suggested.from ? ` (${row.original.suggested.from === 'ROUTED' ? 'routed' : 'GPS'} figures)` : ''}`}
        >
          {figure(row.original.suggested.payableMileage)}
        </span>
      ),
    }),
    h.accessor('payableMileage', {
      id: 'payableMileage',
      header: header('Payable'),
      meta: { label: header('Payable'), size: 84, grow: 0, align: 'end' },
      cell: ({ row }) => <span className="tabular-nums">{figure(row.original.payableMileage)}</span>,
    }),
    ...(hasActions
      ? [
          h.display({
            id: 'actions',
            header: () => <span className="sr-only">Actions</span>,
            meta: { label: 'Actions', size: 36, grow: 0 },
            cell: ({ row }) => <ReviewRowMenu row={row.original} actions={actions} />,
          }),
        ]
      : []),
  ];
}
