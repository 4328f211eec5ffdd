import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QUERY_ROOTS, WRITE_REFRESHES, areaKeys, refreshAfterWrite, type WriteArea } from './query-keys';

/** Seeds one list, one record and one picker of every area and returns which became stale after a write. */
async function staleAfter(area: WriteArea): Promise<string[]> {
  const client = new QueryClient();
  for (const name of Object.keys(QUERY_ROOTS) as (keyof typeof QUERY_ROOTS)[]) {
    const keys = areaKeys(name);
    client.setQueryData(keys.list({ keyword: 'x' }), { rows: [] });
    client.setQueryData(keys.detail(1), { id: 1 });
    client.setQueryData(keys.options('active', ''), { pages: [] });
  }
  await refreshAfterWrite(client, area);
  const stale = new Set<string>();
  for (const query of client.getQueryCache().getAll()) {
    if (query.state.isInvalidated) stale.add(Object.entries(QUERY_ROOTS).find(([, root]) => root.every((part, i) => query.queryKey[i] === part))![0]);
  }
  return [...stale].sort();
}

describe('which writes refresh which lists', () => {
  it.each(['trucks', 'drivers', 'companies', 'dispatchers', 'users'] as const)('a %s write (a rename) refreshes the trips list, which shows those names', async (area) => {
    expect(await staleAfter(area)).toContain('trips');
  });

  it('a user, role or permission write refreshes the signed-in user (sidebar and guards)', async () => {
    for (const area of ['users', 'roles', 'permissions'] as const) expect(await staleAfter(area)).toContain('me');
  });

  it('a write refreshes exactly the areas the map names: lists, records and pickers alike', async () => {
    for (const area of Object.keys(WRITE_REFRESHES) as WriteArea[]) {
      expect(await staleAfter(area)).toEqual([...WRITE_REFRESHES[area]].sort());
    }
  });

  it('a trip or mileage write refreshes the reports, which sum their figures', async () => {
    for (const area of ['trips', 'mileStats'] as const) expect(await staleAfter(area)).toContain('reports');
  });

  it('a shop write leaves the trips list alone', async () => {
    expect(await staleAfter('shops')).toEqual(['shops']);
  });
});
