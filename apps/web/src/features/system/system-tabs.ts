import { recoveryReasonSortFields } from '@milepost/contracts/list-query';
import { keywordParam, oneOfParam, sortParam, type SearchOf } from '@/lib/search-params';

export const SYSTEM_TABS = ['settings', 'recovery-reasons'] as const;
export type SystemTab = (typeof SYSTEM_TABS)[number];

export const SYSTEM_TAB_OPTIONS = [
  { value: 'settings', label: 'Settings' },
  { value: 'recovery-reasons', label: 'Recovery Reasons' },
] as const satisfies readonly { value: SystemTab; label: string }[];

/** The /system screen's URL state: the tab (absent = the default for the user) and the reasons' keyword and sort. */
export const systemSearchParams = {
  tab: oneOfParam(SYSTEM_TABS),
  reasonKeyword: keywordParam,
  reasonSort: sortParam(recoveryReasonSortFields),
};

export type SystemSearch = SearchOf<typeof systemSearchParams>;

export interface SystemAccess {
  /** CAN_VIEW_RADIUS_SETTINGS */
  settings: boolean;
  /** CAN_SHOW_RECOVERY_REASONS */
  reasons: boolean;
}

/** docs/product/admin.md System: settings when radius settings may be viewed, else recovery reasons. */
export function defaultSystemTab(access: SystemAccess): SystemTab {
  return access.settings ? 'settings' : 'recovery-reasons';
}

/** The tab shown: the URL's when the user may see it, else the default. */
export function resolveSystemTab(requested: SystemTab | undefined, access: SystemAccess): SystemTab {
  if (requested === 'settings' && access.settings) return 'settings';
  if (requested === 'recovery-reasons' && access.reasons) return 'recovery-reasons';
  return defaultSystemTab(access);
}

/** The Settings | Recovery Reasons switcher shows only when the user may see both. */
export const showSystemSwitcher = (access: SystemAccess) => access.settings && access.reasons;
