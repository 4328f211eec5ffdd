import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { ReportsScreen } from '@/features/reports/components/reports-screen';
import { reportsSearchParams, type ReportsSearch } from '@/features/reports/reports-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/reports')({
  validateSearch: searchReader(reportsSearchParams),
  component: ReportsRoute,
});

function ReportsRoute() {
  const { title, anyOf } = section('reports');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((patch: Partial<ReportsSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }), [navigate]);
  return (
    <PageGuard anyOf={anyOf}>
      <ReportsScreen title={title} search={search} onSearchChange={onSearchChange} />
    </PageGuard>
  );
}
