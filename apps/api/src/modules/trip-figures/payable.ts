import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { payableFrom } from '@milepost/contracts/mile-stats-api';
import { TRIP_MESSAGES, takenFromNote, type TripDetail, type payableMileageForm } from '@milepost/contracts/trips-api';
import { metresToEnteredMiles, milesToMetres } from '@milepost/geo/units';
import type { Db } from '../../db/client';
import { tripHistory, trips } from '../../db/schema/trips';
import { AppError } from '../../platform/errors';
import { tripChanged } from './changed';
import type { TripReads } from './mile-stats';

/**
 * `PUT /mile-stats/payable-mileage`: the Mileage Report's manual figures (docs/mileage-engine.md).
 * They are the trip's own columns, so the save bumps its version and writes its history; what
 * follows (the review row) moves with it, in the same transaction.
 */

const toEnteredMiles = (m: number | null) => (m === null ? null : metresToEnteredMiles(m));
const toMetres = (mi: number | null) => (mi === null ? null : milesToMetres(mi));
/** History rows list in the order their changes were made (trips/service.ts `changedNow`). */
const changedNow = sql<Date>`clock_timestamp()`;

/** Saves the manual mileage figures; payable is loaded + empty when both are numbers. */
export async function savePayableMileage(db: Db, reads: Pick<TripReads, 'getTrip'>, actorId: number, input: z.output<typeof payableMileageForm>): Promise<TripDetail> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ empty: trips.emptyM, loaded: trips.loadedM, payable: trips.payableM, version: trips.version })
      .from(trips)
      .where(eq(trips.id, input.tripId))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', TRIP_MESSAGES.notFound);
    if (row.version !== input.version) throw new AppError('STALE_VERSION', TRIP_MESSAGES.stale);
    const payableMileage = payableFrom(input.emptyMiles, input.loadedMiles);
    await tx
      .update(trips)
      .set({
        emptyM: toMetres(input.emptyMiles),
        loadedM: toMetres(input.loadedMiles),
        payableM: toMetres(payableMileage),
        updatedBy: actorId,
        updatedAt: sql`now()`,
        version: sql`${trips.version} + 1`,
      })
      .where(eq(trips.id, input.tripId));
    const changes = [
      ['EMPTY_MILES', toEnteredMiles(row.empty), input.emptyMiles],
      ['LOADED_MILES', toEnteredMiles(row.loaded), input.loadedMiles],
      ['PAYABLE_MILEAGE', toEnteredMiles(row.payable), payableMileage],
    ] as const;
    // Figures taken from one source name it on the payable row, which is then written even when unchanged.
    const note = input.source ? ` (${takenFromNote(input.source)})` : '';
    const rows = changes
      .filter(([columnName, a, b]) => a !== b || (note && columnName === 'PAYABLE_MILEAGE'))
      .map(([columnName, a, b]) => ({
        tripId: input.tripId,
        columnName,
        oldValue: a === null ? null : String(a),
        newValue: b === null ? null : columnName === 'PAYABLE_MILEAGE' ? `${b}${note}` : String(b),
        changedBy: actorId,
      }));
    if (rows.length) await tx.insert(tripHistory).values(rows.map((r) => ({ ...r, createdAt: changedNow })));
    // A manual save moves the trip to Approved in the Mileage Review (or back, when payable is cleared).
    await tripChanged(tx, input.tripId, { actorId });
  });
  return reads.getTrip(db, input.tripId);
}
