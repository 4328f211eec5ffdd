import type { ReactNode } from 'react';
import { HeaderBar } from '@/components/layout/header-bar';
import { ScreenBody } from '@/components/layout/screen';
import { ViewSwitcher } from '@/components/layout/view-switcher';
import { usePermissions } from '@/lib/permissions';
import { SYSTEM_TAB_OPTIONS, resolveSystemTab, showSystemSwitcher, type SystemSearch, type SystemTab } from '../system-tabs';
import { HereStatus } from './here-status';
import { RecoveryReasonsTab } from './recovery-reasons-tab';
import { SettingsPanel } from './settings-form';

/**
 * The System screen (docs/product/admin.md System): Settings and Recovery Reasons, with a switcher only
 * when the user may see both; the tab lives in the URL, and without one the default is settings
 * when radius settings may be viewed, else recovery reasons.
 */
export function SystemScreen({
  title,
  search,
  onSearchChange,
}: {
  title: string;
  search: SystemSearch;
  onSearchChange: (patch: Partial<SystemSearch>, options?: { replace?: boolean }) => void;
}) {
  const { has } = usePermissions();
  const access = { settings: has('CAN_VIEW_RADIUS_SETTINGS'), reasons: has('CAN_SHOW_RECOVERY_REASONS') };
  const tab = resolveSystemTab(search.tab, access);

  const switcher: ReactNode = showSystemSwitcher(access) ? (
    <ViewSwitcher<SystemTab> label="System" value={tab} options={SYSTEM_TAB_OPTIONS} onChange={(next) => onSearchChange({ tab: next }, { replace: false })} />
  ) : undefined;

  if (tab === 'recovery-reasons' && access.reasons) {
    return (
      <RecoveryReasonsTab
        title={title}
        viewSwitcher={switcher}
        search={{ keyword: search.reasonKeyword, sort: search.reasonSort }}
        onSearchChange={(patch) =>
          onSearchChange(
            patch === null
              ? { reasonKeyword: undefined, reasonSort: undefined }
              : { ...('keyword' in patch ? { reasonKeyword: patch.keyword } : {}), ...('sort' in patch ? { reasonSort: patch.sort } : {}) },
          )
        }
      />
    );
  }

  return (
    <>
      <HeaderBar title={title} viewSwitcher={switcher} />
      <ScreenBody className="overflow-y-auto">
        {access.settings ? (
          <>
            <HereStatus />
            <SettingsPanel />
          </>
        ) : (
          <p className="p-4 text-sm text-muted-foreground">You don't have permission to view the radius settings.</p>
        )}
      </ScreenBody>
    </>
  );
}
