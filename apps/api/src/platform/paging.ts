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

/**
 * Counts exactly up to `cap` matching rows; past that, answers the planner's estimate (marked
 * as such), since an exact count of hundreds of thousands of rows costs more than the page.
 */
export async function countUpTo(db: Db, from: SQL, where: SQL | undefined, cap: number): Promise<{ count: number; estimate: boolean }> {
  const filter = where ? sql` where ${where}` : sql``;
  const exact = (await db.execute(sql`select count(*)::int as n from (select 1 from ${from}${filter} limit ${cap + 1}) capped`)) as unknown as {
    rows: { n: number }[];
  };
  const n = Number(exact.rows[0]?.n ?? 0);
  if (n <= cap) return { count: n, estimate: false };
  const plan = (await db.execute(sql`explain (format json) select 1 from ${from}${filter}`)) as unknown as { rows: Record<string, unknown>[] };
  const json = Object.values(plan.rows[0] ?? {})[0];
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[];
  return { count: Math.max(cap + 1, Math.round(parsed[0]?.Plan['Plan Rows'] ?? 0)), estimate: true };
}

/** Escapes LIKE wildcards in a user's keyword so it matches literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
