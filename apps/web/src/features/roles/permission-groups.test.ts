import { describe, expect, it } from 'vitest';
import { groupCheckState, groupPermissions, isShowPagePermission, permissionGroupName, permissionLabel, toggleGroup } from './permission-groups';

const p = (id: number, name: string, description: string | null = null) => ({ id, name, description });

describe('permission groups', () => {
  it('uses the catalogue group, else reads one from the name', () => {
    expect(permissionGroupName('CAN_SHOW_TRIPS')).toBe('Trips');
    expect(permissionGroupName('CAN_CHANGE_STATUS_TEAM')).toBe('Teams');
    expect(permissionGroupName('CAN_EXPORT_INVOICES')).toBe('Invoices');
    expect(permissionGroupName('CAN_SHOW_FUEL_CARD_PAGE')).toBe('Fuel Card');
    expect(permissionGroupName('BILLING.ARCHIVE')).toBe('Billing');
    expect(permissionGroupName('CAN_VIEW')).toBe('Other');
  });

  it('knows show-page permissions', () => {
    expect(isShowPagePermission('CAN_SHOW_TRUCK_PAGE')).toBe(true);
    expect(isShowPagePermission('CAN_EDIT_TRUCK')).toBe(false);
    expect(isShowPagePermission('CAN_SHOW_FUEL_PAGE')).toBe(true);
  });

  it('orders groups by the catalogue and puts show-page permissions first in each', () => {
    const groups = groupPermissions([p(50, 'CAN_EDIT_USER'), p(3, 'CAN_EDIT_TRIP'), p(46, 'CAN_SHOW_USER_PAGE'), p(1, 'CAN_SHOW_TRIPS'), p(200, 'CAN_EXPORT_INVOICES')]);
    expect(groups.map((g) => g.name)).toEqual(['Trips', 'Users', 'Invoices']);
    expect(groups[0]!.permissions.map((x) => x.name)).toEqual(['CAN_SHOW_TRIPS', 'CAN_EDIT_TRIP']);
    expect(groups[1]!.permissions.map((x) => x.name)).toEqual(['CAN_SHOW_USER_PAGE', 'CAN_EDIT_USER']);
  });

  it('labels by description, else name', () => {
    expect(permissionLabel(p(1, 'CAN_X', 'Do X'))).toBe('Do X');
    expect(permissionLabel(p(1, 'CAN_X', '  '))).toBe('CAN_X');
    expect(permissionLabel(p(1, 'CAN_X'))).toBe('CAN_X');
  });

  it('computes and toggles the group checkbox', () => {
    const group = { name: 'Trips', permissions: [p(1, 'A'), p(2, 'B'), p(3, 'C')] };
    expect(groupCheckState(group, new Set())).toBe(false);
    expect(groupCheckState(group, new Set([2]))).toBe('indeterminate');
    expect(groupCheckState(group, new Set([1, 2, 3, 9]))).toBe(true);
    expect(toggleGroup(group, [9, 2])).toEqual([9, 2, 1, 3]);
    expect(toggleGroup(group, [1, 9, 2, 3])).toEqual([9]);
    expect(toggleGroup(group, [])).toEqual([1, 2, 3]);
  });
});
