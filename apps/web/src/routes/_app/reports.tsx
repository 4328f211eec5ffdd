import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageGuard } from '@/components/layout/page-guard';
import { ViewSwitcher } from '@/components/layout/view-switcher';
import { ReportsScreen } from '@/features/reports/components/reports-screen';
import { IftaTab } from '@/features/reports/components/ifta-tab';
import { StateMilesTab } from '@/features/reports/components/state-miles-tab';
import { reportsSearchParams, type ReportsSearch } from '@/features/reports/reports-search';
import { searchReader } from '@/lib/search-params';
import { section } from '@/lib/sections';

export const Route = createFileRoute('/_app/reports')({
  validateSearch: searchReader(reportsSearchParams),
  component: ReportsRoute,
});

type Tab = 'MILEAGE' | 'STATE_MILES' | 'IFTA';
const TABS = [
  { value: 'MILEAGE', label: 'Mileage' },
  { value: 'STATE_MILES', label: 'State miles' },
  { value: 'IFTA', label: 'IFTA return' },
] as const satisfies readonly { value: Tab; label: string }[];

function ReportsRoute() {
  const { title, anyOf } = section('reports');
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((patch: Partial<ReportsSearch>) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }), [navigate]);
  const tab: Tab = search.tab ?? 'MILEAGE';
  const switcher = <ViewSwitcher<Tab> label="Report" value={tab} options={TABS} onChange={(next) => onSearchChange({ tab: next === 'MILEAGE' ? undefined : next })} />;
  return (
    <PageGuard anyOf={anyOf}>
      {tab === 'IFTA' ? (
        <IftaTab title={title} search={search} onSearchChange={onSearchChange} viewSwitcher={switcher} />
      ) : tab === 'STATE_MILES' ? (
        <StateMilesTab title={title} search={search} onSearchChange={onSearchChange} viewSwitcher={switcher} />
      ) : (
        <ReportsScreen title={title} search={search} onSearchChange={onSearchChange} viewSwitcher={switcher} />
      )}
    </PageGuard>
  );
}
