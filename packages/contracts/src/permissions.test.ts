import { describe, expect, it } from 'vitest';
import { hasAllPermissions, hasAnyPermission, hasPermission } from './permission-checks';
import { PERMISSION_CATALOGUE, SEEDED_ROLES, catalogueEntry } from './permissions';

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

const granted = (...names: string[]) => names.map((name) => ({ name, enabled: true }));

describe('permission catalogue', () => {
  it('holds every flat name of both spec documents, once, each with group and description', () => {
    const names = PERMISSION_CATALOGUE.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(SPEC_NAMES));
    for (const p of PERMISSION_CATALOGUE) {
      expect(p.group).not.toBe('');
      expect(p.description).not.toBe('');
    }
  });

  it('finds an entry by its flat name only', () => {
    expect(catalogueEntry('CAN_SHOW_TRIPS')?.group).toBe('Trips');
    expect(catalogueEntry('TRIPS.SHOW')).toBeUndefined();
  });
});

describe('has-one / has-any / has-all', () => {
  const perms = [...granted('CAN_SHOW_TRIPS', 'CAN_EDIT_TRIP'), { name: 'CAN_CREATE_TRIP', enabled: false }];

  it('count only enabled permissions', () => {
    expect(hasPermission(perms, 'CAN_SHOW_TRIPS')).toBe(true);
    expect(hasPermission(perms, 'CAN_CREATE_TRIP')).toBe(false);
    expect(hasAnyPermission(perms, ['CAN_CREATE_TRIP', 'CAN_EDIT_TRIP'])).toBe(true);
    expect(hasAnyPermission(perms, ['CAN_CREATE_TRIP'])).toBe(false);
    expect(hasAllPermissions(perms, ['CAN_SHOW_TRIPS', 'CAN_EDIT_TRIP'])).toBe(true);
    expect(hasAllPermissions(perms, ['CAN_SHOW_TRIPS', 'CAN_CREATE_TRIP'])).toBe(false);
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
