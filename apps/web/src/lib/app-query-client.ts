import type { QueryClient } from '@tanstack/react-query';

let created: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;

/**
 * The app's one query client, created when `/` or the signed-in layout first needs it: the sign-in
 * screens call the API directly and load no TanStack Query (docs/decisions/013-first-screen-loads-fast.md).
 */
export function appQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ createQueryClient }) => (created = createQueryClient()),
    (error: unknown) => {
      loading = undefined; // the next need tries again
      throw error;
    },
  );
  return loading;
}

/** Drops every cached answer (a new sign-in, an ended session); nothing is cached before the client exists. */
export function clearQueryCache(): void {
  created?.clear();
}
