import { createFileRoute } from '@tanstack/react-router';
import { Suspense, lazy, useCallback, useState } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { MileageReviewScreen } from '@/features/mileage-review/components/mileage-review-screen';
import { mileageReviewSearchParams, type MileageReviewSearch } from '@/features/mileage-review/mileage-review-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

/** A row opens the trip's Mileage Report, loaded with its first opening (as on /trips). */
const MileageReportDialog = lazy(() => import('@/features/mileage/components/mileage-report-dialog').then((m) => ({ default: m.MileageReportDialog })));

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
  return (
    <PageGuard anyOf={anyOf}>
      <MileageReviewScreen title={title} search={search} onSearchChange={onSearchChange} onOpenTrip={setTrip} />
      {trip && (
        <Suspense fallback={null}>
          <MileageReportDialog trip={trip} onOpenChange={(open) => !open && setTrip(null)} />
        </Suspense>
      )}
    </PageGuard>
  );
}
