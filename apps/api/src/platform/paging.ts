import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
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
export async function toPage<T>(req: PageRequest, rows: Promise<T[]>, total: Promise<number>): Promise<Paged<T>> {
  const [content, totalElements] = await Promise.all([rows, total]);
  return { content, totalElements, totalPages: Math.ceil(totalElements / req.size), page: req.page, size: req.size };
}

/** Escapes LIKE wildcards in a user's keyword so it matches literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
