import { createFileRoute } from '@tanstack/react-router';
import { PageGuard } from '@/components/layout/page-guard';
import { UsersScreen } from '@/features/users/components/users-screen';
import { usersSearchParams, type UsersSearch } from '@/features/users/users-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/users')({
  validateSearch: searchReader(usersSearchParams),
  component: UsersRoute,
});

function UsersRoute() {
  const { title, anyOf } = section('users');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = (patch: Partial<UsersSearch> | null) => void navigate({ search: (prev) => (patch === null ? {} : { ...prev, ...patch }), replace: true });
  return (
    <PageGuard anyOf={anyOf}>
      <UsersScreen title={title} search={search} onSearchChange={onSearchChange} />
    </PageGuard>
  );
}
