import { permissionSortFields, roleSortFields } from '@milepost/contracts/list-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PageGuard } from '@/components/layout/page-guard';
import { ViewSwitcher } from '@/components/layout/view-switcher';
import { PermissionsTab } from '@/features/permissions/components/permissions-tab';
import { RolesTab } from '@/features/roles/components/roles-tab';
import { keywordParam, oneOfParam, searchReader, sortParam, withDefault, type SearchOf } from '@/lib/search-params';
import { section } from '@/lib/sections';

const ROLES_TABS = ['roles', 'permissions'] as const;
type RolesTabName = (typeof ROLES_TABS)[number];

const TAB_OPTIONS = [
  { value: 'roles', label: 'Roles' },
  { value: 'permissions', label: 'Permissions' },
] as const satisfies readonly { value: RolesTabName; label: string }[];

/** The tab, and each tab's own keyword and sort, live in the URL. */
const searchParams = {
  tab: withDefault(oneOfParam(ROLES_TABS), 'roles'),
  roleKeyword: keywordParam,
  roleSort: sortParam(roleSortFields),
  permissionKeyword: keywordParam,
  permissionSort: sortParam(permissionSortFields),
};

type RolesSearch = SearchOf<typeof searchParams>;
// Outside the route's options, so that stripSearchParams below infers the search's type.
const validateSearch = searchReader(searchParams);

export const Route = createFileRoute('/_app/roles')({
  validateSearch,
  search: { middlewares: [stripSearchParams({ tab: 'roles' })] },
  component: RolesScreen,
});

function RolesScreen() {
  const { title, anyOf } = section('roles');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const update = (patch: Partial<RolesSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });

  const switcher = (
    <ViewSwitcher label="Roles and permissions" value={search.tab} options={TAB_OPTIONS} onChange={(tab) => void navigate({ search: (prev) => ({ ...prev, tab }) })} />
  );

  return (
    <PageGuard anyOf={anyOf}>
      {search.tab === 'roles' ? (
        <RolesTab
          title={title}
          viewSwitcher={switcher}
          search={{ keyword: search.roleKeyword, sort: search.roleSort }}
          onSearchChange={(patch) => update(tabPatch(patch, 'roleKeyword', 'roleSort'))}
        />
      ) : (
        <PermissionsTab
          title={title}
          viewSwitcher={switcher}
          search={{ keyword: search.permissionKeyword, sort: search.permissionSort }}
          onSearchChange={(patch) => update(tabPatch(patch, 'permissionKeyword', 'permissionSort'))}
        />
      )}
    </PageGuard>
  );
}

/** A tab's `{ keyword, sort }` change as the URL's keys for that tab; null resets both. */
function tabPatch<K extends keyof RolesSearch, S extends keyof RolesSearch>(
  patch: { keyword?: string | undefined; sort?: string | undefined } | null,
  keywordKey: K,
  sortKey: S,
): Partial<RolesSearch> {
  if (patch === null) return { [keywordKey]: undefined, [sortKey]: undefined };
  return {
    ...('keyword' in patch ? { [keywordKey]: patch.keyword } : {}),
    ...('sort' in patch ? { [sortKey]: patch.sort } : {}),
  };
}
