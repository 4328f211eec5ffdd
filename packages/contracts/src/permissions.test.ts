import { describe, expect, it } from 'vitest';
import {
  PERMISSION_CATALOGUE,
  SECTIONS,
  SEEDED_ROLES,
  catalogueEntry,
  hasAllPermissions,
  hasAnyPermission,
  hasPermission,
  homePath,
  toFlatName,
} from './permissions';

// Every flat name both spec documents list (docs/product/trips.md and docs/product/admin.md style B).
const SPEC_NAMES = `CAN_SHOW_TRIPS CAN_CREATE_TRIP CAN_EDIT_TRIP CAN_SHOW_TRIP_HISTORY CAN_VIEW_TRIP_MAP
CAN_VIEW_MILEAGE_REPORT_TRIP CAN_EDIT_MILEAGE_REPORT_TRIP CAN_VIEW_USER_ROUTE_SETTING_TRIP CAN_SHOW_ROUTES
CAN_SHOW_REPORTS CAN_VIEW_USER_ROUTE_SETTINGS CAN_SHOW_TRUCKS CAN_SHOW_TRUCK_PAGE CAN_EDIT_TRUCK CAN_VIEW_TRUCK
CAN_CHANGE_STATUS_TRUCK CAN_DRIVERS_ASSIGN_TO_USER_TRUCK CAN_SHOW_DISPATCHERS CAN_SHOW_DISPATCHER_PAGE
CAN_CREATE_DISPATCHER CAN_EDIT_DISPATCHER CAN_CHANGE_STATUS_DISPATCHER CAN_CREATE_TEAM CAN_EDIT_TEAM
CAN_CHANGE_STATUS_TEAM CAN_SHOW_SHOPS CAN_SHOW_SHOP_PAGE CAN_CREATE_SHOP CAN_EDIT_SHOP CAN_CHANGE_STATUS_SHOP
CAN_SHOW_COMPANIES CAN_SHOW_COMPANY_PAGE CAN_EDIT_COMPANY CAN_EDIT_COMPANY_TOKENS CAN_CHANGE_STATUS_COMPANY
CAN_SHOW_USERS CAN_SHOW_USER_PAGE CAN_CREATE_USER CAN_EDIT_USER CAN_CHANGE_STATUS_USER CAN_SHOW_SYSTEM_SETTINGS
CAN_VIEW_RADIUS_SETTINGS CAN_EDIT_RADIUS_SETTINGS CAN_SHOW_RECOVERY_REASONS CAN_CREATE_RECOVERY_REASON
CAN_EDIT_RECOVERY_REASON CAN_CHANGE_STATUS_RECOVERY_REASON CAN_SHOW_ROLES CAN_SHOW_ROLE_PAGE CAN_CREATE_ROLE
CAN_EDIT_ROLE CAN_CHANGE_STATUS_ROLE CAN_CREATE_PERMISSION CAN_EDIT_PERMISSION CAN_CHANGE_STATUS_PERMISSION`.split(/\s+/);

// Every resource.action alias of docs/product/admin.md style A plus the trips ones (docs/product/trips.md).
const SPEC_ALIASES = `TRIPS.SHOW ROUTES.SHOW REPORTS.SHOW TRUCKS.SHOW TRUCKS.VIEW TRUCKS.EDIT TRUCKS.CHANGE_STATUS
DRIVERS.ASSIGN_TO_USER_TRUCK DISPATCHERS.SHOW DISPATCHERS.CREATE DISPATCHERS.EDIT DISPATCHERS.CHANGE_STATUS
TEAMS.CREATE TEAMS.EDIT TEAMS.CHANGE_STATUS SHOPS.SHOW SHOPS.CREATE SHOPS.EDIT SHOPS.CHANGE_STATUS COMPANIES.SHOW
COMPANIES.EDIT COMPANIES.EDIT_TOKENS COMPANIES.CHANGE_STATUS SYSTEM.SHOW_SETTINGS SYSTEM.VIEW_RADIUS_SETTINGS
SYSTEM.EDIT_RADIUS_SETTINGS SYSTEM.VIEW_USER_ROUTE_SETTINGS USERS.SHOW USERS.CREATE USERS.EDIT USERS.CHANGE_STATUS
ROLES.SHOW ROLES.CREATE ROLES.EDIT ROLES.CHANGE_STATUS PERMISSIONS.CREATE PERMISSIONS.EDIT PERMISSIONS.CHANGE_STATUS
RECOVERY_REASONS.SHOW RECOVERY_REASONS.CREATE RECOVERY_REASONS.EDIT RECOVERY_REASONS.CHANGE_STATUS
TRUCKS.SHOW_PAGE DISPATCHERS.SHOW_PAGE SHOPS.SHOW_PAGE COMPANIES.SHOW_PAGE USERS.SHOW_PAGE ROLES.SHOW_PAGE`.split(/\s+/);

const granted = (...names: string[]) => names.map((name) => ({ name, enabled: true }));

describe('permission catalogue', () => {
  it('holds every flat name of both spec documents, once, each with alias, group and description', () => {
    const names = PERMISSION_CATALOGUE.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(SPEC_NAMES));
    for (const p of PERMISSION_CATALOGUE) {
      expect(p.alias).toMatch(/^[A-Z_]+\.[A-Z_]+$/);
      expect(p.group).not.toBe('');
      expect(p.description).not.toBe('');
    }
  });

  it('maps every resource.action alias of the spec to a flat name', () => {
    for (const alias of SPEC_ALIASES) expect(catalogueEntry(alias), alias).toBeDefined();
    expect(toFlatName('TRIPS.SHOW')).toBe('CAN_SHOW_TRIPS');
    expect(toFlatName('TRUCKS.SHOW_PAGE')).toBe('CAN_SHOW_TRUCK_PAGE');
    expect(toFlatName('CAN_EDIT_TRIP')).toBe('CAN_EDIT_TRIP');
  });
});

describe('has-one / has-any / has-all', () => {
  const perms = [...granted('CAN_SHOW_TRIPS', 'CAN_EDIT_TRIP'), { name: 'CAN_CREATE_TRIP', enabled: false }];

  it('count only enabled permissions, in either reading', () => {
    expect(hasPermission(perms, 'CAN_SHOW_TRIPS')).toBe(true);
    expect(hasPermission(perms, 'TRIPS.SHOW')).toBe(true);
    expect(hasPermission(perms, 'CAN_CREATE_TRIP')).toBe(false);
    expect(hasAnyPermission(perms, ['CAN_CREATE_TRIP', 'TRIPS.EDIT'])).toBe(true);
    expect(hasAnyPermission(perms, ['CAN_CREATE_TRIP'])).toBe(false);
    expect(hasAllPermissions(perms, ['TRIPS.SHOW', 'TRIPS.EDIT'])).toBe(true);
    expect(hasAllPermissions(perms, ['TRIPS.SHOW', 'TRIPS.CREATE'])).toBe(false);
  });
});

describe('home path', () => {
  it('is the first section the user may view, in the spec order, else /trips', () => {
    expect(SECTIONS.map((s) => s.path)).toEqual([
      '/trips', '/routes', '/reports', '/trucks', '/dispatchers', '/shops', '/companies', '/system', '/users', '/roles',
    ]);
    expect(homePath(granted('CAN_SHOW_USERS', 'CAN_SHOW_REPORTS'))).toBe('/reports');
    expect(homePath(granted('CAN_SHOW_TRUCK_PAGE'))).toBe('/trucks');
    expect(homePath(granted('CAN_SHOW_ROLE_PAGE'))).toBe('/roles');
    expect(homePath([])).toBe('/trips');
  });
});

describe('seeded roles', () => {
  it('OWNER holds every permission; VIEWER only show permissions outside administration', () => {
    const owner = SEEDED_ROLES.find((r) => r.name === 'OWNER')!;
    expect(owner.permissions).toHaveLength(PERMISSION_CATALOGUE.length);
    const viewer = SEEDED_ROLES.find((r) => r.name === 'VIEWER')!;
    expect(viewer.permissions.every((p) => p.startsWith('CAN_SHOW_'))).toBe(true);
    expect(viewer.permissions).not.toContain('CAN_SHOW_USERS');
    const dispatcher = SEEDED_ROLES.find((r) => r.name === 'DISPATCHER')!;
    expect(dispatcher.permissions).toContain('CAN_CREATE_TRIP');
    expect(dispatcher.permissions).not.toContain('CAN_EDIT_TRUCK');
  });
});
