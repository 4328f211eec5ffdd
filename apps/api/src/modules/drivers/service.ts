import { and, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '@milepost/contracts/api';
import { DRIVER_MESSAGES, type DriverRow, type assignDriversForm, type driverListQuery } from '@milepost/contracts/drivers-api';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/access';
import { drivers, trucks } from '../../db/schema/reference';
import { AppError } from '../../platform/errors';
import { likePattern, orderBy, toPage } from '../../platform/paging';

export async function listDrivers(db: Db, q: z.output<typeof driverListQuery>): Promise<Paged<DriverRow>> {
  const filters: (SQL | undefined)[] = [];
  if (q.id !== undefined) filters.push(eq(drivers.id, q.id));
  if (q.keyword) filters.push(sql`(${drivers.firstName} || ' ' || ${drivers.lastName}) ilike ${likePattern(q.keyword)}`);
  if (q.active !== undefined) filters.push(eq(drivers.active, q.active));
  if (q.truckId !== undefined) filters.push(eq(drivers.truckId, q.truckId));
  if (q.assignedUserId !== undefined) filters.push(eq(drivers.assignedUserId, q.assignedUserId));
  const where = and(...filters);
  const rows = db
    .select({
      id: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      phone: drivers.phone,
      truckId: drivers.truckId,
      unitNumber: trucks.unitNumber,
      assignedUserId: drivers.assignedUserId,
      assignUserName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      active: drivers.active,
    })
    .from(drivers)
    .leftJoin(trucks, eq(trucks.id, drivers.truckId))
    .leftJoin(users, eq(users.id, drivers.assignedUserId))
    .where(where)
    .orderBy(...orderBy(q.sort, { id: drivers.id, firstName: drivers.firstName, lastName: drivers.lastName }, drivers.id, [sql`${drivers.firstName}`, sql`${drivers.lastName}`]))
    .limit(q.size)
    .offset(q.page * q.size);
  const total = db
    .select({ n: count() })
    .from(drivers)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
  return toPage(q, rows, total);
}

/**
 * Assigns drivers to a user (the dispatcher account that handles them). Drivers move from
 * whoever had them; when every one of them is already with this user, 409 'Already assigned.'.
 */
export async function assignDriversToUser(db: Db, input: z.output<typeof assignDriversForm>): Promise<{ assigned: number }> {
  const ids = [...new Set(input.driverIds)];
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.userId), eq(users.active, true)));
    if (!user) throw new AppError('BAD_REQUEST', DRIVER_MESSAGES.userNotFound, [{ path: 'body.userId', message: DRIVER_MESSAGES.userNotFound }]);
    const found = await tx.select({ id: drivers.id }).from(drivers).where(inArray(drivers.id, ids)).for('update');
    if (found.length !== ids.length) {
      throw new AppError('BAD_REQUEST', DRIVER_MESSAGES.unknownDrivers, [{ path: 'body.driverIds', message: DRIVER_MESSAGES.unknownDrivers }]);
    }
    const changed = await tx
      .update(drivers)
      .set({ assignedUserId: input.userId, updatedAt: sql`now()` })
      .where(and(inArray(drivers.id, ids), or(sql`${drivers.assignedUserId} is null`, ne(drivers.assignedUserId, input.userId))))
      .returning({ id: drivers.id });
    if (!changed.length) throw new AppError('ALREADY_ASSIGNED', DRIVER_MESSAGES.alreadyAssigned);
    return { assigned: changed.length };
  });
}
