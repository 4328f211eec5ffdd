import { createFileRoute } from '@tanstack/react-router';
import { PageGuard } from '@/components/layout/page-guard';
import { CompaniesScreen } from '@/features/companies/components/companies-screen';
import { companiesSearchParams, type CompaniesSearch } from '@/features/companies/companies-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/companies')({
  validateSearch: searchReader(companiesSearchParams),
  component: CompaniesRoute,
});

function CompaniesRoute() {
  const { title, anyOf } = section('companies');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (patch: Partial<CompaniesSearch> | null) => void navigate({ search: (prev) => (patch === null ? {} : { ...prev, ...patch }), replace: true });
  return (
    <PageGuard anyOf={anyOf}>
      <CompaniesScreen title={title} search={search} onSearchChange={onSearchChange} />
    </PageGuard>
  );
}
