import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Paged } from '@milepost/contracts/api';
import type { PermissionRow, permissionListQuery } from '@milepost/contracts/permissions-api';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { permissions } from '../../db/schema/access';
import { orderBy, toPage } from '../../platform/paging';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listPermissions(db: Db, q: z.output<typeof permissionListQuery>): Promise<Paged<PermissionRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    filters.push(or(ilike(permissions.name, like), ilike(permissions.description, like)));
  }
  const enabled = q.enabled ?? q.active;
  if (enabled !== undefined) filters.push(eq(permissions.enabled, enabled));
  const where = and(...filters);
  const rows = db
    .select({
      id: permissions.id,
      name: permissions.name,
      description: permissions.description,
      enabled: permissions.enabled,
      createdAt: permissions.createdAt,
    })
    .from(permissions)
    .where(where)
    .orderBy(
      ...orderBy(
        q.sort,
        { id: permissions.id, name: permissions.name, description: permissions.description, enabled: permissions.enabled, createdAt: permissions.createdAt },
        permissions.id,
      ),
    )
    .limit(q.size)
    .offset(q.page * q.size)
    .then((list) => list.map(({ createdAt, ...p }) => ({ ...p, created: createdAt.toISOString() })));
  const total = db
    .select({ n: count() })
    .from(permissions)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}
