import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
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
  return (
    <PageGuard anyOf={anyOf}>
      <TripsScreen title={title} search={search} onSearchChange={onSearchChange} />
    </PageGuard>
  );
}
