import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@milepost/contracts/api';
import { PERMISSION_MESSAGES, type PermissionRow, type permissionForm, type permissionListQuery } from '@milepost/contracts/permissions-api';
import { ACCESS_MANAGEMENT_PERMISSIONS } from '@milepost/contracts/permissions';
import { ACCESS_RULE_MESSAGES } from '@milepost/contracts/messages';
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
      await tx.execute(
        sql`insert into ${rolePermissions} (role_id, permission_id) select id, ${created!.id} from ${roles} where upper(name) = 'OWNER' on conflict do nothing`,
      );
      return created!;
    }),
  );
  return toRow(row);
}

/** Updates description and enabled; the name is fixed once created. */
export async function updatePermission(db: Db, id: number, input: z.output<typeof permissionForm>): Promise<PermissionRow> {
  const current = await getPermission(db, id);
  if (input.name !== current.name) {
    throw new AppError('BAD_REQUEST', PERMISSION_MESSAGES.nameImmutable, [{ path: 'body.name', message: PERMISSION_MESSAGES.nameImmutable }]);
  }
  if (!input.enabled) assertMayDisable(current.name);
  const [row] = await db
    .update(permissions)
    .set({ description: input.description, enabled: input.enabled, updatedAt: sql`now()` })
    .where(eq(permissions.id, id))
    .returning(rowColumns);
  return toRow(row!);
}

/** The permissions that manage access stay enabled, so someone can always manage access. */
function assertMayDisable(name: string) {
  if ((ACCESS_MANAGEMENT_PERMISSIONS as string[]).includes(name)) throw new AppError('ACCESS_PERMISSION_LOCKED', ACCESS_RULE_MESSAGES.permissionLocked);
}

export async function changePermissionStatus(db: Db, id: number, enabled: boolean): Promise<PermissionRow> {
  if (!enabled) assertMayDisable((await getPermission(db, id)).name);
  const [row] = await db.update(permissions).set({ enabled, updatedAt: sql`now()` }).where(eq(permissions.id, id)).returning(rowColumns);
  if (!row) throw new AppError('NOT_FOUND', PERMISSION_MESSAGES.notFound);
  return toRow(row);
}
