import { and, eq, sql } from 'drizzle-orm';
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

type VersionedActivatable = Activatable & { version: PgColumn };

/**
 * Activates or deactivates a versioned record (trucks, companies) at the version it was shown at,
 * bumping it: 404 with `notFound` when missing, 409 STALE_VERSION with `stale` when it changed since.
 */
export async function setActiveAtVersion(
  db: Db,
  table: VersionedActivatable,
  id: number,
  input: { active: boolean; version: number },
  messages: { notFound: string; stale: string },
): Promise<void> {
  const rows = await db
    .update(table)
    .set({ active: input.active, updatedAt: sql`now()`, version: sql`${table.version} + 1` } as never)
    .where(and(eq(table.id, id), eq(table.version, input.version)))
    .returning({ id: table.id });
  if (rows.length) return;
  const [exists] = await db
    .select({ id: table.id })
    .from(table as never)
    .where(eq(table.id, id));
  throw exists ? new AppError('STALE_VERSION', messages.stale) : new AppError('NOT_FOUND', messages.notFound);
}
