/**
 * The permission catalogue: every flat permission name the server stores and returns,
 * with its resource.action alias, the group it is shown under, and a description.
 * The database is seeded from this list; the web app and the API gate on the flat names.
 */

export interface PermissionEntry {
  /** Flat server name, e.g. CAN_SHOW_TRIPS */
  name: string;
  /** resource.action reading, e.g. TRIPS.SHOW */
  alias: string;
  /** Group the permission is listed under in the role form */
  group: string;
  description: string;
  /** True for the permissions that open a page (listed first in the role form) */
  showPage?: boolean;
}

const p = (name: string, alias: string, group: string, description: string, showPage = false): PermissionEntry => ({
  name,
  alias,
  group,
  description,
  ...(showPage ? { showPage } : {}),
});

export const PERMISSION_CATALOGUE = [
  // Trips and routes (docs/product/trips.md)
  p('CAN_SHOW_TRIPS', 'TRIPS.SHOW', 'Trips', 'Show the Trips page', true),
  p('CAN_CREATE_TRIP', 'TRIPS.CREATE', 'Trips', 'Create trips'),
  p('CAN_EDIT_TRIP', 'TRIPS.EDIT', 'Trips', 'Edit trips'),
  p('CAN_SHOW_TRIP_HISTORY', 'TRIPS.SHOW_HISTORY', 'Trips', 'Show trip history'),
  p('CAN_VIEW_TRIP_MAP', 'TRIPS.VIEW_MAP', 'Trips', 'View the trip map'),
  p('CAN_VIEW_MILEAGE_REPORT_TRIP', 'TRIPS.VIEW_MILEAGE_REPORT', 'Trips', 'View a trip mileage report'),
  p('CAN_EDIT_MILEAGE_REPORT_TRIP', 'TRIPS.EDIT_MILEAGE_REPORT', 'Trips', 'Edit a trip mileage report'),
  p('CAN_VIEW_USER_ROUTE_SETTING_TRIP', 'TRIPS.VIEW_USER_ROUTE_SETTING', 'Trips', 'View route settings on trips'),
  p('CAN_RECOMPUTE_TRIP_ROUTES', 'TRIPS.RECOMPUTE_ROUTES', 'Trips', "Recompute stored trips' route miles"),
  p('CAN_SHOW_ROUTES', 'ROUTES.SHOW', 'Routes', 'Show the Routes page', true),
  p('CAN_SHOW_REPORTS', 'REPORTS.SHOW', 'Reports', 'Show the Reports page', true),
  // Trucks and drivers
  p('CAN_SHOW_TRUCKS', 'TRUCKS.SHOW', 'Trucks', 'Show the Trucks page', true),
  p('CAN_SHOW_TRUCK_PAGE', 'TRUCKS.SHOW_PAGE', 'Trucks', 'Open the Trucks page', true),
  p('CAN_VIEW_TRUCK', 'TRUCKS.VIEW', 'Trucks', 'View a truck'),
  p('CAN_EDIT_TRUCK', 'TRUCKS.EDIT', 'Trucks', 'Edit trucks'),
  p('CAN_CHANGE_STATUS_TRUCK', 'TRUCKS.CHANGE_STATUS', 'Trucks', 'Activate and deactivate trucks'),
  p('CAN_DRIVERS_ASSIGN_TO_USER_TRUCK', 'DRIVERS.ASSIGN_TO_USER_TRUCK', 'Trucks', 'Assign drivers to a user'),
  // Dispatchers and teams
  p('CAN_SHOW_DISPATCHERS', 'DISPATCHERS.SHOW', 'Dispatchers', 'Show the Dispatchers page', true),
  p('CAN_SHOW_DISPATCHER_PAGE', 'DISPATCHERS.SHOW_PAGE', 'Dispatchers', 'Open the Dispatchers page', true),
  p('CAN_CREATE_DISPATCHER', 'DISPATCHERS.CREATE', 'Dispatchers', 'Create dispatchers'),
  p('CAN_EDIT_DISPATCHER', 'DISPATCHERS.EDIT', 'Dispatchers', 'Edit dispatchers'),
  p('CAN_CHANGE_STATUS_DISPATCHER', 'DISPATCHERS.CHANGE_STATUS', 'Dispatchers', 'Activate and deactivate dispatchers'),
  p('CAN_CREATE_TEAM', 'TEAMS.CREATE', 'Teams', 'Create teams'),
  p('CAN_EDIT_TEAM', 'TEAMS.EDIT', 'Teams', 'Edit teams'),
  p('CAN_CHANGE_STATUS_TEAM', 'TEAMS.CHANGE_STATUS', 'Teams', 'Activate and deactivate teams'),
  // Shops
  p('CAN_SHOW_SHOPS', 'SHOPS.SHOW', 'Shops', 'Show the Shops page', true),
  p('CAN_SHOW_SHOP_PAGE', 'SHOPS.SHOW_PAGE', 'Shops', 'Open the Shops page', true),
  p('CAN_CREATE_SHOP', 'SHOPS.CREATE', 'Shops', 'Create shops'),
  p('CAN_EDIT_SHOP', 'SHOPS.EDIT', 'Shops', 'Edit shops'),
  p('CAN_CHANGE_STATUS_SHOP', 'SHOPS.CHANGE_STATUS', 'Shops', 'Activate and deactivate shops'),
  // Companies
  p('CAN_SHOW_COMPANIES', 'COMPANIES.SHOW', 'Companies', 'Show the Companies page', true),
  p('CAN_SHOW_COMPANY_PAGE', 'COMPANIES.SHOW_PAGE', 'Companies', 'Open the Companies page', true),
  p('CAN_EDIT_COMPANY', 'COMPANIES.EDIT', 'Companies', 'Edit companies'),
  p('CAN_EDIT_COMPANY_TOKENS', 'COMPANIES.EDIT_TOKENS', 'Companies', 'Update company API tokens'),
  p('CAN_CHANGE_STATUS_COMPANY', 'COMPANIES.CHANGE_STATUS', 'Companies', 'Activate and deactivate companies'),
  p('CAN_SYNC_INTEGRATIONS', 'COMPANIES.SYNC_INTEGRATIONS', 'Companies', 'See and run the Samsara and GLE syncs of a company'),
  // System
  p('CAN_SHOW_SYSTEM_SETTINGS', 'SYSTEM.SHOW_SETTINGS', 'System', 'Show the System page', true),
  p('CAN_VIEW_RADIUS_SETTINGS', 'SYSTEM.VIEW_RADIUS_SETTINGS', 'System', 'View radius settings'),
  p('CAN_EDIT_RADIUS_SETTINGS', 'SYSTEM.EDIT_RADIUS_SETTINGS', 'System', 'Edit radius settings'),
  p('CAN_VIEW_USER_ROUTE_SETTINGS', 'SYSTEM.VIEW_USER_ROUTE_SETTINGS', 'System', 'View and change route settings'),
  // Recovery reasons
  p('CAN_SHOW_RECOVERY_REASONS', 'RECOVERY_REASONS.SHOW', 'Recovery Reasons', 'Show recovery reasons', true),
  p('CAN_CREATE_RECOVERY_REASON', 'RECOVERY_REASONS.CREATE', 'Recovery Reasons', 'Create recovery reasons'),
  p('CAN_EDIT_RECOVERY_REASON', 'RECOVERY_REASONS.EDIT', 'Recovery Reasons', 'Edit recovery reasons'),
  p('CAN_CHANGE_STATUS_RECOVERY_REASON', 'RECOVERY_REASONS.CHANGE_STATUS', 'Recovery Reasons', 'Activate and deactivate recovery reasons'),
  // Users
  p('CAN_SHOW_USERS', 'USERS.SHOW', 'Users', 'Show the Users page', true),
  p('CAN_SHOW_USER_PAGE', 'USERS.SHOW_PAGE', 'Users', 'Open the Users page', true),
  p('CAN_CREATE_USER', 'USERS.CREATE', 'Users', 'Create users'),
  p('CAN_EDIT_USER', 'USERS.EDIT', 'Users', 'Edit users'),
  p('CAN_CHANGE_STATUS_USER', 'USERS.CHANGE_STATUS', 'Users', 'Activate and deactivate users'),
  // Roles and permissions
  p('CAN_SHOW_ROLES', 'ROLES.SHOW', 'Roles', 'Show the Roles page', true),
  p('CAN_SHOW_ROLE_PAGE', 'ROLES.SHOW_PAGE', 'Roles', 'Open the Roles page', true),
  p('CAN_CREATE_ROLE', 'ROLES.CREATE', 'Roles', 'Create roles'),
  p('CAN_EDIT_ROLE', 'ROLES.EDIT', 'Roles', 'Edit roles'),
  p('CAN_CHANGE_STATUS_ROLE', 'ROLES.CHANGE_STATUS', 'Roles', 'Activate and deactivate roles'),
  p('CAN_CREATE_PERMISSION', 'PERMISSIONS.CREATE', 'Permissions', 'Create permissions'),
  p('CAN_EDIT_PERMISSION', 'PERMISSIONS.EDIT', 'Permissions', 'Edit permissions'),
  p('CAN_CHANGE_STATUS_PERMISSION', 'PERMISSIONS.CHANGE_STATUS', 'Permissions', 'Enable and disable permissions'),
] as const satisfies readonly PermissionEntry[];

export type PermissionName = (typeof PERMISSION_CATALOGUE)[number]['name'];

/**
 * The permissions that manage access (the Users, Roles and Permissions groups). At least one
 * active user must keep all of them, and none of them can be disabled (docs/decisions/008-access-rules.md).
 */
export const ACCESS_MANAGEMENT_PERMISSIONS = PERMISSION_CATALOGUE.filter((e) => ['Users', 'Roles', 'Permissions'].includes(e.group)).map(
  (e) => e.name,
) as PermissionName[];
export type PermissionAlias = (typeof PERMISSION_CATALOGUE)[number]['alias'];

const byName = new Map<string, PermissionEntry>(PERMISSION_CATALOGUE.map((e) => [e.name, e]));
const byAlias = new Map<string, PermissionEntry>(PERMISSION_CATALOGUE.map((e) => [e.alias, e]));

export const PERMISSION_NAMES = PERMISSION_CATALOGUE.map((e) => e.name) as PermissionName[];

export function catalogueEntry(nameOrAlias: string): PermissionEntry | undefined {
  return byName.get(nameOrAlias) ?? byAlias.get(nameOrAlias);
}

/** Flat server name for either reading (CAN_SHOW_TRIPS or TRIPS.SHOW); unknown keys come back unchanged. */
export function toFlatName(nameOrAlias: string): string {
  return catalogueEntry(nameOrAlias)?.name ?? nameOrAlias;
}

/** The shape /me returns: each permission with its enabled flag. */
export interface GrantedPermission {
  name: string;
  enabled: boolean;
}

/** Only enabled permissions count. Accepts either list form. */
export function enabledSet(perms: readonly GrantedPermission[] | ReadonlySet<string>): ReadonlySet<string> {
  if (perms instanceof Set) return perms;
  return new Set((perms as readonly GrantedPermission[]).filter((x) => x.enabled).map((x) => x.name));
}

export function hasPermission(perms: readonly GrantedPermission[] | ReadonlySet<string>, key: string): boolean {
  return enabledSet(perms).has(toFlatName(key));
}

export function hasAnyPermission(perms: readonly GrantedPermission[] | ReadonlySet<string>, keys: readonly string[]): boolean {
  const set = enabledSet(perms);
  return keys.some((k) => set.has(toFlatName(k)));
}

export function hasAllPermissions(perms: readonly GrantedPermission[] | ReadonlySet<string>, keys: readonly string[]): boolean {
  const set = enabledSet(perms);
  return keys.every((k) => set.has(toFlatName(k)));
}

/**
 * Sections of the app in the order the `/` redirect checks them, with the permissions
 * that open each (either the SHOW or the SHOW_PAGE reading).
 */
export const SECTIONS = [
  { key: 'trips', path: '/trips', title: 'Trips', group: 'general', anyOf: ['CAN_SHOW_TRIPS'] },
  { key: 'routes', path: '/routes', title: 'Routes', group: 'general', anyOf: ['CAN_SHOW_ROUTES'] },
  { key: 'reports', path: '/reports', title: 'Reports', group: 'general', anyOf: ['CAN_SHOW_REPORTS'] },
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

/** Seeded roles. OWNER holds everything and is the default for new users. */
const DISPATCHER_PERMISSIONS: readonly PermissionName[] = [
  'CAN_SHOW_TRIPS', 'CAN_CREATE_TRIP', 'CAN_EDIT_TRIP', 'CAN_SHOW_TRIP_HISTORY', 'CAN_VIEW_TRIP_MAP',
  'CAN_VIEW_MILEAGE_REPORT_TRIP', 'CAN_EDIT_MILEAGE_REPORT_TRIP', 'CAN_VIEW_USER_ROUTE_SETTING_TRIP',
  'CAN_SHOW_ROUTES', 'CAN_SHOW_REPORTS', 'CAN_VIEW_USER_ROUTE_SETTINGS',
  'CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE', 'CAN_VIEW_TRUCK',
  'CAN_SHOW_DISPATCHERS', 'CAN_SHOW_DISPATCHER_PAGE',
  'CAN_SHOW_SHOPS', 'CAN_SHOW_SHOP_PAGE',
  'CAN_SHOW_COMPANIES', 'CAN_SHOW_COMPANY_PAGE',
  'CAN_SHOW_RECOVERY_REASONS',
];

export const SEEDED_ROLES: readonly { name: string; description: string; permissions: readonly PermissionName[] }[] = [
  { name: 'OWNER', description: 'Every permission', permissions: PERMISSION_NAMES },
  { name: 'DISPATCHER', description: 'Trips, routes and reports; reference data read-only', permissions: DISPATCHER_PERMISSIONS },
  {
    name: 'VIEWER',
    description: 'Show-only access',
    // Every page-opening permission outside administration (System, Users, Roles)
    permissions: PERMISSION_CATALOGUE.filter(
      (e) => 'showPage' in e && e.showPage && !['System', 'Users', 'Roles'].includes(e.group),
    ).map((e) => e.name) as PermissionName[],
  },
];

export const DEFAULT_ROLE_NAME = 'OWNER';
