import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { SHOP_MESSAGES, type ShopRow, type shopForm, type shopListQuery } from '@milepost/contracts/shops-api';
import type { Db } from '../../db/client';
import { shops } from '../../db/schema/reference';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';
import { setActive } from '../../platform/status';

const rowColumns = {
  id: shops.id,
  name: shops.name,
  location: shops.location,
  latitude: shops.latitude,
  longitude: shops.longitude,
  active: shops.active,
  createdAt: shops.createdAt,
};
const toRow = ({ createdAt, ...s }: { createdAt: Date } & Omit<ShopRow, 'created'>): ShopRow => ({ ...s, created: createdAt.toISOString() });

export async function listShops(db: Db, q: z.output<typeof shopListQuery>): Promise<Paged<ShopRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) filters.push(or(ilike(shops.name, likePattern(q.keyword)), ilike(shops.location, likePattern(q.keyword))));
  if (q.active !== undefined) filters.push(eq(shops.active, q.active));
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(shops)
    .where(where)
    .orderBy(...orderBy(q.sort, { id: shops.id, name: shops.name, location: shops.location, active: shops.active, created: shops.createdAt }, shops.id))
    .limit(q.size)
    .offset(q.page * q.size)
    .then((l) => l.map(toRow));
  const total = db
    .select({ n: count() })
    .from(shops)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

export async function getShop(db: Db, id: number): Promise<ShopRow> {
  const [row] = await db.select(rowColumns).from(shops).where(eq(shops.id, id));
  if (!row) throw new AppError('NOT_FOUND', SHOP_MESSAGES.notFound);
  return toRow(row);
}

export async function createShop(db: Db, input: z.output<typeof shopForm>): Promise<ShopRow> {
  const [row] = await conflictOnDuplicate(SHOP_MESSAGES.duplicate, () => db.insert(shops).values(input).returning(rowColumns));
  return toRow(row!);
}

export async function updateShop(db: Db, id: number, input: z.output<typeof shopForm>): Promise<ShopRow> {
  const [row] = await conflictOnDuplicate(SHOP_MESSAGES.duplicate, () =>
    db
      .update(shops)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(shops.id, id))
      .returning(rowColumns),
  );
  if (!row) throw new AppError('NOT_FOUND', SHOP_MESSAGES.notFound);
  return toRow(row);
}

export async function changeShopStatus(db: Db, id: number, active: boolean): Promise<ShopRow> {
  await setActive(db, shops, id, active, SHOP_MESSAGES.notFound);
  return getShop(db, id);
}
