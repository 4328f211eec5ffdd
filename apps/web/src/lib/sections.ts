import { hasAnyPermission, type GrantedPermission } from '@milepost/contracts/permission-checks';
import type { PermissionName } from '@milepost/contracts/permissions';

/**
 * The app's navigation sections (docs/product/shell.md), in the order the `/` redirect checks
 * them, with the permissions that open each (either the SHOW or the SHOW_PAGE permission).
 */
export const SECTIONS = [
  { key: 'trips', path: '/trips', title: 'Trips', group: 'general', anyOf: ['CAN_SHOW_TRIPS'] },
  { key: 'routes', path: '/routes', title: 'Routes', group: 'general', anyOf: ['CAN_SHOW_ROUTES'] },
  { key: 'reports', path: '/reports', title: 'Reports', group: 'general', anyOf: ['CAN_SHOW_REPORTS'] },
  { key: 'mileageReview', path: '/mileage-review', title: 'Mileage Review', group: 'general', anyOf: ['CAN_VIEW_MILEAGE_REPORT_TRIP'] },
  { key: 'trucks', path: '/trucks', title: 'Trucks', group: 'general', anyOf: ['CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE'] },
  { key: 'dispatchers', path: '/dispatchers', title: 'Dispatchers', group: 'general', anyOf: ['CAN_SHOW_DISPATCHERS', 'CAN_SHOW_DISPATCHER_PAGE'] },
  { key: 'shops', path: '/shops', title: 'Shops', group: 'general', anyOf: ['CAN_SHOW_SHOPS', 'CAN_SHOW_SHOP_PAGE'] },
  { key: 'companies', path: '/companies', title: 'Companies', group: 'general', anyOf: ['CAN_SHOW_COMPANIES', 'CAN_SHOW_COMPANY_PAGE'] },
  { key: 'system', path: '/system', title: 'System', group: 'settings', anyOf: ['CAN_SHOW_SYSTEM_SETTINGS'] },
  { key: 'users', path: '/users', title: 'Users', group: 'settings', anyOf: ['CAN_SHOW_USERS', 'CAN_SHOW_USER_PAGE'] },
  { key: 'roles', path: '/roles', title: 'Roles', group: 'settings', anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE'] },
] as const satisfies readonly { key: string; path: string; title: string; group: 'general' | 'settings'; anyOf: readonly PermissionName[] }[];

export type SectionKey = (typeof SECTIONS)[number]['key'];

/** Where `/` sends a signed-in user: the first section they may view, else /trips. */
export function homePath(perms: readonly GrantedPermission[] | ReadonlySet<string>): string {
  return SECTIONS.find((s) => hasAnyPermission(perms, s.anyOf))?.path ?? '/trips';
}

export type Section = (typeof SECTIONS)[number];

/** The SECTIONS entry (path, title, group, permissions that open it) for a screen. */
export function section<K extends SectionKey>(key: K): Extract<Section, { key: K }> {
  const found = SECTIONS.find((s) => s.key === key);
  if (!found) throw new Error(`Unknown section ${key}`);
  return found as Extract<Section, { key: K }>;
}
