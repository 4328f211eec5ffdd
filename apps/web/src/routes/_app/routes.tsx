import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { TripMapView } from '@/features/trips/components/trip-map-view';
import { tripsSearchParams, type TripsSearch } from '@/features/trips/trips-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

/** Only the map's filters are kept in the Routes screen's URL. */
const { loadNumber, trailerNumber, truckId, truckLabel, driverId, driverLabel, showRoute } = tripsSearchParams;

export const Route = createFileRoute('/_app/routes')({
  validateSearch: searchReader({ loadNumber, trailerNumber, truckId, truckLabel, driverId, driverLabel, showRoute }),
  component: RoutesRoute,
});

/** The Routes screen (docs/product/trips.md): the trip map alone, the driver optional. */
function RoutesRoute() {
  const { title, anyOf } = section('routes');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((patch: Partial<TripsSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }), [navigate]);
  return (
    <PageGuard anyOf={anyOf}>
      <TripMapView title={title} search={search} onSearchChange={onSearchChange} mapOnly />
    </PageGuard>
  );
}
