/**
 * Checks of a user's permissions by flat name (CAN_SHOW_TRIPS). Kept apart from the catalogue in
 * permissions.ts so the first screen loads the checks without the catalogue
 * (docs/decisions/013-first-screen-loads-fast.md).
 */

/** The shape /me returns: each permission with its enabled flag. */
export interface GrantedPermission {
  name: string;
  enabled: boolean;
}

/** Only enabled permissions count. Accepts either list form. */
export function enabledSet(perms: readonly GrantedPermission[] | ReadonlySet<string>): ReadonlySet<string> {
  if (perms instanceof Set) return perms;
  return new Set((perms as readonly GrantedPermission[]).filter((x) => x.enabled).map((x) => x.name));
}

export function hasPermission(perms: readonly GrantedPermission[] | ReadonlySet<string>, key: string): boolean {
  return enabledSet(perms).has(key);
}

export function hasAnyPermission(perms: readonly GrantedPermission[] | ReadonlySet<string>, keys: readonly string[]): boolean {
  const set = enabledSet(perms);
  return keys.some((k) => set.has(k));
}

export function hasAllPermissions(perms: readonly GrantedPermission[] | ReadonlySet<string>, keys: readonly string[]): boolean {
  const set = enabledSet(perms);
  return keys.every((k) => set.has(k));
}
