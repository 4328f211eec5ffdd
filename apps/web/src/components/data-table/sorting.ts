import type { SortingState } from '@tanstack/react-table';

/**
 * Sort state <-> the API's `sort=<field>,<asc|desc>` parameter (also the URL's `sort` search
 * param). Column ids are the server's sort field names.
 */
export function sortingToParam(sorting: SortingState): string | undefined {
  const first = sorting[0];
  return first ? `${first.id},${first.desc ? 'desc' : 'asc'}` : undefined;
}

export function paramToSorting(param: string | undefined): SortingState {
  if (!param) return [];
  const [id = '', dir = 'asc'] = param.split(',');
  return id ? [{ id, desc: dir === 'desc' }] : [];
}
