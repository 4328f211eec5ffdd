import type { Db } from '../../db/client';
import { refreshTripReview } from '../mileage-review';
import type { RouteGeometry } from '@milepost/contracts/route-geometry';
import { writePlannedStateMiles } from '../state-miles';

/**
 * A trip's save changed it (docs/mileage-engine.md "From save and sync to every screen"): what
 * follows, in the save's transaction. With `route` (the stops were written, and the route figures
 * computed from them: route.ts), the planned state miles; always, the trip's Mileage Review row,
 * approved by `actorId` when the save set its payable miles. The telematics figures follow in the
 * trip-figures job the save queues (jobs.ts), which moves the same two after them (keep.ts).
 */
export async function tripChanged(tx: Db, tripId: number, change: { actorId: number; route?: RouteGeometry | null }): Promise<void> {
  if (change.route !== undefined) await writePlannedStateMiles(tx, tripId, change.route);
  await refreshTripReview(tx, tripId, { actorId: change.actorId });
}
