import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { ROLE_MESSAGES, type RoleDetail, type RoleRow, type roleForm, type roleListQuery } from '@milepost/contracts/roles-api';
import type { Db } from '../../db/client';
import { permissions, rolePermissions, roles } from '../../db/schema/access';
import { ACCESS_RULE_MESSAGES } from '@milepost/contracts/messages';
import type { Principal } from '../../platform/access';
import { accessChange, assertHeldBy, permissionNames, rolePermissionNames } from '../../platform/access-rules';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';

type RoleInput = z.output<typeof roleForm>;
const OWNER = 'OWNER';

const rowColumns = { id: roles.id, name: roles.name, description: roles.description, active: roles.active, createdAt: roles.createdAt };
const toRow = ({ createdAt, ...r }: { createdAt: Date } & Omit<RoleRow, 'created'>): RoleRow => ({ ...r, created: createdAt.toISOString() });

export async function listRoles(db: Db, q: z.output<typeof roleListQuery>): Promise<Paged<RoleRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) filters.push(or(ilike(roles.name, likePattern(q.keyword)), ilike(roles.description, likePattern(q.keyword))));
  if (q.active !== undefined) filters.push(eq(roles.active, q.active));
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(roles)
    .where(where)
    .orderBy(...orderBy(q.sort, { id: roles.id, name: roles.name, description: roles.description, active: roles.active, created: roles.createdAt }, roles.id))
    .limit(q.size)
    .offset(q.page * q.size)
    .then((list) => list.map(toRow));
  const total = db
    .select({ n: count() })
    .from(roles)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

export async function getRole(db: Db, id: number): Promise<RoleDetail> {
  const [role] = await db.select(rowColumns).from(roles).where(eq(roles.id, id));
  if (!role) throw new AppError('NOT_FOUND', ROLE_MESSAGES.notFound);
  const perms = await db
    .select({ id: permissions.id, name: permissions.name, description: permissions.description, enabled: permissions.enabled })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, id))
    .orderBy(permissions.name);
  return { ...toRow(role), permissionIds: perms.map((p) => p.id), permissions: perms };
}

async function setPermissions(tx: Db, roleId: number, permissionIds: number[]) {
  const ids = [...new Set(permissionIds)];
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(permissions).where(inArray(permissions.id, ids));
  if (n !== ids.length) {
    throw new AppError('BAD_REQUEST', ROLE_MESSAGES.unknownPermissions, [{ path: 'body.permissionIds', message: ROLE_MESSAGES.unknownPermissions }]);
  }
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })));
}

/** Who acts: their user id and enabled permissions. */
export type Actor = Pick<Principal, 'userId' | 'permissions'>;

/** Creates a role with its permissions in one transaction; the actor must hold every one of them. */
export async function createRole(db: Db, actor: Actor, input: RoleInput): Promise<RoleDetail> {
  const id = await conflictOnDuplicate(ROLE_MESSAGES.duplicateName, () =>
    db.transaction(async (tx) => {
      await assertHeldBy(tx, actor, await permissionNames(tx, input.permissionIds));
      const [role] = await tx.insert(roles).values({ name: input.name, description: input.description }).returning({ id: roles.id });
      await setPermissions(tx, role!.id, input.permissionIds);
      return role!.id;
    }),
  );
  return getRole(db, id);
}

/**
 * Updates a role and replaces its permissions in one transaction; holders see the change on
 * their next request. The actor must hold every enabled permission the role has and gets.
 */
export async function updateRole(db: Db, actor: Actor, id: number, input: RoleInput): Promise<RoleDetail> {
  await conflictOnDuplicate(ROLE_MESSAGES.duplicateName, () =>
    accessChange(db, async (tx) => {
      const [current] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', ROLE_MESSAGES.notFound);
      if (current.name === OWNER && input.name !== OWNER) throw new AppError('BAD_REQUEST', ROLE_MESSAGES.ownerCannotBeRenamed);
      await assertHeldBy(tx, actor, await rolePermissionNames(tx, id), ACCESS_RULE_MESSAGES.editStrongerRole);
      await assertHeldBy(tx, actor, await permissionNames(tx, input.permissionIds));
      await tx
        .update(roles)
        .set({ name: input.name, description: input.description, updatedAt: sql`now()` })
        .where(eq(roles.id, id));
      await setPermissions(tx, id, input.permissionIds);
    }),
  );
  return getRole(db, id);
}

/** Activating a role grants its permissions to its holders again: the actor must hold them. */
export async function changeRoleStatus(db: Db, actor: Actor, id: number, active: boolean): Promise<RoleDetail> {
  await accessChange(db, async (tx) => {
    const [current] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', ROLE_MESSAGES.notFound);
    if (!active && current.name === OWNER) throw new AppError('OWNER_ROLE_LOCKED', ROLE_MESSAGES.ownerCannotBeDeactivated);
    if (active) await assertHeldBy(tx, actor, await rolePermissionNames(tx, id));
    await tx
      .update(roles)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(roles.id, id));
  });
  return getRole(db, id);
}
