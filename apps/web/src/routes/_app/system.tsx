import { createFileRoute } from '@tanstack/react-router';
import { PageGuard } from '@/components/layout/page-guard';
import { SystemScreen } from '@/features/system/components/system-screen';
import { systemSearchParams, type SystemSearch } from '@/features/system/system-tabs';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/system')({
  validateSearch: searchReader(systemSearchParams),
  component: SystemRoute,
});

function SystemRoute() {
  const { title, anyOf } = section('system');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (patch: Partial<SystemSearch>, { replace = true }: { replace?: boolean } = {}) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace });
  return (
    <PageGuard anyOf={anyOf}>
      <SystemScreen title={title} search={search} onSearchChange={onSearchChange} />
    </PageGuard>
  );
}
