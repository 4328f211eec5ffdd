import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trucks } from '../../db/schema/reference';
import { truckProviderLinks, vehiclePositions } from '../../db/schema/telematics';
import { trips } from '../../db/schema/trips';
import type { HistoryPage, SampledPosition } from './provider';
import type { ProviderName } from './providers';

/**
 * The positions a sampled provider (GLE) reported at each poll (table `vehicle_positions`,
 * docs/integrations/gle.md "Positions"): appended per poll — never a rewrite of a track — and
 * read back as the GPS history of a trip's truck, exactly as a provider's history is read.
 */

/**
 * Appends one page's positions to the tracks of the company's trucks linked to their vehicles, in
 * one statement; a position already stored (same truck, same reported time) is left as it is.
 * Returns how many were new.
 */
export async function appendPositions(db: Db, companyId: number, provider: ProviderName, positions: readonly SampledPosition[]): Promise<number> {
  if (!positions.length) return 0;
  const links = await db
    .select({ truckId: truckProviderLinks.truckId, vehicleId: truckProviderLinks.externalId })
    .from(truckProviderLinks)
    .innerJoin(trucks, eq(trucks.id, truckProviderLinks.truckId))
    .where(
      and(eq(truckProviderLinks.provider, provider), eq(trucks.companyId, companyId), inArray(truckProviderLinks.externalId, [...new Set(positions.map((p) => p.vehicleId))])),
    );
  const truckOf = new Map(links.map((l) => [l.vehicleId, l.truckId]));
  const rows = positions.flatMap((p) => {
    const truckId = truckOf.get(p.vehicleId);
    return truckId === undefined ? [] : [{ truckId, provider, reportedAt: new Date(p.reportedTime), at: new Date(p.time), lat: p.lat, lng: p.lng }];
  });
  if (!rows.length) return 0;
  const added = await db.insert(vehiclePositions).values(rows).onConflictDoNothing().returning({ truckId: vehiclePositions.truckId });
  return added.length;
}

/** Positions read per page of a stored history. */
const READ_PAGE = 5_000;

/** A truck's stored positions in [from, to], oldest first, page by page: the history of a sampled provider. */
export async function* sampledHistory(db: Db, truckId: number, provider: ProviderName, from: Date, to: Date): AsyncIterable<HistoryPage> {
  let after: Date | null = null;
  for (;;) {
    const rows = await db
      .select({ at: vehiclePositions.at, lat: vehiclePositions.lat, lng: vehiclePositions.lng })
      .from(vehiclePositions)
      .where(
        and(
          eq(vehiclePositions.truckId, truckId),
          eq(vehiclePositions.provider, provider),
          after ? gt(vehiclePositions.at, after) : gte(vehiclePositions.at, from),
          lte(vehiclePositions.at, to),
        ),
      )
      .orderBy(asc(vehiclePositions.at))
      .limit(READ_PAGE);
    yield { breadcrumbs: rows.map((r) => ({ time: r.at.getTime(), lat: r.lat, lng: r.lng, speedMph: null })), odometers: [], odometerKind: null };
    if (rows.length < READ_PAGE) return;
    after = rows[rows.length - 1]!.at;
  }
}

/** Positions deleted per statement by the retention job, so one run never holds a long lock. */
const PRUNE_BATCH = 10_000;

/**
 * Drops positions older than `retentionDays` that lie outside every trip window of their truck
 * (start or pickup to end, or to now while in transit): what is inside a trip stays with it.
 * Returns how many were deleted.
 */
export async function prunePositions(db: Db, retentionDays: number, signal?: AbortSignal): Promise<number> {
  const p = vehiclePositions;
  const t = trips;
  let total = 0;
  for (;;) {
    const res = (await db.execute(sql`
      delete from ${p} where (${p.truckId}, ${p.provider}, ${p.reportedAt}) in (
        select ${p.truckId}, ${p.provider}, ${p.reportedAt} from ${p}
        where ${p.at} < now() - make_interval(days => ${retentionDays})
          and not exists (
            select 1 from ${t} where ${t.truckId} = ${p.truckId}
              and ${p.at} >= coalesce(${t.startDateTime}, ${t.pickupDateTime})
              and (${p.at} <= ${t.endDateTime} or (${t.endDateTime} is null and ${t.tripStatus} = 'IN_TRANSIT')))
        limit ${PRUNE_BATCH})
      returning 1`)) as unknown as { rows: unknown[] };
    const n = res.rows.length;
    total += n;
    if (n < PRUNE_BATCH || signal?.aborted) return total;
  }
}
