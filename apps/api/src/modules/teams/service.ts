import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { TEAM_MESSAGES, type TeamRow, type teamForm, type teamListQuery } from '@milepost/contracts/dispatchers-api';
import type { Db } from '../../db/client';
import { teams } from '../../db/schema/reference';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';
import { setActive } from '../../platform/status';

const rowColumns = { id: teams.id, name: teams.name, active: teams.active, createdAt: teams.createdAt, updatedAt: teams.updatedAt };
const toRow = ({ createdAt, updatedAt, ...t }: { createdAt: Date; updatedAt: Date; id: number; name: string; active: boolean }): TeamRow => ({
  ...t,
  created: createdAt.toISOString(),
  updated: updatedAt.toISOString(),
});

export async function listTeams(db: Db, q: z.output<typeof teamListQuery>): Promise<Paged<TeamRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.id !== undefined) filters.push(eq(teams.id, q.id));
  if (q.keyword) filters.push(ilike(teams.name, likePattern(q.keyword)));
  if (q.active !== undefined) filters.push(eq(teams.active, q.active));
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(teams)
    .where(where)
    .orderBy(...orderBy(q.sort, { id: teams.id, name: teams.name, active: teams.active, created: teams.createdAt, updated: teams.updatedAt }, teams.id))
    .limit(q.size)
    .offset(q.page * q.size)
    .then((l) => l.map(toRow));
  const total = db
    .select({ n: count() })
    .from(teams)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

export async function getTeam(db: Db, id: number): Promise<TeamRow> {
  const [row] = await db.select(rowColumns).from(teams).where(eq(teams.id, id));
  if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.notFound);
  return toRow(row);
}

export async function createTeam(db: Db, input: z.output<typeof teamForm>): Promise<TeamRow> {
  const [row] = await conflictOnDuplicate(TEAM_MESSAGES.duplicate, () => db.insert(teams).values({ name: input.name }).returning(rowColumns));
  return toRow(row!);
}

export async function updateTeam(db: Db, id: number, input: z.output<typeof teamForm>): Promise<TeamRow> {
  const [row] = await conflictOnDuplicate(TEAM_MESSAGES.duplicate, () =>
    db
      .update(teams)
      .set({ name: input.name, updatedAt: sql`now()` })
      .where(eq(teams.id, id))
      .returning(rowColumns),
  );
  if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.notFound);
  return toRow(row);
}

export async function changeTeamStatus(db: Db, id: number, active: boolean): Promise<TeamRow> {
  await setActive(db, teams, id, active, TEAM_MESSAGES.notFound);
  return getTeam(db, id);
}
