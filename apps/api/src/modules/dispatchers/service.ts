import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { DISPATCHER_MESSAGES, type DispatcherRow, type dispatcherForm, type dispatcherListQuery } from '@milepost/contracts/dispatchers-api';
import type { Db } from '../../db/client';
import { dispatchers, teams } from '../../db/schema/reference';
import { AppError } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';
import { setActive } from '../../platform/status';

const rowColumns = {
  id: dispatchers.id,
  firstName: dispatchers.firstName,
  lastName: dispatchers.lastName,
  teamId: dispatchers.teamId,
  team: teams.name,
  active: dispatchers.active,
  createdAt: dispatchers.createdAt,
};
const toRow = ({ createdAt, ...d }: { createdAt: Date } & Omit<DispatcherRow, 'created'>): DispatcherRow => ({ ...d, created: createdAt.toISOString() });

export async function listDispatchers(db: Db, q: z.output<typeof dispatcherListQuery>): Promise<Paged<DispatcherRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) filters.push(sql`(${dispatchers.firstName} || ' ' || coalesce(${dispatchers.lastName}, '')) ilike ${likePattern(q.keyword)}`);
  if (q.active !== undefined) filters.push(eq(dispatchers.active, q.active));
  if (q.teamId !== undefined) filters.push(eq(dispatchers.teamId, q.teamId));
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(dispatchers)
    .leftJoin(teams, eq(teams.id, dispatchers.teamId))
    .where(where)
    .orderBy(
      ...orderBy(
        q.sort,
        { id: dispatchers.id, firstName: dispatchers.firstName, lastName: dispatchers.lastName, team: teams.name, active: dispatchers.active, created: dispatchers.createdAt },
        dispatchers.id,
      ),
    )
    .limit(q.size)
    .offset(q.page * q.size)
    .then((l) => l.map(toRow));
  const total = db
    .select({ n: count() })
    .from(dispatchers)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

export async function getDispatcher(db: Db, id: number): Promise<DispatcherRow> {
  const [row] = await db.select(rowColumns).from(dispatchers).leftJoin(teams, eq(teams.id, dispatchers.teamId)).where(eq(dispatchers.id, id));
  if (!row) throw new AppError('NOT_FOUND', DISPATCHER_MESSAGES.notFound);
  return toRow(row);
}

async function assertTeam(db: Db, teamId: number | null) {
  if (teamId === null) return;
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw new AppError('BAD_REQUEST', DISPATCHER_MESSAGES.teamNotFound, [{ path: 'body.teamId', message: DISPATCHER_MESSAGES.teamNotFound }]);
}

export async function createDispatcher(db: Db, input: z.output<typeof dispatcherForm>): Promise<DispatcherRow> {
  await assertTeam(db, input.teamId);
  const [row] = await db.insert(dispatchers).values(input).returning({ id: dispatchers.id });
  return getDispatcher(db, row!.id);
}

export async function updateDispatcher(db: Db, id: number, input: z.output<typeof dispatcherForm>): Promise<DispatcherRow> {
  await assertTeam(db, input.teamId);
  const rows = await db
    .update(dispatchers)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(dispatchers.id, id))
    .returning({ id: dispatchers.id });
  if (!rows.length) throw new AppError('NOT_FOUND', DISPATCHER_MESSAGES.notFound);
  return getDispatcher(db, id);
}

export async function changeDispatcherStatus(db: Db, id: number, active: boolean): Promise<DispatcherRow> {
  await setActive(db, dispatchers, id, active, DISPATCHER_MESSAGES.notFound);
  return getDispatcher(db, id);
}
