import { enabledSet, hasAllPermissions, hasAnyPermission, hasPermission } from '@milepost/contracts/permission-checks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { meQueryOptions } from './current-user';

const EMPTY: ReadonlySet<string> = new Set();

export interface PermissionsState {
  /** Enabled permission names of the signed-in user (empty while loading). */
  permissions: ReadonlySet<string>;
  isLoading: boolean;
  /** The /me request failed (and nothing is cached). */
  error: Error | null;
  refetch: () => void;
  has: (key: string) => boolean;
  hasAny: (keys: readonly string[]) => boolean;
  hasAll: (keys: readonly string[]) => boolean;
}

/**
 * The current user's permissions from the cached /me query, by flat name (CAN_SHOW_TRIPS); only
 * enabled ones count.
 */
export function usePermissions(): PermissionsState {
  const { data, isPending, error, refetch } = useQuery(meQueryOptions());
  const permissions = useMemo(() => (data ? enabledSet(data.permissions) : EMPTY), [data]);
  const isLoading = isPending && !error;

  const has = useCallback((key: string) => hasPermission(permissions, key), [permissions]);
  const hasAny = useCallback((keys: readonly string[]) => hasAnyPermission(permissions, keys), [permissions]);
  const hasAll = useCallback((keys: readonly string[]) => hasAllPermissions(permissions, keys), [permissions]);
  const retry = useCallback(() => void refetch(), [refetch]);

  return { permissions, isLoading, error: data ? null : error, refetch: retry, has, hasAny, hasAll };
}
