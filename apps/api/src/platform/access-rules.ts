import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACCESS_MANAGEMENT_PERMISSIONS } from '@milepost/contracts/permissions';
import { ACCESS_RULE_MESSAGES } from '@milepost/contracts/messages';
import type { Db } from '../db/client';
import { permissions, rolePermissions, roles, users } from '../db/schema/access';
import type { Principal } from './access';
import { AppError } from './errors';

/**
 * The rules that keep access safe (docs/decisions/008-access-rules.md):
 * - nobody grants a permission they do not hold (a role one assigns or edits must be a subset
 *   of one's own permissions; a disabled one is held by those whose role has it);
 * - nobody changes their own role;
 * - no change leaves the product without an active user able to manage users, roles and
 *   permissions, and the permissions that do so cannot be disabled.
 */

/** Advisory lock id taken by every change to users' roles, roles, and permissions. */
const ACCESS_LOCK = 7_242_002;

/**
 * Serialises every change to who holds what: each such transaction takes this one lock first,
 * so their row locks are always taken in the same order and two changes cannot deadlock (or
 * both pass a "someone must remain" check that only one of them may pass).
 */
export async function lockAccessChanges(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCESS_LOCK})`);
}

/** How many active users, able to sign in, hold every access-management permission, enabled, through an active role. */
async function countAccessManagers(tx: Db): Promise<number> {
  const result = (await tx.execute(sql`
    select count(*)::int as n
    from ${users} u
    join roles r on r.id = u.role_id and r.active
    where u.active and u.password_hash is not null
      and (
        select count(*) from ${rolePermissions} rp join ${permissions} p on p.id = rp.permission_id
        where rp.role_id = r.id and p.enabled and p.name in (${sql.join(
          ACCESS_MANAGEMENT_PERMISSIONS.map((n) => sql`${n}`),
          sql`, `,
        )})
      ) = ${ACCESS_MANAGEMENT_PERMISSIONS.length}`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Runs one access change in a transaction under the access lock, and refuses it (LAST_OWNER)
 * when it takes the number of users able to manage access from some to none.
 */
export async function accessChange<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const before = await countAccessManagers(tx);
    const result = await fn(tx);
    if (before > 0 && (await countAccessManagers(tx)) === 0) throw new AppError('LAST_OWNER', ACCESS_RULE_MESSAGES.lockout);
    return result;
  });
}

/** The names of the permissions among these ids, enabled or not. */
export async function permissionNames(tx: Db, permissionIds: readonly number[]): Promise<string[]> {
  if (!permissionIds.length) return [];
  const rows = await tx
    .select({ name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.id, [...permissionIds]));
  return rows.map((r) => r.name);
}

/** The names of a role's permissions, enabled or not (whatever the role's own status). */
export async function rolePermissionNames(tx: Db, roleId: number | null): Promise<string[]> {
  if (roleId === null) return [];
  const rows = await tx
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((r) => r.name);
}

/** Who acts: their user id and the enabled permissions they hold now. */
export type Actor = Pick<Principal, 'userId' | 'permissions'>;

/**
 * Throws PERMISSION_ESCALATION unless the actor holds every one of `names`. A disabled
 * permission grants nothing today but comes back to every role that has it when it is enabled
 * again, so it counts as held only by an actor whose own active role has it
 * (docs/decisions/008-access-rules.md).
 */
export async function assertHeldBy(tx: Db, actor: Actor, names: readonly string[], message: string = ACCESS_RULE_MESSAGES.escalation): Promise<void> {
  const missing = [...new Set(names.filter((n) => !actor.permissions.has(n)))];
  if (!missing.length) return;
  const dormant = await tx
    .select({ name: permissions.name })
    .from(users)
    .innerJoin(roles, and(eq(roles.id, users.roleId), eq(roles.active, true)))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(and(eq(users.id, actor.userId), eq(users.active, true), eq(permissions.enabled, false), inArray(permissions.name, missing)));
  if (dormant.length < missing.length) throw new AppError('PERMISSION_ESCALATION', message);
}
