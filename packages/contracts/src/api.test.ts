import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQuery, sortQuery } from './api';
import { hasNextPage } from './list-query';

describe('pageQuery', () => {
  it('defaults to page 0, size 50 and caps size at 100', () => {
    expect(pageQuery.parse({})).toEqual({ page: 0, size: 50 });
    expect(pageQuery.parse({ page: '2', size: '100' })).toEqual({ page: 2, size: 100 });
    expect(pageQuery.safeParse({ size: '101' }).success).toBe(false);
    expect(pageQuery.safeParse({ page: '-1' }).success).toBe(false);
  });
});

describe('sortQuery', () => {
  const schema = z.object({ sort: sortQuery(['name', 'createdAt']) });
  it('reads one or several field,direction keys', () => {
    expect(schema.parse({}).sort).toEqual([]);
    expect(schema.parse({ sort: 'name' }).sort).toEqual([{ field: 'name', direction: 'asc' }]);
    expect(schema.parse({ sort: ['createdAt,DESC', 'name,asc'] }).sort).toEqual([
      { field: 'createdAt', direction: 'desc' },
      { field: 'name', direction: 'asc' },
    ]);
  });
  it('rejects unknown fields and directions with a clear message', () => {
    const bad = schema.safeParse({ sort: 'secret,asc' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe("Cannot sort by 'secret'. Sortable fields: name, createdAt");
    expect(schema.safeParse({ sort: 'name,sideways' }).success).toBe(false);
  });
});

describe('hasNextPage', () => {
  it('is true while the index is below totalPages - 1', () => {
    expect(hasNextPage({ page: 0, totalPages: 2 })).toBe(true);
    expect(hasNextPage({ page: 1, totalPages: 2 })).toBe(false);
    expect(hasNextPage({ page: 0, totalPages: 0 })).toBe(false);
  });
});
