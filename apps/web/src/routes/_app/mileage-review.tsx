import type { ReviewRow } from '@milepost/contracts/mileage-review-api';
import { createFileRoute } from '@tanstack/react-router';
import { Suspense, lazy, useCallback, useState } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { MileageReviewScreen } from '@/features/mileage-review/components/mileage-review-screen';
import { mileageReviewSearchParams, type MileageReviewSearch } from '@/features/mileage-review/mileage-review-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

/** A row opens the trip's Mileage Report, loaded with its first opening (as on /trips). */
const MileageReportDialog = lazy(() => import('@/features/mileage/components/mileage-report-dialog').then((m) => ({ default: m.MileageReportDialog })));
/** A row's Trip History (the row menu, CAN_SHOW_TRIP_HISTORY), loaded with its first opening. */
const TripHistoryDialog = lazy(() => import('@/features/trips/components/trip-history-dialog').then((m) => ({ default: m.TripHistoryDialog })));

export const Route = createFileRoute('/_app/mileage-review')({
  validateSearch: searchReader(mileageReviewSearchParams),
  component: MileageReviewRoute,
});

function MileageReviewRoute() {
  const { title, anyOf } = section('mileageReview');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((patch: Partial<MileageReviewSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }), [navigate]);
  const [trip, setTrip] = useState<{ id: number; number: string } | null>(null);
  const [history, setHistory] = useState<{ id: number; number: string } | null>(null);
  // View Route: the Trips map on the row's truck, driver and number, its route shown at once (as the Trips row's View Route).
  const onViewRoute = useCallback(
    (row: ReviewRow) =>
      void navigate({
        to: '/trips',
        search: {
          view: 'map',
          truckId: row.truckId,
          truckLabel: row.unitNumber ?? undefined,
          driverId: row.driverId,
          driverLabel: row.driverName ?? undefined,
          loadNumber: row.identifierType === 'LOAD_NUMBER' ? (row.number ?? undefined) : undefined,
          trailerNumber: row.identifierType === 'TRAILER_NUMBER' ? (row.number ?? undefined) : undefined,
          showRoute: true,
        },
      }),
    [navigate],
  );
  return (
    <PageGuard anyOf={anyOf}>
      <MileageReviewScreen title={title} search={search} onSearchChange={onSearchChange} onOpenTrip={setTrip} onViewRoute={onViewRoute} onHistory={setHistory} />
      {trip && (
        <Suspense fallback={null}>
          <MileageReportDialog trip={trip} onOpenChange={(open) => !open && setTrip(null)} />
        </Suspense>
      )}
      {history && (
        <Suspense fallback={null}>
          <TripHistoryDialog trip={history} onOpenChange={(open) => !open && setHistory(null)} />
        </Suspense>
      )}
    </PageGuard>
  );
}
