import { createFileRoute } from '@tanstack/react-router';
import { PageGuard } from '@/components/layout/page-guard';
import { ShopsScreen } from '@/features/shops/components/shops-screen';
import { shopsSearchParams, type ShopsSearch } from '@/features/shops/shops-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/shops')({
  validateSearch: searchReader(shopsSearchParams),
  component: ShopsRoute,
});

function ShopsRoute() {
  const { title, anyOf } = section('shops');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (patch: Partial<ShopsSearch> | null) => void navigate({ search: (prev) => (patch === null ? {} : { ...prev, ...patch }), replace: true });
  return (
    <PageGuard anyOf={anyOf}>
      <ShopsScreen title={title} search={search} onSearchChange={onSearchChange} />
    </PageGuard>
  );
}
