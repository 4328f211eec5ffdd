import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { MileageReportDialog } from '@/features/mileage/components/mileage-report-dialog';
import { TripsScreen } from '@/features/trips/components/trips-screen';
import { tripsSearchSchema, type TripsSearch } from '@/features/trips/trips-search';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/trips')({
  validateSearch: tripsSearchSchema,
  component: TripsRoute,
});

function TripsRoute() {
  const { title, anyOf } = section('trips');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Partial<TripsSearch> | null) =>
      void navigate({ search: (prev) => (patch === null ? (prev.view ? { view: prev.view } : {}) : { ...prev, ...patch }), replace: true }),
    [navigate],
  );
  const [mileageTrip, setMileageTrip] = useState<{ id: number; number: string } | null>(null);
  return (
    <PageGuard anyOf={anyOf}>
      <TripsScreen title={title} search={search} onSearchChange={onSearchChange} onMileageReport={setMileageTrip} />
      <MileageReportDialog trip={mileageTrip} onOpenChange={(open) => !open && setMileageTrip(null)} />
    </PageGuard>
  );
}
