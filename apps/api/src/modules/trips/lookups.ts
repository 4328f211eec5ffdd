import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DuplicateCheckRow, IdentifierType } from '@milepost/contracts/trips-api';
import type { Db } from '../../db/client';
import { drivers, trucks } from '../../db/schema/reference';
import { trips } from '../../db/schema/trips';
import { sameNumber, driverName } from './fields';

/* The number check and the lookups the trip form and the filters use. */

/** Trips using this number (any status), sorted by recovery index. */
export async function checkNumber(db: Db, number: string, type: IdentifierType, excludeId?: number): Promise<DuplicateCheckRow[]> {
  const rows = await db
    .select({
      id: trips.id,
      truckId: trips.truckId,
      unitNumber: trucks.unitNumber,
      identifierType: trips.identifierType,
      loadNumber: trips.loadNumber,
      trailerNumber: trips.trailerNumber,
      driverName,
      tripStatus: trips.tripStatus,
      recoveryLoadIndex: trips.recoveryLoadIndex,
    })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .innerJoin(drivers, eq(drivers.id, trips.driverId))
    .where(and(sameNumber(type, number), excludeId ? ne(trips.id, excludeId) : undefined))
    .orderBy(asc(trips.recoveryLoadIndex), asc(trips.id));
  return rows.map((r) => ({ ...r, identifierType: r.identifierType as IdentifierType }));
}

/**
 * Load or trailer numbers containing the keyword anywhere ("7842" finds LD-784210), for the
 * pickers: numbers starting with the keyword first, then those holding it further in, each in
 * number order. Plans (docs/trips-query-plans.md): the starting ones walk the text_pattern_ops
 * index in order and stop after a page; the others come from the pg_trgm index (keywords of 3
 * characters or more; shorter ones are common enough to find by walking the index in order).
 * The picker only needs to know whether another page exists, so nothing is counted: one number
 * past the page is read, and `totalElements` is exact up to the page and "at least one more" beyond.
 */
export async function identifierNumbers(db: Db, q: { keyword?: string | undefined; type: IdentifierType; page: number; size: number }) {
  const value = sql`lower(${trips.identifierValue})`;
  const ofType = eq(trips.identifierType, q.type);
  const distinctPage = (where: SQL | undefined, key: SQL, limit: number, offset: number) =>
    db
      .selectDistinctOn([key], { identifierValue: sql<string>`${trips.identifierValue}` })
      .from(trips)
      .where(where)
      .orderBy(sql`${key} using ~<~`)
      .limit(limit)
      .offset(offset);
  // Distinct numbers in key order up to the cap: with the b-tree key the walk stops at the cap.
  const cappedCount = async (where: SQL | undefined, cap: number) =>
    cap <= 0
      ? 0
      : ((
          await db.select({ n: sql<number>`count(*)::int` }).from(
            db
              .selectDistinct({ v: value })
              .from(trips)
              .where(where)
              .orderBy(sql`${value} using ~<~`)
              .limit(cap)
              .as('d'),
          )
        )[0]?.n ?? 0);
  // One row past the page tells whether another page exists.
  const answer = (rows: { identifierValue: string }[], more: boolean) => ({
    content: rows,
    totalElements: offset + rows.length + (more ? 1 : 0),
    totalPages: more ? q.page + 2 : q.page + 1,
    page: q.page,
    size: q.size,
  });

  const offset = q.page * q.size;
  if (!q.keyword) {
    const rows = await distinctPage(ofType, value, q.size + 1, offset);
    return answer(rows.slice(0, q.size), rows.length > q.size);
  }
  const escaped = q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const starts = and(ofType, sql`${value} like ${`${escaped}%`}`);
  const inside = and(ofType, sql`${value} like ${`%${escaped}%`}`, sql`${value} not like ${`${escaped}%`}`);
  // Keyed by an expression no b-tree holds, so the planner takes the trigram index rather than
  // walking every number in order to find a few late ones.
  const insideKey = q.keyword.length >= 3 ? sql`(${value} || '')` : value;

  const first = await distinctPage(starts, value, q.size + 1, offset);
  if (first.length > q.size) return answer(first.slice(0, q.size), true);
  // Fewer than a page start with the keyword: the rest of the page holds it further in.
  const startsCount = first.length > 0 ? offset + first.length : await cappedCount(starts, offset);
  const wanted = q.size - first.length;
  const rest = await distinctPage(inside, insideKey, wanted + 1, Math.max(0, offset - startsCount));
  return answer([...first, ...rest.slice(0, wanted)], rest.length > wanted);
}

/** Trucks and drivers that ran this number, most recent first. */
export async function vehicleInfoByNumber(db: Db, number: string, type?: IdentifierType) {
  const match = type
    ? sameNumber(type, number)
    : and(inArray(trips.identifierType, ['LOAD_NUMBER', 'TRAILER_NUMBER']), eq(sql`lower(${trips.identifierValue})`, number.toLowerCase()));
  const rows = await db
    .select({ truckId: trucks.id, unitNumber: trucks.unitNumber, driverId: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .innerJoin(drivers, eq(drivers.id, trips.driverId))
    .where(match)
    .orderBy(desc(trips.pickupDateTime), desc(trips.id))
    .limit(100);
  const trucksSeen = new Map<number, { id: number; unitNumber: string }>();
  const driversSeen = new Map<number, { id: number; firstName: string; lastName: string }>();
  for (const r of rows) {
    if (!trucksSeen.has(r.truckId)) trucksSeen.set(r.truckId, { id: r.truckId, unitNumber: r.unitNumber });
    if (!driversSeen.has(r.driverId)) driversSeen.set(r.driverId, { id: r.driverId, firstName: r.firstName, lastName: r.lastName });
  }
  return { trucks: [...trucksSeen.values()], drivers: [...driversSeen.values()] };
}
