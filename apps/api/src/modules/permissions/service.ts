import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@milepost/contracts/api';
import { PERMISSION_MESSAGES, type PermissionRow, type permissionForm, type permissionListQuery } from '@milepost/contracts/permissions-api';
import { ACCESS_MANAGEMENT_PERMISSIONS } from '@milepost/contracts/permissions';
import { ACCESS_RULE_MESSAGES } from '@milepost/contracts/messages';
import { accessChange, assertHeldBy, type Actor } from '../../platform/access-rules';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { permissions, rolePermissions, roles } from '../../db/schema/access';
import { likePattern, orderBy, toPage } from '../../platform/paging';

export async function listPermissions(db: Db, q: z.output<typeof permissionListQuery>): Promise<Paged<PermissionRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) {
    const like = likePattern(q.keyword);
    filters.push(or(ilike(permissions.name, like), ilike(permissions.description, like)));
  }
  const enabled = q.enabled ?? q.active;
  if (enabled !== undefined) filters.push(eq(permissions.enabled, enabled));
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(permissions)
    .where(where)
    .orderBy(
      ...orderBy(
        q.sort,
        { id: permissions.id, name: permissions.name, description: permissions.description, enabled: permissions.enabled, created: permissions.createdAt },
        permissions.id,
      ),
    )
    .limit(q.size)
    .offset(q.page * q.size)
    .then((list) => list.map(toRow));
  const total = db
    .select({ n: count() })
    .from(permissions)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

const toRow = ({ createdAt, ...p }: { createdAt: Date } & Omit<PermissionRow, 'created'>): PermissionRow => ({ ...p, created: createdAt.toISOString() });
const rowColumns = { id: permissions.id, name: permissions.name, description: permissions.description, enabled: permissions.enabled, createdAt: permissions.createdAt };

export async function getPermission(db: Db, id: number): Promise<PermissionRow> {
  const [row] = await db.select(rowColumns).from(permissions).where(eq(permissions.id, id));
  if (!row) throw new AppError('NOT_FOUND', PERMISSION_MESSAGES.notFound);
  return toRow(row);
}

/**
 * Creates a permission and grants it to OWNER, who holds every permission; others get it
 * from someone who holds it (nobody grants what they do not hold).
 */
export async function createPermission(db: Db, input: z.output<typeof permissionForm>): Promise<PermissionRow> {
  const row = await conflictOnDuplicate(PERMISSION_MESSAGES.duplicateName, () =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(permissions).values({ name: input.name, description: input.description, enabled: input.enabled }).returning(rowColumns);
      await tx.execute(sql`insert into ${rolePermissions} (role_id, permission_id) select id, ${created!.id} from ${roles} where upper(name) = 'OWNER' on conflict do nothing`);
      return created!;
    }),
  );
  return toRow(row);
}

/** Updates description and enabled; the name is fixed once created. */
export async function updatePermission(db: Db, actor: Actor, id: number, input: z.output<typeof permissionForm>): Promise<PermissionRow> {
  const current = await getPermission(db, id);
  if (input.name !== current.name) {
    throw new AppError('BAD_REQUEST', PERMISSION_MESSAGES.nameImmutable, [{ path: 'body.name', message: PERMISSION_MESSAGES.nameImmutable }]);
  }
  return setEnabled(db, actor, id, input.enabled, { description: input.description });
}

/** The permissions that manage access stay enabled, so someone can always manage access. */
function assertMayDisable(name: string) {
  if ((ACCESS_MANAGEMENT_PERMISSIONS as string[]).includes(name)) throw new AppError('ACCESS_PERMISSION_LOCKED', ACCESS_RULE_MESSAGES.permissionLocked);
}

export async function changePermissionStatus(db: Db, actor: Actor, id: number, enabled: boolean): Promise<PermissionRow> {
  return setEnabled(db, actor, id, enabled);
}

/**
 * Enabling a disabled permission hands it back to every role that has it, so only someone
 * whose own role has it may do so (nobody grants what they do not hold); the roles that get it
 * back are those that had it, since nobody else can add a disabled permission to a role
 * (docs/decisions/008-access-rules.md).
 */
async function setEnabled(db: Db, actor: Actor, id: number, enabled: boolean, fields: { description?: string | null } = {}): Promise<PermissionRow> {
  const row = await accessChange(db, async (tx) => {
    const [current] = await tx.select({ name: permissions.name, enabled: permissions.enabled }).from(permissions).where(eq(permissions.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', PERMISSION_MESSAGES.notFound);
    if (!enabled) assertMayDisable(current.name);
    if (enabled && !current.enabled) await assertHeldBy(tx, actor, [current.name]);
    const [updated] = await tx
      .update(permissions)
      .set({ ...fields, enabled, updatedAt: sql`now()` })
      .where(eq(permissions.id, id))
      .returning(rowColumns);
    return updated!;
  });
  return toRow(row);
}
