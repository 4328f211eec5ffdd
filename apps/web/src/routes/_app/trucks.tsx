import { createFileRoute } from '@tanstack/react-router';
import { PageGuard } from '@/components/layout/page-guard';
import { TrucksScreen } from '@/features/trucks/components/trucks-screen';
import { trucksSearchParams, type TrucksSearch } from '@/features/trucks/trucks-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/trucks')({
  validateSearch: searchReader(trucksSearchParams),
  component: TrucksRoute,
});

function TrucksRoute() {
  const { title, anyOf } = section('trucks');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (patch: Partial<TrucksSearch> | null) => void navigate({ search: (prev) => (patch === null ? {} : { ...prev, ...patch }), replace: true });
  return (
    <PageGuard anyOf={anyOf}>
      <TrucksScreen title={title} search={search} onSearchChange={onSearchChange} />
    </PageGuard>
  );
}
