import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keywordSearchParam, paramToSorting, sortSearchParam, sortingToParam } from './sorting';

describe('sort and keyword search params', () => {
  it('turns sort state into sort=<field>,<asc|desc> and back', () => {
    expect(sortingToParam([{ id: 'firstName', desc: false }])).toBe('firstName,asc');
    expect(sortingToParam([{ id: 'created', desc: true }])).toBe('created,desc');
    expect(sortingToParam([])).toBeUndefined();
    expect(paramToSorting('role,desc')).toEqual([{ id: 'role', desc: true }]);
    expect(paramToSorting(undefined)).toEqual([]);
  });

  it('accepts only known fields and directions in the URL; anything else means no sort', () => {
    const schema = z.object({ sort: sortSearchParam(['id', 'name'] as const) });
    expect(schema.parse({ sort: 'name,desc' })).toEqual({ sort: 'name,desc' });
    expect(schema.parse({ sort: 'email,asc' })).toEqual({ sort: undefined });
    expect(schema.parse({ sort: 'name,up' })).toEqual({ sort: undefined });
    expect(schema.parse({ sort: 42 })).toEqual({ sort: undefined });
    expect(schema.parse({})).toEqual({});
  });

  it('trims the keyword and drops an empty or overlong one', () => {
    const schema = z.object({ keyword: keywordSearchParam });
    expect(schema.parse({ keyword: '  dana ' })).toEqual({ keyword: 'dana' });
    expect(schema.parse({ keyword: '   ' })).toEqual({ keyword: undefined });
    expect(schema.parse({ keyword: 'x'.repeat(201) })).toEqual({ keyword: undefined });
  });
});
