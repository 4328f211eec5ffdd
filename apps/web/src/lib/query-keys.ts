/**
 * Roots of the query keys of the access-administration areas. Every list, lookup and single
 * record of an area sits under its root, so one invalidation refreshes all of them.
 */
export const QUERY_ROOTS = {
  users: ['users'],
  roles: ['roles'],
  permissions: ['permissions'],
} as const;
