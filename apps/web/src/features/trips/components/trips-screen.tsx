import type { TripRow } from '@milepost/contracts/trips-api';
import { Download, Plus } from 'lucide-react';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { ListScreen, rowId, useListQuery } from '@/components/data-table/list-screen';
import { toast } from '@/components/layout/toasts';
import { useDrawerSession } from '@/components/layout/use-drawer-session';
import { ViewSwitcher } from '@/components/layout/view-switcher';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-messages';
import { usePermissions } from '@/lib/permissions';
import { useRouteSettings } from '@/lib/route-settings';
import { downloadTripsCsv, tripsListQueryOptions, type TripsListParams } from '../api/trips-api';
import type { TripsSearch } from '../trips-search';
import type { TripDrawerTarget } from './trip-drawer';
import { ListFilters, VehicleFilters } from './trips-filters';
import { TripCard, tripNumber, tripsColumns, type TripsColumnActions } from './trips-columns';

// The trip form and the history load with their first opening, not with the list (docs/decisions/013-first-screen-loads-fast.md).
const TripDrawer = lazy(() => import('./trip-drawer').then((m) => ({ default: m.TripDrawer })));
const TripHistoryDialog = lazy(() => import('./trip-history-dialog').then((m) => ({ default: m.TripHistoryDialog })));

/** The drawer starts over this long after it closes (docs/product/shell.md). */
export const DRAWER_RESET_MS = 500;
export const COPY_TOASTS = { pickup: 'Pickup location copied!', delivery: 'Delivery location copied!', failed: 'Failed to copy location' } as const;
/** The Map view (filters, panels, routing) loads with the map, not with the table. */
const TripMapView = lazy(() => import('./trip-map-view').then((m) => ({ default: m.TripMapView })));

const VIEWS = [
  { value: 'table', label: 'Table' },
  { value: 'map', label: 'Map' },
] as const;

type Patch = Partial<TripsSearch>;

/**
 * The Trips screen (docs/product/trips.md): the shared DataTable over GET /trips with filters and sort in
 * the URL, a Table/Map switcher (map permission), New Trip, Edit Trip, Trip History, Mileage Report and View Route.
 */
export function TripsScreen({
  title,
  search,
  onSearchChange,
  onMileageReport,
}: {
  title: string;
  search: TripsSearch;
  onSearchChange: (patch: Patch | null) => void;
  /** Opens a trip's Mileage Report (the mileage feature's dialog, composed by the route). */
  onMileageReport?: (trip: { id: number; number: string }) => void;
}) {
  const { has } = usePermissions();
  const canCreate = has('CAN_CREATE_TRIP');
  const canEdit = has('CAN_EDIT_TRIP');
  const canShowHistory = has('CAN_SHOW_TRIP_HISTORY');
  const canViewMap = has('CAN_VIEW_TRIP_MAP');
  const canViewMileage = onMileageReport !== undefined && has('CAN_VIEW_MILEAGE_REPORT_TRIP');
  const view = canViewMap && search.view === 'map' ? 'map' : 'table';

  const params: TripsListParams = {
    loadNumber: search.loadNumber,
    trailerNumber: search.trailerNumber,
    truckId: search.truckId,
    driverId: search.driverId,
    assignedUserId: search.assignedUserId,
    fromDate: search.fromDate,
    toDate: search.toDate,
    sort: search.sort,
  };
  const list = useListQuery({ ...tripsListQueryOptions(params), enabled: view === 'table' }, search.sort);

  const drawer = useDrawerSession<TripDrawerTarget>({ mode: 'create' }, { resetAfterMs: DRAWER_RESET_MS });
  const openDrawer = drawer.openWith;
  const [history, setHistoryState] = useState<{ id: number; number: string } | null>(null);
  const [historyOpened, setHistoryOpened] = useState(false);
  const setHistory = useCallback((trip: { id: number; number: string } | null) => {
    if (trip) setHistoryOpened(true);
    setHistoryState(trip);
  }, []);

  const { distanceUnit } = useRouteSettings();
  const columnActions: TripsColumnActions = useMemo(
    () => ({
      canEdit,
      canShowHistory,
      canViewMap,
      canViewMileage,
      onEdit: (row) => openDrawer({ mode: 'edit', row }),
      onHistory: (row) => setHistory({ id: row.id, number: tripNumber(row) }),
      onMileageReport: (row) => onMileageReport?.({ id: row.id, number: tripNumber(row) }),
      onViewRoute: (row) =>
        onSearchChange({
          view: 'map',
          truckId: row.truckId,
          truckLabel: row.unitNumber,
          driverId: row.driverId,
          driverLabel: row.driverName,
          loadNumber: row.identifierType === 'LOAD_NUMBER' ? (row.loadNumber ?? undefined) : undefined,
          trailerNumber: row.identifierType === 'TRAILER_NUMBER' ? (row.trailerNumber ?? undefined) : undefined,
          showRoute: true,
        }),
      onCopyLocation: (value, which) => {
        const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
        write.then(
          () => toast.success(which === 'pickup' ? COPY_TOASTS.pickup : COPY_TOASTS.delivery),
          () => toast.error(COPY_TOASTS.failed),
        );
      },
    }),
    [canEdit, canShowHistory, canViewMap, canViewMileage, onSearchChange, onMileageReport, openDrawer, setHistory],
  );
  const columns = useMemo(() => tripsColumns(columnActions, distanceUnit), [columnActions, distanceUnit]);
  const card = useCallback((row: TripRow) => <TripCard trip={row} actions={columnActions} unit={distanceUnit} />, [columnActions, distanceUnit]);

  const filtered = Object.entries(search).some(([key, value]) => key !== 'view' && value !== undefined);
  const switcher = canViewMap ? (
    <ViewSwitcher
      label="Trips view"
      value={view}
      options={VIEWS}
      onChange={(next) =>
        onSearchChange(
          next === 'table'
            ? {
                view: 'table',
                truckId: undefined,
                truckLabel: undefined,
                driverId: undefined,
                driverLabel: undefined,
                loadNumber: undefined,
                trailerNumber: undefined,
                showRoute: undefined,
              }
            : { view: 'map' },
        )
      }
    />
  ) : undefined;
  const newTrip = canCreate ? (
    <Button onClick={() => openDrawer({ mode: 'create' })}>
      <Plus aria-hidden />
      New Trip
    </Button>
  ) : undefined;

  return (
    <>
      {view === 'table' ? (
        <ListScreen
          title={title}
          viewSwitcher={switcher}
          noun="trips"
          list={list}
          filters={
            <>
              <VehicleFilters search={search} onSearchChange={onSearchChange} />
              <ListFilters search={search} onSearchChange={onSearchChange} />
            </>
          }
          filtered={filtered}
          onReset={() => onSearchChange(null)}
          onSortChange={(sort) => onSearchChange({ sort })}
          create={canCreate ? { label: 'New Trip', onClick: () => openDrawer({ mode: 'create' }) } : undefined}
          actions={<ExportTripsButton params={params} disabled={list.source.totalCount === 0} />}
          table={{ tableId: 'trips', label: 'Trips', columns, getRowId: rowId }}
          card={card}
          filtersBelow
        />
      ) : (
        <Suspense fallback={<Spinner label="Loading map view..." className="m-auto" />}>
          <TripMapView title={title} search={search} onSearchChange={onSearchChange} switcher={switcher} actions={newTrip} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {drawer.session > 0 && <TripDrawer key={drawer.session} open={drawer.open} onOpenChange={drawer.setOpen} target={drawer.target} />}
        {historyOpened && <TripHistoryDialog trip={history} onOpenChange={(open) => !open && setHistory(null)} />}
      </Suspense>
    </>
  );
}

/** Downloads every trip of the current filters and sort as CSV (not just the loaded pages). */
function ExportTripsButton({ params, disabled }: { params: TripsListParams; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      disabled={disabled || busy}
      title="Every trip of the current filters, in the current order"
      onClick={() => {
        setBusy(true);
        downloadTripsCsv(params)
          .catch((error: unknown) => toast.error(errorText(error)))
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden />
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
