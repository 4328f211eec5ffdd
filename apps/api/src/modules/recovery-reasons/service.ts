import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { RECOVERY_REASON_MESSAGES, type RecoveryReasonRow, type recoveryReasonForm, type recoveryReasonListQuery } from '@milepost/contracts/recovery-reasons-api';
import type { Db } from '../../db/client';
import { recoveryReasons } from '../../db/schema/reference';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';
import { setActive } from '../../platform/status';

const rowColumns = { id: recoveryReasons.id, name: recoveryReasons.name, active: recoveryReasons.active, createdAt: recoveryReasons.createdAt };
const toRow = ({ createdAt, ...r }: { createdAt: Date; id: number; name: string; active: boolean }): RecoveryReasonRow => ({ ...r, created: createdAt.toISOString() });

export async function listRecoveryReasons(db: Db, q: z.output<typeof recoveryReasonListQuery>): Promise<Paged<RecoveryReasonRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) filters.push(ilike(recoveryReasons.name, likePattern(q.keyword)));
  if (q.active !== undefined) filters.push(eq(recoveryReasons.active, q.active));
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(recoveryReasons)
    .where(where)
    .orderBy(...orderBy(q.sort, { id: recoveryReasons.id, name: recoveryReasons.name, active: recoveryReasons.active, created: recoveryReasons.createdAt }, recoveryReasons.id))
    .limit(q.size)
    .offset(q.page * q.size)
    .then((l) => l.map(toRow));
  const total = db
    .select({ n: count() })
    .from(recoveryReasons)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

async function getRecoveryReason(db: Db, id: number): Promise<RecoveryReasonRow> {
  const [row] = await db.select(rowColumns).from(recoveryReasons).where(eq(recoveryReasons.id, id));
  if (!row) throw new AppError('NOT_FOUND', RECOVERY_REASON_MESSAGES.notFound);
  return toRow(row);
}

export async function createRecoveryReason(db: Db, input: z.output<typeof recoveryReasonForm>): Promise<RecoveryReasonRow> {
  const [row] = await conflictOnDuplicate(RECOVERY_REASON_MESSAGES.duplicate, () => db.insert(recoveryReasons).values({ name: input.name }).returning(rowColumns));
  return toRow(row!);
}

export async function updateRecoveryReason(db: Db, id: number, name: string): Promise<RecoveryReasonRow> {
  const [row] = await conflictOnDuplicate(RECOVERY_REASON_MESSAGES.duplicate, () =>
    db
      .update(recoveryReasons)
      .set({ name, updatedAt: sql`now()` })
      .where(and(eq(recoveryReasons.id, id)))
      .returning(rowColumns),
  );
  if (!row) throw new AppError('NOT_FOUND', RECOVERY_REASON_MESSAGES.notFound);
  return toRow(row);
}

export async function changeRecoveryReasonStatus(db: Db, id: number, active: boolean): Promise<RecoveryReasonRow> {
  await setActive(db, recoveryReasons, id, active, RECOVERY_REASON_MESSAGES.notFound);
  return getRecoveryReason(db, id);
}
