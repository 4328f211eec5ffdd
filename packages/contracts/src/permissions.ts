import { providerLabelsText } from './providers';

/**
 * The permission catalogue: every flat permission name the server stores and returns, with the
 * group it is shown under and a description. The database is seeded from this list; the web app
 * and the API gate on these names (the specs' resource.action reading, e.g. TRIPS.SHOW for
 * CAN_SHOW_TRIPS, is not used in code: docs/product/admin.md "Roles and permissions").
 */

export interface PermissionEntry {
  /** Flat server name, e.g. CAN_SHOW_TRIPS */
  name: string;
  /** Group the permission is listed under in the role form */
  group: string;
  description: string;
  /** True for the permissions that open a page (listed first in the role form) */
  showPage?: boolean;
}

const p = (name: string, group: string, description: string, showPage = false): PermissionEntry => ({
  name,
  group,
  description,
  ...(showPage ? { showPage } : {}),
});

export const PERMISSION_CATALOGUE = [
  // Trips and routes (docs/product/trips.md)
  p('CAN_SHOW_TRIPS', 'Trips', 'Show the Trips page', true),
  p('CAN_CREATE_TRIP', 'Trips', 'Create trips'),
  p('CAN_EDIT_TRIP', 'Trips', 'Edit trips'),
  p('CAN_SHOW_TRIP_HISTORY', 'Trips', 'Show trip history'),
  p('CAN_VIEW_TRIP_MAP', 'Trips', 'View the trip map'),
  p('CAN_VIEW_MILEAGE_REPORT_TRIP', 'Trips', 'View a trip mileage report'),
  p('CAN_EDIT_MILEAGE_REPORT_TRIP', 'Trips', 'Edit a trip mileage report'),
  p('CAN_VIEW_USER_ROUTE_SETTING_TRIP', 'Trips', 'View route settings on trips'),
  p('CAN_RECOMPUTE_TRIP_ROUTES', 'Trips', "Recompute stored trips' route miles"),
  p('CAN_SHOW_ROUTES', 'Routes', 'Show the Routes page', true),
  p('CAN_SHOW_REPORTS', 'Reports', 'Show the Reports page', true),
  p('CAN_EDIT_FUEL_PURCHASES', 'Reports', 'Record and import fuel purchases and edit the IFTA tax rates'),
  // Trucks and drivers
  p('CAN_SHOW_TRUCKS', 'Trucks', 'Show the Trucks page', true),
  p('CAN_SHOW_TRUCK_PAGE', 'Trucks', 'Open the Trucks page', true),
  p('CAN_VIEW_TRUCK', 'Trucks', 'View a truck'),
  p('CAN_EDIT_TRUCK', 'Trucks', 'Edit trucks'),
  p('CAN_CHANGE_STATUS_TRUCK', 'Trucks', 'Activate and deactivate trucks'),
  p('CAN_DRIVERS_ASSIGN_TO_USER_TRUCK', 'Trucks', 'Assign drivers to a user'),
  // Dispatchers and teams
  p('CAN_SHOW_DISPATCHERS', 'Dispatchers', 'Show the Dispatchers page', true),
  p('CAN_SHOW_DISPATCHER_PAGE', 'Dispatchers', 'Open the Dispatchers page', true),
  p('CAN_CREATE_DISPATCHER', 'Dispatchers', 'Create dispatchers'),
  p('CAN_EDIT_DISPATCHER', 'Dispatchers', 'Edit dispatchers'),
  p('CAN_CHANGE_STATUS_DISPATCHER', 'Dispatchers', 'Activate and deactivate dispatchers'),
  p('CAN_CREATE_TEAM', 'Teams', 'Create teams'),
  p('CAN_EDIT_TEAM', 'Teams', 'Edit teams'),
  p('CAN_CHANGE_STATUS_TEAM', 'Teams', 'Activate and deactivate teams'),
  // Shops
  p('CAN_SHOW_SHOPS', 'Shops', 'Show the Shops page', true),
  p('CAN_SHOW_SHOP_PAGE', 'Shops', 'Open the Shops page', true),
  p('CAN_CREATE_SHOP', 'Shops', 'Create shops'),
  p('CAN_EDIT_SHOP', 'Shops', 'Edit shops'),
  p('CAN_CHANGE_STATUS_SHOP', 'Shops', 'Activate and deactivate shops'),
  // Companies
  p('CAN_SHOW_COMPANIES', 'Companies', 'Show the Companies page', true),
  p('CAN_SHOW_COMPANY_PAGE', 'Companies', 'Open the Companies page', true),
  p('CAN_EDIT_COMPANY', 'Companies', 'Edit companies'),
  p('CAN_EDIT_COMPANY_TOKENS', 'Companies', 'Update company API tokens'),
  p('CAN_CHANGE_STATUS_COMPANY', 'Companies', 'Activate and deactivate companies'),
  p('CAN_SYNC_INTEGRATIONS', 'Companies', `See and run the ${providerLabelsText()} syncs of a company`),
  // System
  p('CAN_SHOW_SYSTEM_SETTINGS', 'System', 'Show the System page', true),
  p('CAN_VIEW_RADIUS_SETTINGS', 'System', 'View radius settings'),
  p('CAN_EDIT_RADIUS_SETTINGS', 'System', 'Edit radius settings'),
  p('CAN_VIEW_USER_ROUTE_SETTINGS', 'System', 'View and change route settings'),
  // Recovery reasons
  p('CAN_SHOW_RECOVERY_REASONS', 'Recovery Reasons', 'Show recovery reasons', true),
  p('CAN_CREATE_RECOVERY_REASON', 'Recovery Reasons', 'Create recovery reasons'),
  p('CAN_EDIT_RECOVERY_REASON', 'Recovery Reasons', 'Edit recovery reasons'),
  p('CAN_CHANGE_STATUS_RECOVERY_REASON', 'Recovery Reasons', 'Activate and deactivate recovery reasons'),
  // Users
  p('CAN_SHOW_USERS', 'Users', 'Show the Users page', true),
  p('CAN_SHOW_USER_PAGE', 'Users', 'Open the Users page', true),
  p('CAN_CREATE_USER', 'Users', 'Create users'),
  p('CAN_EDIT_USER', 'Users', 'Edit users'),
  p('CAN_CHANGE_STATUS_USER', 'Users', 'Activate and deactivate users'),
  // Roles and permissions
  p('CAN_SHOW_ROLES', 'Roles', 'Show the Roles page', true),
  p('CAN_SHOW_ROLE_PAGE', 'Roles', 'Open the Roles page', true),
  p('CAN_CREATE_ROLE', 'Roles', 'Create roles'),
  p('CAN_EDIT_ROLE', 'Roles', 'Edit roles'),
  p('CAN_CHANGE_STATUS_ROLE', 'Roles', 'Activate and deactivate roles'),
  p('CAN_CREATE_PERMISSION', 'Permissions', 'Create permissions'),
  p('CAN_EDIT_PERMISSION', 'Permissions', 'Edit permissions'),
  p('CAN_CHANGE_STATUS_PERMISSION', 'Permissions', 'Enable and disable permissions'),
] as const satisfies readonly PermissionEntry[];

export type PermissionName = (typeof PERMISSION_CATALOGUE)[number]['name'];

/**
 * The permissions that manage access (the Users, Roles and Permissions groups). At least one
 * active user must keep all of them, and none of them can be disabled (docs/decisions/008-access-rules.md).
 */
export const ACCESS_MANAGEMENT_PERMISSIONS = PERMISSION_CATALOGUE.filter((e) => ['Users', 'Roles', 'Permissions'].includes(e.group)).map((e) => e.name) as PermissionName[];

const byName = new Map<string, PermissionEntry>(PERMISSION_CATALOGUE.map((e) => [e.name, e]));

export const PERMISSION_NAMES = PERMISSION_CATALOGUE.map((e) => e.name) as PermissionName[];

export function catalogueEntry(name: string): PermissionEntry | undefined {
  return byName.get(name);
}

/**
 * Who may see a trip's telematics figures and tracks (/trips/summary, /trips/report-summary,
 * /trips/route-data): the trips map and the Mileage Report show them; the Routes screen's
 * map-only mode shows the primary panel only (docs/product/trips.md "Map panels").
 */
export const TELEMATICS_VIEW_PERMISSIONS: readonly PermissionName[] = ['CAN_VIEW_TRIP_MAP', 'CAN_VIEW_MILEAGE_REPORT_TRIP'];

/** Seeded roles. OWNER holds everything and is the default for new users. */
const DISPATCHER_PERMISSIONS: readonly PermissionName[] = [
  'CAN_SHOW_TRIPS',
  'CAN_CREATE_TRIP',
  'CAN_EDIT_TRIP',
  'CAN_SHOW_TRIP_HISTORY',
  'CAN_VIEW_TRIP_MAP',
  'CAN_VIEW_MILEAGE_REPORT_TRIP',
  'CAN_EDIT_MILEAGE_REPORT_TRIP',
  'CAN_VIEW_USER_ROUTE_SETTING_TRIP',
  'CAN_SHOW_ROUTES',
  'CAN_SHOW_REPORTS',
  'CAN_VIEW_USER_ROUTE_SETTINGS',
  'CAN_SHOW_TRUCKS',
  'CAN_SHOW_TRUCK_PAGE',
  'CAN_VIEW_TRUCK',
  'CAN_SHOW_DISPATCHERS',
  'CAN_SHOW_DISPATCHER_PAGE',
  'CAN_SHOW_SHOPS',
  'CAN_SHOW_SHOP_PAGE',
  'CAN_SHOW_COMPANIES',
  'CAN_SHOW_COMPANY_PAGE',
  'CAN_SHOW_RECOVERY_REASONS',
];

export const SEEDED_ROLES: readonly { name: string; description: string; permissions: readonly PermissionName[] }[] = [
  { name: 'OWNER', description: 'Every permission', permissions: PERMISSION_NAMES },
  { name: 'DISPATCHER', description: 'Trips, routes and reports; reference data read-only', permissions: DISPATCHER_PERMISSIONS },
  {
    name: 'VIEWER',
    description: 'Show-only access',
    // Every page-opening permission outside administration (System, Users, Roles)
    permissions: PERMISSION_CATALOGUE.filter((e) => 'showPage' in e && e.showPage && !['System', 'Users', 'Roles'].includes(e.group)).map((e) => e.name) as PermissionName[],
  },
];

export const DEFAULT_ROLE_NAME = 'OWNER';
