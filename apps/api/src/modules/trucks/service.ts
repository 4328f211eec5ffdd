import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { TRUCK_MESSAGES, type TruckRow, type truckListQuery, type truckUpdate } from '@milepost/contracts/trucks-api';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/access';
import { companies, drivers, trucks } from '../../db/schema/reference';
import { AppError, conflictOnDuplicate } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';
import { setActiveAtVersion } from '../../platform/status';
import { truckLinkColumns } from '../telematics';

/** The truck's active drivers and the user they are assigned to, read per row of the page. */
const driverNames = sql<string[]>`coalesce((
  select array_agg(d.first_name || ' ' || d.last_name order by d.id) from ${drivers} d where d.truck_id = ${trucks.id} and d.active
), '{}'::text[])`;
const assignUserName = sql<string | null>`(
  select u.first_name || ' ' || u.last_name from ${drivers} d join ${users} u on u.id = d.assigned_user_id
  where d.truck_id = ${trucks.id} and d.active order by d.id limit 1
)`;

const rowColumns = {
  id: trucks.id,
  unitNumber: trucks.unitNumber,
  vinNumber: trucks.vinNumber,
  samsaraVin: trucks.samsaraVin,
  // The truck's ids at the providers, as the trucks API shows them in the spec's fields (kept by the telematics module).
  ...truckLinkColumns(trucks.id),
  licencePlate: trucks.licencePlate,
  homeLocation: trucks.homeLocation,
  homeLatitude: trucks.homeLatitude,
  homeLongitude: trucks.homeLongitude,
  companyId: trucks.companyId,
  companyName: companies.name,
  driverNames,
  assignUserName,
  active: trucks.active,
  updatedAt: trucks.updatedAt,
  version: trucks.version,
};
const toRow = ({ updatedAt, ...t }: { updatedAt: Date } & Omit<TruckRow, 'updated'>): TruckRow => ({ ...t, updated: updatedAt.toISOString() });

export async function listTrucks(db: Db, q: z.output<typeof truckListQuery>): Promise<Paged<TruckRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.keyword) filters.push(ilike(trucks.unitNumber, likePattern(q.keyword)));
  if (q.active !== undefined) filters.push(eq(trucks.active, q.active));
  if (q.companyId !== undefined) filters.push(eq(trucks.companyId, q.companyId));
  if (q.driverId !== undefined) filters.push(sql`exists (select 1 from ${drivers} d where d.truck_id = ${trucks.id} and d.id = ${q.driverId})`);
  const where = and(...filters);
  const rows = db
    .select(rowColumns)
    .from(trucks)
    .leftJoin(companies, eq(companies.id, trucks.companyId))
    .where(where)
    .orderBy(
      ...orderBy(
        q.sort,
        {
          id: trucks.id,
          unitNumber: trucks.unitNumber,
          licencePlate: trucks.licencePlate,
          samsaraVin: trucks.samsaraVin,
          vinNumber: trucks.vinNumber,
          companyName: companies.name,
          active: trucks.active,
          homeLocation: trucks.homeLocation,
          updated: trucks.updatedAt,
        },
        trucks.id,
      ),
    )
    .limit(q.size)
    .offset(q.page * q.size)
    .then((list) => list.map(toRow));
  const total = db
    .select({ n: count() })
    .from(trucks)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

export async function getTruck(db: Db, id: number): Promise<TruckRow> {
  const [row] = await db.select(rowColumns).from(trucks).leftJoin(companies, eq(companies.id, trucks.companyId)).where(eq(trucks.id, id));
  if (!row) throw new AppError('NOT_FOUND', TRUCK_MESSAGES.notFound);
  return toRow(row);
}

/** Updates a truck; a stale `version` is refused with 409 and changes nothing. */
export async function updateTruck(db: Db, id: number, input: z.output<typeof truckUpdate>): Promise<TruckRow> {
  await conflictOnDuplicate(TRUCK_MESSAGES.duplicate, () =>
    db.transaction(async (tx) => {
      const [current] = await tx.select({ version: trucks.version }).from(trucks).where(eq(trucks.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', TRUCK_MESSAGES.notFound);
      if (input.version !== current.version) throw new AppError('STALE_VERSION', TRUCK_MESSAGES.stale);
      const { version: _v, ...fields } = input;
      await tx
        .update(trucks)
        .set({ ...fields, updatedAt: sql`now()`, version: sql`${trucks.version} + 1` })
        .where(eq(trucks.id, id));
    }),
  );
  return getTruck(db, id);
}

/** Activates or deactivates a truck at the version it was shown at; a stale one is refused with 409. */
export async function changeTruckStatus(db: Db, id: number, input: { active: boolean; version: number }): Promise<TruckRow> {
  await setActiveAtVersion(db, trucks, id, input, { notFound: TRUCK_MESSAGES.notFound, stale: TRUCK_MESSAGES.stale });
  return getTruck(db, id);
}
