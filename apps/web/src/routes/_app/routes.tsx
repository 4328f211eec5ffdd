import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { TripMapView } from '@/features/trips/components/trip-map-view';
import { tripsSearchSchema, type TripsSearch } from '@/features/trips/trips-search';
import { section } from '@/lib/sections';

/** Only the map's filters are kept in the Routes screen's URL. */
const routesSearchSchema = tripsSearchSchema.pick({
  loadNumber: true,
  trailerNumber: true,
  truckId: true,
  truckLabel: true,
  driverId: true,
  driverLabel: true,
  showRoute: true,
});

export const Route = createFileRoute('/_app/routes')({
  validateSearch: routesSearchSchema,
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
