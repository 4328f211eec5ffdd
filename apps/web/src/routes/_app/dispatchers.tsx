import { dispatcherSortFields, teamSortFields } from '@milepost/contracts/list-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PageGuard } from '@/components/layout/page-guard';
import { ViewSwitcher } from '@/components/layout/view-switcher';
import { DispatchersTab } from '@/features/dispatchers/components/dispatchers-tab';
import { TeamsTab } from '@/features/teams/components/teams-tab';
import { idParam, keywordParam, oneOfParam, searchReader, sortParam, withDefault, type SearchOf } from '@/lib/search-params';
import { section } from '@/lib/sections';

const DISPATCHERS_TABS = ['dispatchers', 'teams'] as const;
type DispatchersTabName = (typeof DISPATCHERS_TABS)[number];

const TAB_OPTIONS = [
  { value: 'dispatchers', label: 'Dispatchers' },
  { value: 'teams', label: 'Teams' },
] as const satisfies readonly { value: DispatchersTabName; label: string }[];

/** The tab, and each tab's own keyword, filter and sort, live in the URL. */
const searchParams = {
  tab: withDefault(oneOfParam(DISPATCHERS_TABS), 'dispatchers'),
  dispatcherKeyword: keywordParam,
  dispatcherSort: sortParam(dispatcherSortFields),
  teamId: idParam,
  teamKeyword: keywordParam,
  teamSort: sortParam(teamSortFields),
};

type DispatchersSearch = SearchOf<typeof searchParams>;
// Outside the route's options, so that stripSearchParams below infers the search's type.
const validateSearch = searchReader(searchParams);

export const Route = createFileRoute('/_app/dispatchers')({
  validateSearch,
  search: { middlewares: [stripSearchParams({ tab: 'dispatchers' })] },
  component: DispatchersScreen,
});

function DispatchersScreen() {
  const { title, anyOf } = section('dispatchers');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const update = (patch: Partial<DispatchersSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });

  const switcher = (
    <ViewSwitcher label="Dispatchers and teams" value={search.tab} options={TAB_OPTIONS} onChange={(tab) => void navigate({ search: (prev) => ({ ...prev, tab }) })} />
  );

  return (
    <PageGuard anyOf={anyOf}>
      {search.tab === 'dispatchers' ? (
        <DispatchersTab
          title={title}
          viewSwitcher={switcher}
          search={{ keyword: search.dispatcherKeyword, sort: search.dispatcherSort, teamId: search.teamId }}
          onSearchChange={(patch) =>
            update(
              patch === null
                ? { dispatcherKeyword: undefined, dispatcherSort: undefined, teamId: undefined }
                : {
                    ...('keyword' in patch ? { dispatcherKeyword: patch.keyword } : {}),
                    ...('sort' in patch ? { dispatcherSort: patch.sort } : {}),
                    ...('teamId' in patch ? { teamId: patch.teamId } : {}),
                  },
            )
          }
        />
      ) : (
        <TeamsTab
          title={title}
          viewSwitcher={switcher}
          search={{ keyword: search.teamKeyword, sort: search.teamSort }}
          onSearchChange={(patch) =>
            update(
              patch === null
                ? { teamKeyword: undefined, teamSort: undefined }
                : { ...('keyword' in patch ? { teamKeyword: patch.keyword } : {}), ...('sort' in patch ? { teamSort: patch.sort } : {}) },
            )
          }
        />
      )}
    </PageGuard>
  );
}
