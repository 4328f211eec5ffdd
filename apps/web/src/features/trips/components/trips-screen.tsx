import type { TripRow } from '@milepost/contracts/trips-api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table/data-table';
import { paramToSorting, sortingToParam } from '@/components/data-table/sorting';
import { RefreshButton, ResetFiltersButton, tableTotalText } from '@/components/data-table/table-toolbar';
import { useInfiniteTableSource } from '@/components/data-table/table-source';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { ViewSwitcher } from '@/components/layout/view-switcher';
import { Button } from '@/components/ui/button';
import { usePermissions } from '@/lib/permissions';
import { tripsListQueryOptions, type TripsListParams } from '../api/get-trips';
import type { TripsSearch } from '../trips-search';
import { TripDrawer, type TripDrawerTarget } from './trip-drawer';
import { TripHistoryDialog } from './trip-history-dialog';
import { ListFilters, VehicleFilters } from './trips-filters';
import { tripNumber, tripsColumns } from './trips-columns';

/** The drawer starts over this long after it closes (spec 01 §9). */
export const DRAWER_RESET_MS = 500;
export const COPY_TOASTS = { pickup: 'Pickup location copied!', delivery: 'Delivery location copied!', failed: 'Failed to copy location' } as const;
export const MAP_PENDING_TEXT = 'The route map is not available yet. Choose a truck and a load or trailer, then Submit.';

const getRowId = (row: TripRow) => String(row.id);
const VIEWS = [
  { value: 'table', label: 'Table' },
  { value: 'map', label: 'Map' },
] as const;

type Patch = Partial<TripsSearch>;

/**
 * The Trips screen (spec 01 §2): the shared DataTable over GET /trips with filters and sort in
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
  const query = useInfiniteQuery({ ...tripsListQueryOptions(params), enabled: view === 'table' });
  const source = useInfiniteTableSource(query);
  const sorting = useMemo(() => paramToSorting(search.sort), [search.sort]);

  const [drawer, setDrawer] = useState<{ open: boolean; session: number; target: TripDrawerTarget }>({ open: false, session: 0, target: { mode: 'create' } });
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);
  const openDrawer = (target: TripDrawerTarget) => {
    clearTimeout(resetTimer.current);
    setDrawer((d) => ({ open: true, session: d.session + 1, target }));
  };
  const onDrawerOpenChange = (open: boolean) => {
    setDrawer((d) => ({ ...d, open }));
    if (!open) {
      clearTimeout(resetTimer.current);
      resetTimer.current = setTimeout(() => setDrawer((d) => (d.open ? d : { open: false, session: d.session + 1, target: { mode: 'create' } })), DRAWER_RESET_MS);
    }
  };
  const [history, setHistory] = useState<{ id: number; number: string } | null>(null);

  const columns = useMemo(
    () =>
      tripsColumns({
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
          }),
        onCopyLocation: (value, which) => {
          const write = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
          write.then(
            () => toast.success(which === 'pickup' ? COPY_TOASTS.pickup : COPY_TOASTS.delivery),
            () => toast.error(COPY_TOASTS.failed),
          );
        },
      }),
    [canEdit, canShowHistory, canViewMap, canViewMileage, onSearchChange, onMileageReport],
  );

  const filtered = Object.entries(search).some(([key, value]) => key !== 'view' && value !== undefined);
  const switcher = canViewMap ? (
    <ViewSwitcher
      label="Trips view"
      value={view}
      options={VIEWS}
      onChange={(next) =>
        onSearchChange(
          next === 'table'
            ? { view: 'table', truckId: undefined, truckLabel: undefined, driverId: undefined, driverLabel: undefined, loadNumber: undefined, trailerNumber: undefined }
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
        <>
          <HeaderBar
            title={title}
            metadata={tableTotalText(query.data ? source.totalCount : undefined, 'trips', source.totalIsEstimate)}
            filters={
              <>
                <VehicleFilters search={search} onSearchChange={onSearchChange} />
                <ListFilters search={search} onSearchChange={onSearchChange} />
                <RefreshButton onClick={() => void query.refetch()} busy={source.isUpdating} />
                <ResetFiltersButton onClick={() => onSearchChange(null)} disabled={!filtered} />
              </>
            }
            viewSwitcher={switcher}
            actions={newTrip}
          />
          <ScreenBody className="overflow-hidden">
            <DataTable
              tableId="trips"
              label="Trips"
              columns={columns}
              source={source}
              getRowId={getRowId}
              sorting={sorting}
              onSortingChange={(next) => onSearchChange({ sort: sortingToParam(next) })}
            />
          </ScreenBody>
        </>
      ) : (
        <TripsMapView title={title} search={search} onSearchChange={onSearchChange} switcher={switcher} actions={newTrip} />
      )}
      <TripDrawer key={drawer.session} open={drawer.open} onOpenChange={onDrawerOpenChange} target={drawer.target} />
      <TripHistoryDialog trip={history} onOpenChange={(open) => !open && setHistory(null)} />
    </>
  );
}

/** The Map view for now: its filters and Submit (enabled with a truck and a load or trailer); no map yet. */
function TripsMapView({
  title,
  search,
  onSearchChange,
  switcher,
  actions,
}: {
  title: string;
  search: TripsSearch;
  onSearchChange: (patch: Patch | null) => void;
  switcher: ReactNode;
  actions: ReactNode;
}) {
  const ready = search.truckId !== undefined && (search.loadNumber !== undefined || search.trailerNumber !== undefined);
  const key = `${search.truckId}|${search.driverId}|${search.loadNumber}|${search.trailerNumber}`;
  const [submitted, setSubmitted] = useState<string | null>(null);
  return (
    <>
      <HeaderBar
        title={title}
        filters={
          <>
            <VehicleFilters search={search} onSearchChange={onSearchChange} />
            <ResetFiltersButton onClick={() => onSearchChange({ view: 'map', truckId: undefined, truckLabel: undefined, driverId: undefined, driverLabel: undefined, loadNumber: undefined, trailerNumber: undefined })} />
            <Button disabled={!ready} onClick={() => setSubmitted(key)}>
              Submit
            </Button>
          </>
        }
        viewSwitcher={switcher}
        actions={actions}
      />
      <ScreenBody className="items-center justify-center p-6 text-center text-sm text-muted-foreground">
        <p>{submitted === key ? MAP_PENDING_TEXT : 'Select a truck, driver, and load number to display the route.'}</p>
      </ScreenBody>
    </>
  );
}
