import { createFileRoute } from '@tanstack/react-router';
import { Suspense, lazy, useCallback, useState } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { TripsScreen } from '@/features/trips/components/trips-screen';
import { tripsSearchParams, type TripsSearch } from '@/features/trips/trips-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

/** The Mileage Report loads with its first opening (docs/decisions/013-first-screen-loads-fast.md). */
const MileageReportDialog = lazy(() => import('@/features/mileage/components/mileage-report-dialog').then((m) => ({ default: m.MileageReportDialog })));

export const Route = createFileRoute('/_app/trips')({
  validateSearch: searchReader(tripsSearchParams),
  component: TripsRoute,
});

function TripsRoute() {
  const { title, anyOf } = section('trips');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<TripsSearch> | null) => void navigate({ search: (prev) => (patch === null ? (prev.view ? { view: prev.view } : {}) : { ...prev, ...patch }), replace: true }),
    [navigate],
  );
  const [mileageTrip, setMileageTripState] = useState<{ id: number; number: string } | null>(null);
  const [mileageOpened, setMileageOpened] = useState(false);
  const setMileageTrip = useCallback((trip: { id: number; number: string } | null) => {
    if (trip) setMileageOpened(true);
    setMileageTripState(trip);
  }, []);
  return (
    <PageGuard anyOf={anyOf}>
      <TripsScreen title={title} search={search} onSearchChange={onSearchChange} onMileageReport={setMileageTrip} />
      {mileageOpened && (
        <Suspense fallback={null}>
          <MileageReportDialog trip={mileageTrip} onOpenChange={(open) => !open && setMileageTrip(null)} />
        </Suspense>
      )}
    </PageGuard>
  );
}
