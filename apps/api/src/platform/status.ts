import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { AppError } from './errors';

type Activatable = PgTable & { id: PgColumn; active: PgColumn; updatedAt: PgColumn };

/** Activates or deactivates a record; 404 with `notFound` when it does not exist. */
export async function setActive(db: Db, table: Activatable, id: number, active: boolean, notFound: string): Promise<void> {
  const rows = await db
    .update(table)
    .set({ active, updatedAt: sql`now()` } as never)
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (!rows.length) throw new AppError('NOT_FOUND', notFound);
}
