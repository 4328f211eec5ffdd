import { PERMISSION_CATALOGUE, catalogueEntry } from '@milepost/contracts/permissions';

export interface PickablePermission {
  id: number;
  name: string;
  description: string | null;
}

export interface PermissionGroup<P extends PickablePermission = PickablePermission> {
  name: string;
  permissions: P[];
}

const catalogueIndex = new Map<string, number>(PERMISSION_CATALOGUE.map((entry, index) => [entry.name, index]));

const ACTION_WORDS = new Set(['SHOW', 'VIEW', 'CREATE', 'EDIT', 'CHANGE', 'STATUS', 'DELETE', 'ASSIGN', 'MANAGE', 'EXPORT', 'IMPORT', 'PAGE', 'TO', 'USER']);

function titleCase(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

/**
 * The group a permission is listed under: the catalogue's group, else one read from the name
 * (CAN_EXPORT_INVOICES → 'Invoices'; TRIPS.ARCHIVE → 'Trips'), else 'Other'.
 */
export function permissionGroupName(name: string): string {
  const known = catalogueEntry(name)?.group;
  if (known) return known;
  if (name.includes('.')) return titleCase(name.split('.')[0]!.replace(/_/g, ' '));
  const words = name
    .replace(/^CAN_/, '')
    .split('_')
    .filter((w) => w !== '' && !ACTION_WORDS.has(w));
  return words.length > 0 ? words.map(titleCase).join(' ') : 'Other';
}

/** A permission opens a page (catalogue `showPage`, or a SHOW…/…_PAGE name outside the catalogue). */
export function isShowPagePermission(name: string): boolean {
  const entry = catalogueEntry(name);
  if (entry) return entry.showPage === true;
  return /^CAN_SHOW_/.test(name) || /_PAGE$/.test(name);
}

/** The label of a permission's checkbox: its description, else its name. */
export function permissionLabel(permission: PickablePermission): string {
  return permission.description?.trim() || permission.name;
}

function rank(name: string): number {
  return catalogueIndex.get(name) ?? Number.MAX_SAFE_INTEGER;
}

/**
 * Groups permissions for the role form (docs/product/admin.md): groups in catalogue order (unknown groups
 * after, by name); inside a group the show-page permissions first, then catalogue order, then name.
 */
export function groupPermissions<P extends PickablePermission>(permissions: readonly P[]): PermissionGroup<P>[] {
  const groups = new Map<string, P[]>();
  for (const permission of permissions) {
    const group = permissionGroupName(permission.name);
    const list = groups.get(group);
    if (list) list.push(permission);
    else groups.set(group, [permission]);
  }
  const result = [...groups.entries()].map(([name, list]) => ({
    name,
    permissions: [...list].sort(
      (a, b) => Number(isShowPagePermission(b.name)) - Number(isShowPagePermission(a.name)) || rank(a.name) - rank(b.name) || a.name.localeCompare(b.name),
    ),
  }));
  const groupRank = (group: PermissionGroup<P>) => Math.min(...group.permissions.map((p) => rank(p.name)));
  return result.sort((a, b) => groupRank(a) - groupRank(b) || a.name.localeCompare(b.name));
}

/** The group checkbox: checked when all are chosen, indeterminate when some are. */
export function groupCheckState(group: PermissionGroup, chosen: ReadonlySet<number>): boolean | 'indeterminate' {
  const count = group.permissions.filter((p) => chosen.has(p.id)).length;
  if (count === 0) return false;
  return count === group.permissions.length ? true : 'indeterminate';
}

/** Clicking a group checkbox: all chosen → none of the group; otherwise → all of the group. */
export function toggleGroup(group: PermissionGroup, chosen: readonly number[]): number[] {
  const ids = group.permissions.map((p) => p.id);
  const set = new Set(chosen);
  const all = ids.every((id) => set.has(id));
  if (all) return chosen.filter((id) => !ids.includes(id));
  return [...chosen, ...ids.filter((id) => !set.has(id))];
}
