import { describe, expect, it } from 'vitest';
import { paramToSorting, sortingToParam } from './sorting';

describe('sort state and the sort param', () => {
  it('turns sort state into sort=<field>,<asc|desc> and back', () => {
    expect(sortingToParam([{ id: 'firstName', desc: false }])).toBe('firstName,asc');
    expect(sortingToParam([{ id: 'created', desc: true }])).toBe('created,desc');
    expect(sortingToParam([])).toBeUndefined();
    expect(paramToSorting('role,desc')).toEqual([{ id: 'role', desc: true }]);
    expect(paramToSorting(undefined)).toEqual([]);
  });
});
