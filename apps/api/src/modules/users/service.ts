import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { USER_MESSAGES, type UserRow, type userForm, type userListQuery } from '@milepost/contracts/users-api';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema/access';
import type { Mailer } from '../../integrations/mail/mailer';
import { ACCESS_RULE_MESSAGES } from '@milepost/contracts/messages';
import type { Principal } from '../../platform/access';
import { accessChange, assertHeldBy, rolePermissionNames } from '../../platform/access-rules';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { orderBy, toPage } from '../../platform/paging';
import { matchesKeyword } from '../../platform/search';
import { passwordLinkEmail, revokeUserSessions, type AuthDeps } from '../auth';

export interface UsersDeps {
  db: Db;
  mailer: Mailer;
  auth: Pick<AuthDeps, 'resetTokenTtlMinutes' | 'publicUrl'>;
}

type UserInput = z.output<typeof userForm>;

const OWNER = 'OWNER';

const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: roles.name,
  roleId: users.roleId,
  active: users.active,
  passwordSet: sql<boolean>`${users.passwordHash} is not null`,
  createdAt: users.createdAt,
  version: users.version,
};

const toRow = ({ createdAt, ...u }: { createdAt: Date } & Omit<UserRow, 'created'>): UserRow => ({ ...u, created: createdAt.toISOString() });

export async function listUsers(db: Db, q: z.output<typeof userListQuery>): Promise<Paged<UserRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) filters.push(matchesKeyword(users.searchVector, q.keyword));
  if (q.active !== undefined) filters.push(eq(users.active, q.active));
  if (q.roleId !== undefined) filters.push(eq(users.roleId, q.roleId));
  const where = and(...filters);
  if (q.sort.length === 1 && q.sort[0]!.field === 'role') return listUsersByRole(db, q, where, q.sort[0]!.direction);
  const rows = db
    .select(rowColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(
      ...orderBy(
        q.sort,
        {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          role: roles.name,
          active: users.active,
          created: users.createdAt,
        },
        users.id,
      ),
    )
    .limit(q.size)
    .offset(q.page * q.size)
    .then((list) => list.map(toRow));
  const total = db
    .select({ n: count() })
    .from(users)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

/**
 * Sorting by role name cannot walk an index of users, so it goes group by group: one grouped
 * count of the matching users per role (which is also the total), then only the groups the
 * page falls in, each read in id order through the (role_id, id) index. A handful of roles
 * makes this a few index reads instead of sorting every user.
 */
async function listUsersByRole(db: Db, q: z.output<typeof userListQuery>, where: SQL | undefined, direction: 'asc' | 'desc'): Promise<Paged<UserRow>> {
  const byName = direction === 'desc' ? sql`${roles.name} desc nulls first` : sql`${roles.name} asc nulls last`;
  const groups = await db
    .select({ roleId: users.roleId, n: count() })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .groupBy(users.roleId, roles.name)
    .orderBy(byName);
  let skip = q.page * q.size;
  let need = q.size;
  const parts: Promise<UserRow[]>[] = [];
  for (const g of groups) {
    if (need === 0) break;
    if (skip >= g.n) {
      skip -= g.n;
      continue;
    }
    const take = Math.min(need, g.n - skip);
    parts.push(
      db
        .select(rowColumns)
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(and(where, g.roleId === null ? isNull(users.roleId) : eq(users.roleId, g.roleId)))
        .orderBy(direction === 'desc' ? desc(users.id) : asc(users.id))
        .limit(take)
        .offset(skip)
        .then((list) => list.map(toRow)),
    );
    need -= take;
    skip = 0;
  }
  const totalElements = groups.reduce((sum, g) => sum + g.n, 0);
  return toPage(
    q,
    Promise.all(parts).then((p) => p.flat()),
    Promise.resolve(totalElements),
  );
}

export async function getUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select(rowColumns).from(users).leftJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
  return toRow(row);
}

async function activeRole(db: Db, roleId: number) {
  const [role] = await db.select({ id: roles.id, name: roles.name, active: roles.active }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw new AppError('BAD_REQUEST', USER_MESSAGES.roleNotFound, [{ path: 'body.roleId', message: USER_MESSAGES.roleNotFound }]);
  return role;
}

/**
 * Fails when `userId` is an active OWNER and no other active OWNER would remain. Runs inside
 * `accessChange`, whose lock serialises such checks (so two owners demoted at the same
 * moment cannot both pass, nor deadlock).
 */
async function assertAnotherActiveOwner(tx: Db, userId: number) {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.active, true), eq(roles.name, OWNER), eq(roles.active, true)));
  if (owners.some((o) => o.id === userId) && owners.length <= 1) throw new AppError('LAST_OWNER', USER_MESSAGES.lastOwner);
}

/** Who acts: their user id and enabled permissions. */
export type Actor = Pick<Principal, 'userId' | 'permissions'>;

/** Creates the account without a password and emails an invitation to set one; the actor must hold every permission of the role. */
export async function createUser(deps: UsersDeps, actor: Actor, input: UserInput): Promise<UserRow> {
  const { id, mail } = await conflictOnDuplicate(USER_MESSAGES.duplicateEmail, () =>
    deps.db.transaction(async (tx) => {
      const role = await activeRole(tx, input.roleId);
      if (!role.active) throw new AppError('BAD_REQUEST', USER_MESSAGES.roleInactive);
      await assertHeldBy(tx, actor, await rolePermissionNames(tx, role.id));
      const [u] = await tx
        .insert(users)
        .values({ firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone, roleId: input.roleId })
        .returning({ id: users.id, email: users.email, firstName: users.firstName });
      return { id: u!.id, mail: await passwordLinkEmail(tx, deps.auth, u!, 'invite') };
    }),
  );
  deps.mailer.send(mail);
  return getUser(deps.db, id);
}

/**
 * Updates a user. Nobody changes their own role; the actor must hold every permission of the
 * user's role (their email leads to their account) and of the role given to them.
 */
export async function updateUser(deps: UsersDeps, actor: Actor, id: number, input: UserInput & { version: number }): Promise<UserRow> {
  await conflictOnDuplicate(USER_MESSAGES.duplicateEmail, () =>
    accessChange(deps.db, async (tx) => {
      const [current] = await tx.select({ roleId: users.roleId, version: users.version, email: users.email }).from(users).where(eq(users.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
      if (input.version !== current.version) throw new AppError('STALE_VERSION', USER_MESSAGES.staleVersion);
      if (id !== actor.userId) await assertHeldBy(tx, actor, await rolePermissionNames(tx, current.roleId), ACCESS_RULE_MESSAGES.editStrongerUser);
      if (input.roleId !== current.roleId) {
        if (id === actor.userId) throw new AppError('SELF_ROLE_CHANGE', ACCESS_RULE_MESSAGES.selfRoleChange);
        const role = await activeRole(tx, input.roleId);
        if (!role.active) throw new AppError('BAD_REQUEST', USER_MESSAGES.roleInactive);
        await assertHeldBy(tx, actor, await rolePermissionNames(tx, role.id));
        if (role.name !== OWNER) await assertAnotherActiveOwner(tx, id);
      }
      await tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          roleId: input.roleId,
          updatedAt: sql`now()`,
          version: sql`${users.version} + 1`,
        })
        .where(eq(users.id, id));
    }),
  );
  return getUser(deps.db, id);
}

/**
 * Activates or deactivates a user; deactivation ends every sign-in of theirs at once. The
 * actor must hold every permission of the user's role.
 */
export async function changeUserStatus(db: Db, actor: Actor, id: number, { active, version }: { active: boolean; version: number }): Promise<UserRow> {
  if (!active && actor.userId === id) throw new AppError('SELF_DEACTIVATION', USER_MESSAGES.cannotDeactivateSelf);
  await accessChange(db, async (tx) => {
    const [current] = await tx.select({ active: users.active, roleId: users.roleId, version: users.version }).from(users).where(eq(users.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    if (version !== current.version) throw new AppError('STALE_VERSION', USER_MESSAGES.staleVersion);
    if (current.active === active) return;
    await assertHeldBy(tx, actor, await rolePermissionNames(tx, current.roleId), ACCESS_RULE_MESSAGES.editStrongerUser);
    if (!active) {
      await assertAnotherActiveOwner(tx, id);
      await revokeUserSessions(tx, id, 'deactivated');
    }
    await tx
      .update(users)
      .set({ active, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, id));
  });
  return getUser(db, id);
}

/** Sends a fresh invitation to a user who has not set a password yet. */
export async function resendInvitation(deps: UsersDeps, id: number): Promise<void> {
  const mail = await deps.db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, active: users.active, passwordSet: sql<boolean>`${users.passwordHash} is not null` })
      .from(users)
      .where(eq(users.id, id));
    if (!u) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    if (u.passwordSet) throw new AppError('PASSWORD_ALREADY_SET', USER_MESSAGES.alreadyHasPassword);
    if (!u.active) throw new AppError('USER_INACTIVE', 'This user is inactive. Activate the user first.');
    return passwordLinkEmail(tx, deps.auth, u, 'invite');
  });
  deps.mailer.send(mail);
}
