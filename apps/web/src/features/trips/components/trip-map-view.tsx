import { ROUTING_MESSAGES, type RouteResponse } from '@milepost/contracts/routing-api';
import type { TripRouteData } from '@milepost/contracts/route-data-api';
import type { MapType } from '@milepost/contracts/trip-map-api';
import { isValidCoordinate } from '@milepost/geo/distance';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ResetFiltersButton } from '@/components/data-table/table-toolbar';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { toast } from '@/components/layout/toasts';
import type { MapStop, MapTiles } from '@/components/map/map-geometry';
import { LimitedDataNotice } from '@/components/map/limited-data-notice';
import { MapPanel } from '@/components/map/map-panel';
import { toMapRoutes } from '@/components/map/route-lines';
import { routeRequestFor, routesQueryOptions } from '@/components/map/routing-queries';
import {
  BeyondToleranceMarker,
  BeyondToleranceNotice,
  TelematicsMapPanel,
  panelsBeyondTolerance,
  type PrimaryFigures,
  type TelematicsSource,
} from '@/components/map/telematics-map-panel';
import { clientConfigQueryOptions } from '@/components/place-search/place-search-queries';
import { Button } from '@/components/ui/button';
import { EstimateBasisNote, EstimateFigure } from '@/components/estimate-figure';
import { SOURCE_TITLES } from '@/lib/distance-format';
import { errorText } from '@/lib/error-messages';
import { useDistanceFormat, useRouteSettings } from '@/lib/route-settings';
import { cn } from '@/lib/utils';
import { TRIP_MAP_ERRORS, TripMapError, tripForMapQueryOptions, tripMapSummaryQueryOptions, type TripMapTarget } from '../api/trip-map-api';
import type { TripsSearch } from '../trips-search';
import { RouteSettingsPopover } from './route-settings-popover';
import { TripMapReportDialog } from './trip-map-report-dialog';
import { VehicleFilters } from './trips-filters';

export const MAP_HEADER_TEXT = 'Select a truck, driver, and load number to display the route.';
export const ROUTE_UNAVAILABLE_TEXT = 'The route could not be calculated; the stops are joined by straight lines.';

type Patch = Partial<TripsSearch>;

/** The filters the map view draws a trip for; none of the list's other filters. */
const MAP_FILTERS_CLEARED: Patch = {
  truckId: undefined,
  truckLabel: undefined,
  driverId: undefined,
  driverLabel: undefined,
  loadNumber: undefined,
  trailerNumber: undefined,
  showRoute: undefined,
};

const OFFLINE: MapTiles = { provider: 'OFFLINE' };

/**
 * The trips Map view and the Routes screen (docs/product/trips.md): Load, Trailer, Truck (Unit) and Driver,
 * Submit (enabled with a truck and a load or trailer; 'Loading...' while busy; any change of
 * those filters takes the submission back), then the trip's stops and its route on a map panel
 * titled with the route's miles and hours, beside it the telematics providers' panels of the trip's
 * company, each with its report one click away. Submitted is kept in the
 * URL (`showRoute`), so View Route on a row and a reload both show the route at once.
 * `mapOnly` (the Routes screen): driver optional, only the primary panel.
 */
export function TripMapView({
  title,
  search,
  onSearchChange,
  mapOnly = false,
  switcher,
  actions,
}: {
  title: string;
  search: TripsSearch;
  onSearchChange: (patch: Patch) => void;
  mapOnly?: boolean;
  switcher?: ReactNode;
  actions?: ReactNode;
}) {
  const number = search.loadNumber ?? search.trailerNumber;
  const ready = search.truckId !== undefined && number !== undefined;
  const target: TripMapTarget | null = ready
    ? { truckId: search.truckId!, driverId: search.driverId, loadNumber: search.loadNumber, trailerNumber: search.loadNumber === undefined ? search.trailerNumber : undefined }
    : null;
  const submitted = ready && search.showRoute === true;
  const tripQuery = useQuery({ ...tripForMapQueryOptions(target ?? { truckId: 0 }), enabled: submitted });

  // 'Route Error' / 'Trip Data Error' (docs/product/shell.md): the server's message, else the spec's; the submission resets.
  const { error } = tripQuery;
  useEffect(() => {
    if (!submitted || !error) return;
    const kind = error instanceof TripMapError ? error.kind : 'data';
    toast.error(TRIP_MAP_ERRORS[kind].title, { description: error instanceof TripMapError ? error.message : errorText(error) });
    onSearchChange({ showRoute: undefined });
  }, [error, submitted, onSearchChange]);

  // Any change of the map's filters takes the submission back.
  const onFilterChange = (patch: Patch) => onSearchChange({ ...patch, showRoute: undefined });
  const trip = submitted ? (tripQuery.data ?? null) : null;

  return (
    <>
      <HeaderBar
        title={title}
        filters={
          <>
            <VehicleFilters search={search} onSearchChange={onFilterChange} truckLabel={mapOnly ? 'Unit' : 'Truck'} />
            <ResetFiltersButton
              onClick={() => onSearchChange(MAP_FILTERS_CLEARED)}
              disabled={!Object.keys(MAP_FILTERS_CLEARED).some((k) => search[k as keyof TripsSearch] !== undefined)}
            />
            <Button disabled={!ready || (submitted && tripQuery.isFetching)} onClick={() => onSearchChange({ showRoute: true })}>
              {submitted && tripQuery.isFetching ? 'Loading...' : 'Submit'}
            </Button>
          </>
        }
        viewSwitcher={switcher}
        actions={
          <>
            <RouteSettingsPopover />
            {actions}
          </>
        }
      />
      <ScreenBody className="gap-2 overflow-hidden p-2">
        {!trip && <p className="px-1 text-sm text-muted-foreground">{MAP_HEADER_TEXT}</p>}
        <TripMap trip={trip} number={number ?? ''} showIntegrations={!mapOnly} />
      </ScreenBody>
    </>
  );
}

/** The trip's panels (docs/product/trips.md "Map panels"): the primary (routing) panel, and beside it each telematics provider's panel when the trip's company runs it. */
function TripMap({ trip, number, showIntegrations }: { trip: TripRouteData | null; number: string; showIntegrations: boolean }) {
  const settings = useRouteSettings();
  const fmt = useDistanceFormat();
  const tiles = useQuery(clientConfigQueryOptions()).data?.mapTiles ?? OFFLINE;

  const stops = useMemo<MapStop[]>(
    () =>
      (trip?.tripStops ?? []).filter((s) => isValidCoordinate(s.latitude, s.longitude)).map((s) => ({ lat: s.latitude, lng: s.longitude, stopType: s.stopType, title: s.address })),
    [trip],
  );
  const request = useMemo(() => (trip ? routeRequestFor(stops, settings) : null), [trip, stops, settings]);
  const routeQuery = useQuery({ ...routesQueryOptions(request ?? { stops: [], routingMode: 'PRACTICAL', trailer: true }), enabled: request !== null && !settings.isLoading });
  const answer: RouteResponse | undefined = request ? routeQuery.data : undefined;
  const routes = useMemo(() => (answer ? toMapRoutes(answer) : []), [answer]);

  const requestKey = JSON.stringify(request);
  const [selected, setSelected] = useState({ key: requestKey, index: 0 });
  const index = selected.key === requestKey ? selected.index : 0;
  const route = answer?.routes[index];
  const source = answer?.source ?? null;

  // The report dialog keeps its source while it closes.
  const [report, setReport] = useState<{ type: MapType; open: boolean }>({ type: 'here', open: false });
  // The panels beside the primary one: the sources /trips/summary lists besides 'here' (the
  // integrations the trip's company runs), with their title figures.
  // The panels' titles are the trip's the map draws, addressed by its id (one trip identity).
  const summary = useQuery({ ...tripMapSummaryQueryOptions(trip?.id ?? 0), enabled: showIntegrations && trip !== null }).data;
  const others = showIntegrations && trip && summary ? summary.sources.filter((s) => s.type !== 'here') : [];
  // A trip without a source besides the route: its figures come from its stops only.
  const limited = showIntegrations && trip !== null && summary !== undefined && others.length === 0;
  const here = summary?.sources.find((s) => s.type === 'here');
  const primary: PrimaryFigures | null = route
    ? { distance: route.distance, source }
    : here?.distance != null
      ? { distance: here.distance, source: here.method === 'HERE' || here.method === 'ESTIMATE' ? here.method : null }
      : null;
  const calculating = request !== null && (routeQuery.isPending || routeQuery.isFetching);
  const beyond = panelsBeyondTolerance(summary, (metres) => fmt.distance(metres));

  const title = (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span>{source === 'ESTIMATE' ? 'Estimated route' : 'HERE route'}</span>
      {route &&
        (source === 'ESTIMATE' ? (
          // The estimate's figures with its hover (what it was computed with), as on every screen.
          <span data-testid="panel-figures" className="whitespace-nowrap">
            <EstimateFigure basis={answer?.estimateBasis} unit={fmt.unit} approx={false} spoken={null}>
              {fmt.distance(route.distance, source)} · {fmt.hours(route.duration, source)}
            </EstimateFigure>
          </span>
        ) : (
          <span data-testid="panel-figures" title={source ? SOURCE_TITLES[source] : undefined} className="whitespace-nowrap">
            {fmt.distance(route.distance, source)} · {fmt.hours(route.duration, source)}
          </span>
        ))}
      {route && source === 'ESTIMATE' && answer?.estimateBasis && <EstimateBasisNote basis={answer.estimateBasis} unit={fmt.unit} className="font-normal" />}
      {routes.length > 1 && (
        <span className="text-xs font-normal text-muted-foreground">
          Route {index + 1} of {routes.length}
        </span>
      )}
      {beyond.here && <BeyondToleranceMarker sentence={beyond.here} />}
    </span>
  );

  const notices: ReactNode[] = [];
  if (limited) notices.push(<LimitedDataNotice key="limited" />);
  if (beyond.here) notices.push(<BeyondToleranceNotice key="beyond" sentence={beyond.here} />);
  if (route?.truckRestricted) {
    notices.push(
      <p key="restricted" className="border-b bg-destructive/10 px-3 py-1.5 text-xs text-destructive">
        {ROUTING_MESSAGES.notTruckLegal}
      </p>,
    );
  }
  if (source === 'ESTIMATE' && answer?.estimateReason) {
    notices.push(
      <p key="estimate" className="border-b px-3 py-1.5 text-xs text-amber-700 dark:text-amber-400">
        {ROUTING_MESSAGES.estimate[answer.estimateReason]}
      </p>,
    );
  }
  if (request && routeQuery.isError) {
    notices.push(
      <p key="failed" role="alert" className="border-b px-3 py-1.5 text-xs text-destructive">
        {ROUTE_UNAVAILABLE_TEXT} {errorText(routeQuery.error)}
      </p>,
    );
  }

  return (
    <div className={cn('grid min-h-0 flex-1 grid-cols-1 gap-2', others.length === 1 && 'lg:grid-cols-2', others.length === 2 && 'lg:grid-cols-3')}>
      <MapPanel
        label="Route map"
        title={title}
        notice={notices.length ? notices : undefined}
        actions={
          <Button variant="ghost" size="sm" disabled={!trip} onClick={() => setReport({ type: 'here', open: true })}>
            <FileText aria-hidden />
            View Report
          </Button>
        }
        stops={stops}
        routes={routes}
        selectedRoute={index}
        onSelectRoute={(i) => setSelected({ key: requestKey, index: i })}
        calculating={calculating}
        tiles={tiles}
        className="min-h-[320px]"
      />
      {others.map((s) => (
        <TelematicsMapPanel
          key={s.type}
          source={s.type as TelematicsSource}
          location={trip?.[`${s.type as TelematicsSource}Location` as const] ?? null}
          figures={s}
          primary={primary}
          stops={stops}
          tiles={tiles}
          onViewReport={() => setReport({ type: s.type, open: true })}
          beyondTolerance={beyond[s.type]}
          className="min-h-[320px]"
        />
      ))}
      {trip && (
        <TripMapReportDialog
          type={report.type}
          tripId={trip.id}
          number={number}
          open={report.open}
          onOpenChange={(open) => setReport((r) => ({ ...r, open }))}
          beyondTolerance={beyond[report.type]}
        />
      )}
    </div>
  );
}
