import { describe, expect, it } from 'vitest';
import { appQueryClient, clearQueryCache } from './app-query-client';
import { QUERY_STALE_TIME_MS } from './query-client';

describe('appQueryClient', () => {
  it('clears nothing before the client exists, then creates one client with the app defaults', async () => {
    expect(() => clearQueryCache()).not.toThrow();
    const [first, second] = await Promise.all([appQueryClient(), appQueryClient()]);
    expect(first).toBe(second);
    expect(await appQueryClient()).toBe(first);
    expect(first.getDefaultOptions().queries?.staleTime).toBe(QUERY_STALE_TIME_MS);

    first.setQueryData(['trips', 'list', {}], ['trip']);
    clearQueryCache();
    expect(first.getQueryData(['trips', 'list', {}])).toBeUndefined();
  });
});
