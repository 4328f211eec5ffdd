import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from './current-user';

/**
 * The query-key root of every area. Every list, picker, lookup and single record of an area sits
 * under its root (`[root, 'list', params]`, `[root, 'options', …]`, `[root, 'detail', id]`), so
 * one invalidation of the root refreshes all of them.
 */
export const QUERY_ROOTS = {
  me: meQueryKey,
  users: ['users'],
  roles: ['roles'],
  permissions: ['permissions'],
  companies: ['companies'],
  trucks: ['trucks'],
  drivers: ['drivers'],
  dispatchers: ['dispatchers'],
  teams: ['teams'],
  shops: ['shops'],
  recoveryReasons: ['recovery-reasons'],
  settings: ['global-setting'],
  trips: ['trips'],
  mileStats: ['mile-stats'],
  /** The Mileage Review queue and the companies' pay rules (docs/mileage-review.md). */
  mileageReview: ['mileage-review'],
  /** Read-only: the Reports screen's period sums. */
  reports: ['trip-statistics'],
  /** Read-only: the Reports screen's State miles tab and a trip's split (docs/state-miles.md). */
  stateMiles: ['state-miles'],
  /** The IFTA return, its fuel purchases and rates (docs/ifta.md). */
  ifta: ['ifta'],
  routeSettings: ['user-route-setting'],
} as const;

export type QueryArea = keyof typeof QUERY_ROOTS;

/** The keys of one area, all under its root. */
export function areaKeys<A extends QueryArea>(area: A) {
  const root = QUERY_ROOTS[area];
  return {
    all: root,
    lists: () => [...root, 'list'] as const,
    list: <P extends object>(params: P) => [...root, 'list', params] as const,
    detail: (id: number) => [...root, 'detail', id] as const,
    /** Picker options (lookups), e.g. `options('active', keyword)`. */
    options: (...parts: readonly unknown[]) => [...root, 'options', ...parts] as const,
  };
}

/**
 * Which areas a write makes stale: its own, and every other one whose rows show its names or
 * depend on it. Renaming a truck, driver, company, dispatcher or user refreshes the trips list
 * (it shows those names); a user, role or permission write refreshes the signed-in user's
 * permissions (`me`), so the sidebar and guards follow at once. Every mutation of the web app
 * refreshes through this map (see {@link useWriteMutation}); nothing invalidates by hand.
 */
export const WRITE_REFRESHES = {
  users: ['users', 'trucks', 'trips', 'me'],
  roles: ['roles', 'users', 'me'],
  permissions: ['permissions', 'roles', 'me'],
  companies: ['companies', 'trucks', 'trips', 'mileageReview'],
  trucks: ['trucks', 'trips'],
  drivers: ['drivers', 'trucks', 'trips'],
  dispatchers: ['dispatchers', 'teams', 'trips'],
  teams: ['teams', 'dispatchers'],
  shops: ['shops'],
  recoveryReasons: ['recoveryReasons', 'trips'],
  settings: ['settings'],
  // A trip's stops and manual figures are part of its mileage report, and the other way round.
  // The reports sum the trips' figures.
  trips: ['trips', 'mileStats', 'reports', 'mileageReview', 'stateMiles', 'ifta'],
  mileStats: ['mileStats', 'trips', 'reports', 'mileageReview', 'stateMiles', 'ifta'],
  // Approving sets the trips' manual figures.
  mileageReview: ['mileageReview', 'trips', 'mileStats', 'reports', 'stateMiles'],
  // Fuel purchases and rates: the return is drafted from them.
  ifta: ['ifta'],
  // The PUT answers the whole row, which is put in the cache: refetching could only bring back an older one.
  routeSettings: [],
} as const satisfies Record<Exclude<QueryArea, 'me' | 'reports' | 'stateMiles'>, readonly QueryArea[]>;

export type WriteArea = keyof typeof WRITE_REFRESHES;

/** After a write of `area`: every query of the areas it refreshes (see {@link WRITE_REFRESHES}). */
export async function refreshAfterWrite(queryClient: QueryClient, area: WriteArea): Promise<void> {
  await Promise.all(WRITE_REFRESHES[area].map((stale) => queryClient.invalidateQueries({ queryKey: QUERY_ROOTS[stale] })));
}

/**
 * A mutation that writes `area`; on success it refreshes what {@link WRITE_REFRESHES} names.
 * `apply` puts the server's answer into the cache first, where a screen shows it at once.
 */
export function useWriteMutation<TInput, TResult>(area: WriteArea, mutationFn: (input: TInput) => Promise<TResult>, apply?: (queryClient: QueryClient, result: TResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      apply?.(queryClient, result);
      return refreshAfterWrite(queryClient, area);
    },
  });
}
