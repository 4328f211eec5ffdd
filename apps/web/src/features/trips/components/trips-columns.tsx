import type { EstimateBasisLike } from '@milepost/contracts/estimate-basis';
import type { TripRow } from '@milepost/contracts/trips-api';
import { milesToMetres, type DistanceUnit } from '@milepost/geo/units';
import { Gauge, History, Map, MoreHorizontal, Pencil, RotateCcw } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { DATE_COLUMN_SIZE, DateCell, TextCell, actionsColumnSize, numberColumn } from '@/components/data-table/columns';
import { dataTableColumnHelper, type DataTableColumnDef } from '@/components/data-table/data-table-features';
import { Button } from '@/components/ui/button';
import { Menu } from '@/components/ui/lazy-layer';
import { EstimateFigure } from '@/components/estimate-figure';
import { SOURCE_TITLES, distanceNumber, mileageHeader } from '@/lib/distance-format';
import { TripStatusText } from './trip-status';

/** A trailing 'United States' (with its comma) is not shown. */
export function displayLocation(value: string | null | undefined): string {
  return (value ?? '').replace(/,?\s*United States\s*$/, '').trim();
}

/** Company names longer than this are shortened, the full name on hover. */
const COMPANY_MAX = 14;
export const shortCompany = (name: string) => (name.length > COMPANY_MAX ? `${name.slice(0, COMPANY_MAX - 1)}…` : name);

export const tripNumber = (row: Pick<TripRow, 'identifierType' | 'loadNumber' | 'trailerNumber'>) =>
  (row.identifierType === 'TRAILER_NUMBER' ? row.trailerNumber : row.loadNumber) ?? row.loadNumber ?? row.trailerNumber ?? '';

/**
 * A mileage cell: the API's miles in the user's unit (the header names the unit). Our routing's
 * figures that are estimates (routeSource ESTIMATE: no HERE key, or HERE failed) read "≈ 812.4"
 * in amber, with the estimate explained on hover and to screen readers.
 */
export function MilesCell({ value, unit, estimate, basis }: { value: number | null; unit: DistanceUnit; estimate: boolean; basis?: EstimateBasisLike | null | undefined }) {
  if (value === null) return null;
  const number = distanceNumber(milesToMetres(value), unit);
  if (!estimate) return <span className="tabular-nums">{number}</span>;
  // The hover says what the estimate was computed with: the company's own factor or the default bands.
  return (
    <EstimateFigure basis={basis} unit={unit}>
      {number}
    </EstimateFigure>
  );
}

export interface TripsColumnActions {
  canEdit: boolean;
  canShowHistory: boolean;
  canViewMap: boolean;
  canViewMileage: boolean;
  onEdit: (row: TripRow) => void;
  onHistory: (row: TripRow) => void;
  onMileageReport: (row: TripRow) => void;
  onViewRoute: (row: TripRow) => void;
  onCopyLocation: (value: string, which: 'pickup' | 'delivery') => void;
}

const helper = dataTableColumnHelper<TripRow>();

/** Our routing's figures (their source is the row's routeSource); the others are entered by staff. */
const ROUTED = new Set(['miles', 'totalEmpty', 'pu', 'trl', 'totalMiles']);

/**
 * Trips table (docs/product/trips.md): the column ids are the server's sort fields, so every column in
 * tripSortFields sorts on the server. Mileage columns are in the user's unit (route settings).
 */
export function tripsColumns(actions: TripsColumnActions, unit: DistanceUnit = 'MILES'): DataTableColumnDef<TripRow>[] {
  const miles = (id: 'miles' | 'totalEmpty' | 'pu' | 'trl' | 'totalMiles' | 'payableMileage' | 'loadedMiles' | 'emptyMiles', header: string, size = 84) =>
    helper.accessor(id, {
      header: mileageHeader(header, unit),
      meta: { size, grow: 0, align: 'end' },
      cell: (info) => (
        <MilesCell value={info.getValue()} unit={unit} estimate={ROUTED.has(id) && info.row.original.routeSource === 'ESTIMATE'} basis={info.row.original.routeEstimateBasis} />
      ),
    });
  const location = (id: 'pickupLocation' | 'deliveryLocation', header: string, which: 'pickup' | 'delivery') =>
    helper.accessor(id, {
      header,
      meta: { size: 150, grow: 1 },
      cell: (info) => {
        const full = info.getValue();
        const shown = displayLocation(full);
        if (!shown) return null;
        return (
          <button
            type="button"
            title={`${shown} (click to copy)`}
            aria-label={`Copy ${which} location ${shown}`}
            className="min-w-0 truncate text-left hover:underline"
            onClick={() => actions.onCopyLocation(shown, which)}
          >
            {shown}
          </button>
        );
      },
    });

  const rowActions = Number(actions.canViewMap) + Number(actions.canEdit) + Number(actions.canShowHistory || actions.canViewMileage);
  return helper.columns([
    numberColumn<TripRow>(),
    helper.accessor('unitNumber', { header: 'Unit', meta: { size: 64, grow: 0, pin: 'start' }, cell: (info) => <TextCell value={info.getValue()} /> }),
    // Pinned with the unit, and the figures pay rests on next: a laptop with the sidebar open
    // (1366 px) sees Load/Trailer, TOTAL MILES and Payable Mileage without scrolling sideways.
    helper.accessor('loadNumber', {
      id: 'loadNumber',
      header: 'Load/Trailer',
      meta: { size: 120, grow: 0, pin: 'start' },
      cell: ({ row }) => <TripNumberCell row={row.original} />,
    }),
    helper.accessor('driverName', { header: 'Driver', meta: { size: 120 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    miles('totalMiles', 'TOTAL MILES', 96),
    miles('payableMileage', 'Payable Mileage', 110),
    miles('miles', 'Miles'),
    miles('totalEmpty', 'Total Empty'),
    miles('pu', 'PU', 72),
    miles('trl', 'TRL', 72),
    miles('loadedMiles', 'Loaded Miles', 96),
    miles('emptyMiles', 'Empty Miles', 90),
    location('pickupLocation', 'Pickup Location', 'pickup'),
    location('deliveryLocation', 'Delivery Location', 'delivery'),
    helper.accessor('dispatcherName', { header: 'Dispatcher', meta: { size: 110 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('assignUserName', { header: 'Assigned User', meta: { size: 110 }, cell: (info) => <TextCell value={info.getValue()} /> }),
    helper.accessor('companyName', {
      header: 'Company',
      meta: { size: 100, grow: 0 },
      cell: (info) => {
        const name = info.getValue();
        return name ? (
          <span className="truncate" title={name}>
            {shortCompany(name)}
          </span>
        ) : null;
      },
    }),
    helper.accessor('updated', { header: 'Updated', meta: { size: DATE_COLUMN_SIZE, grow: 0 }, cell: (info) => <DateCell value={info.getValue()} /> }),
    // Pinned beside Actions: a laptop (1366 px) sees every trip's status without scrolling sideways.
    helper.accessor('tripStatus', { header: 'Status', meta: { size: 84, grow: 0, pin: 'end' }, cell: (info) => <TripStatusText status={info.getValue()} /> }),
    // A viewer without row actions gets no empty Actions column.
    ...(rowActions === 0
      ? []
      : [
          helper.display({
            id: 'actions',
            header: 'Actions',
            // Every button the user may use fits, the row menu included.
            meta: { size: actionsColumnSize(rowActions), grow: 0 },
            cell: ({ row }) => <TripRowActions trip={row.original} actions={actions} />,
          }),
        ]),
  ]);
}

/** Whether the user has any row action at all (else there is no Actions column and no card menu). */
export const hasRowActions = (a: Pick<TripsColumnActions, 'canEdit' | 'canShowHistory' | 'canViewMap' | 'canViewMileage'>) =>
  a.canEdit || a.canShowHistory || a.canViewMap || a.canViewMileage;

/** The load or trailer number; a recovery load says so with an icon, its reason on hover. */
export function TripNumberCell({ row }: { row: TripRow }) {
  const number = tripNumber(row);
  const reason = row.isRecoveryLoad ? `Recovery load${row.recoveryReasonName ? `: ${row.recoveryReasonName}` : ''}` : null;
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span className="truncate" title={number}>
        {number}
      </span>
      {reason && (
        <span data-testid="recovery-load" title={reason} className="shrink-0 text-amber-700 dark:text-amber-400">
          <RotateCcw aria-hidden className="size-3.5" />
          <span className="sr-only">{reason}</span>
        </span>
      )}
    </span>
  );
}

type MenuItem = ComponentType<{ onSelect: () => void; children: ReactNode }>;

/**
 * The row menu's items, each behind its permission: the Mileage Report and Trip History; on a
 * phone's card (`withButtons`) also View Route and Edit Trip, which the table shows as buttons.
 */
function RowMenuItems({ item: Item, trip, actions, withButtons = false }: { item: MenuItem; trip: TripRow; actions: TripsColumnActions; withButtons?: boolean }) {
  const items = [
    withButtons && actions.canViewMap && { key: 'route', icon: Map, label: 'View Route', run: actions.onViewRoute },
    withButtons && actions.canEdit && { key: 'edit', icon: Pencil, label: 'Edit Trip', run: actions.onEdit },
    actions.canViewMileage && { key: 'mileage', icon: Gauge, label: 'Mileage Report', run: actions.onMileageReport },
    actions.canShowHistory && { key: 'history', icon: History, label: 'Trip History', run: actions.onHistory },
  ].filter((x) => x !== false);
  return (
    <>
      {items.map(({ key, icon: Icon, label, run }) => (
        <Item key={key} onSelect={() => run(trip)}>
          <Icon aria-hidden />
          {label}
        </Item>
      ))}
    </>
  );
}

/** View Route and Edit Trip as buttons, the Mileage Report and Trip History in the row menu. */
function TripRowActions({ trip, actions }: { trip: TripRow; actions: TripsColumnActions }) {
  const name = tripNumber(trip);
  return (
    <span className="flex items-center gap-0.5">
      {actions.canViewMap && (
        <Button variant="ghost" size="icon-sm" aria-label={`View route of ${name}`} title="View Route" onClick={() => actions.onViewRoute(trip)}>
          <Map aria-hidden />
        </Button>
      )}
      {actions.canEdit && (
        <Button variant="ghost" size="icon-sm" aria-label={`Edit trip ${name}`} title="Edit Trip" onClick={() => actions.onEdit(trip)}>
          <Pencil aria-hidden />
        </Button>
      )}
      {(actions.canShowHistory || actions.canViewMileage) && (
        <Menu
          align="end"
          trigger={
            <Button variant="ghost" size="icon-sm" aria-label={`More actions for ${name}`} title="More">
              <MoreHorizontal aria-hidden />
            </Button>
          }
        >
          {(m) => <RowMenuItems item={m.DropdownMenuItem} trip={trip} actions={actions} />}
        </Menu>
      )}
    </span>
  );
}

/**
 * A trip as a card on a phone (under 768 px the list has no room for columns): unit, load, driver,
 * status, TOTAL MILES with its source and the payable mileage; every row action in one menu.
 */
export function TripCard({ trip, actions, unit }: { trip: TripRow; actions: TripsColumnActions; unit: DistanceUnit }) {
  const name = tripNumber(trip);
  const estimate = trip.routeSource === 'ESTIMATE';
  return (
    <article aria-label={`Trip ${name}`} data-testid="trip-card" className="grid gap-1 rounded-md border bg-card p-3 text-sm">
      <div className="flex min-w-0 items-center gap-2">
        <span className="shrink-0 font-semibold">Unit {trip.unitNumber}</span>
        <span className="min-w-0 flex-1 font-medium">
          <TripNumberCell row={trip} />
        </span>
        <TripStatusText status={trip.tripStatus} className="shrink-0 text-xs font-medium" />
        {hasRowActions(actions) && (
          <Menu
            align="end"
            trigger={
              <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${name}`} title="Actions">
                <MoreHorizontal aria-hidden />
              </Button>
            }
          >
            {(m) => <RowMenuItems item={m.DropdownMenuItem} trip={trip} actions={actions} withButtons />}
          </Menu>
        )}
      </div>
      <div className="truncate text-muted-foreground">{trip.driverName}</div>
      <dl className="grid grid-cols-2 gap-2 pt-1">
        <div data-testid="card-total-miles">
          <dt className="text-xs text-muted-foreground">{mileageHeader('TOTAL MILES', unit)}</dt>
          <dd>
            <MilesCell value={trip.totalMiles} unit={unit} estimate={estimate} basis={trip.routeEstimateBasis} />{' '}
            {trip.totalMiles !== null && trip.routeSource && (
              <span className="text-xs text-muted-foreground" title={SOURCE_TITLES[trip.routeSource]}>
                {estimate ? 'estimate' : trip.routeSource}
              </span>
            )}
          </dd>
        </div>
        <div data-testid="card-payable">
          <dt className="text-xs text-muted-foreground">{mileageHeader('Payable Mileage', unit)}</dt>
          <dd>{trip.payableMileage === null ? <span className="text-muted-foreground">Not yet</span> : <MilesCell value={trip.payableMileage} unit={unit} estimate={false} />}</dd>
        </div>
      </dl>
    </article>
  );
}
