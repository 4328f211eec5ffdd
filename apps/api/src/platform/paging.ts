import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Paged } from '@milepost/contracts/api';

export interface PageRequest {
  page: number;
  size: number;
}

/**
 * Turns validated `sort` keys into ORDER BY terms over the allowed columns, and always ends
 * with the tiebreaker (the primary key) so pages are stable.
 */
export function orderBy<F extends string>(
  sorts: readonly { field: F; direction: 'asc' | 'desc' }[],
  columns: Record<F, AnyColumn | SQL>,
  tiebreaker: AnyColumn,
  fallback: SQL[] = [],
): SQL[] {
  const terms = sorts.map((s) => (s.direction === 'desc' ? desc(columns[s.field]) : asc(columns[s.field])));
  // The tiebreaker follows the last key's direction, so an index on (column, id) serves
  // both directions of a sort (scanned forwards or backwards).
  const last = sorts.at(-1)?.direction ?? 'asc';
  return [...(terms.length ? terms : fallback), last === 'desc' ? desc(tiebreaker) : asc(tiebreaker)];
}

/** Runs the page query and the count together and builds the paged answer. */
export async function toPage<T>(req: PageRequest, rows: Promise<T[]>, total: Promise<number | { count: number; estimate: boolean }>): Promise<Paged<T>> {
  const [content, t] = await Promise.all([rows, total]);
  const { count: totalElements, estimate } = typeof t === 'number' ? { count: t, estimate: false } : t;
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / req.size),
    page: req.page,
    size: req.size,
    ...(estimate ? { totalIsEstimate: true } : {}),
  };
}

/** The planner's estimate of how many rows match: planning only, no row is read. */
export async function planEstimate(db: Db, from: SQL, where: SQL | undefined): Promise<number> {
  const filter = where ? sql` where ${where}` : sql``;
  const plan = (await db.execute(sql`explain (format json) select 1 from ${from}${filter}`)) as unknown as { rows: Record<string, unknown>[] };
  const json = Object.values(plan.rows[0] ?? {})[0];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0);
}

/** Escapes LIKE wildcards in a user's keyword so it matches literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
