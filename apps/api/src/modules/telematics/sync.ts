import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { drivers, trucks } from '../../db/schema/reference';
import { integrationSyncStatus } from '../../db/schema/telematics';
import { trips } from '../../db/schema/trips';
import { describeError, ProviderError, type ProviderName, type TelematicsDriver, type TelematicsVehicle } from './provider';
import { providerFor, type TelematicsDeps } from './registry';
import { refreshTrack } from './tracks';
import { keepTripFigures } from './figures';

/**
 * One company's sync with one provider (docs/integrations/telematics.md#sync):
 * vehicles → trucks, drivers → drivers, then the tracks of its trips in transit. Each page is
 * written in its own transaction and the counts are updated as it goes, so a run that fails
 * part-way keeps what it did and the status says how far it got.
 */
export interface SyncResult {
  vehicles: number;
  drivers: number;
  tracks: number;
}

export type SyncState = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';

async function setStatus(db: Db, companyId: number, provider: ProviderName, patch: Partial<typeof integrationSyncStatus.$inferInsert> & { state: SyncState }) {
  await db
    .insert(integrationSyncStatus)
    .values({ companyId, provider, ...patch })
    .onConflictDoUpdate({ target: [integrationSyncStatus.companyId, integrationSyncStatus.provider], set: { ...patch, updatedAt: sql`now()` } });
}

export const markQueued = (db: Db, companyId: number, provider: ProviderName) =>
  db
    .insert(integrationSyncStatus)
    .values({ companyId, provider, state: 'QUEUED', queuedAt: new Date() })
    .onConflictDoUpdate({
      target: [integrationSyncStatus.companyId, integrationSyncStatus.provider],
      // A run in progress stays RUNNING; the queued one follows it.
      set: { state: sql`case when ${integrationSyncStatus.state} = 'RUNNING' then 'RUNNING' else 'QUEUED' end`, queuedAt: sql`now()`, updatedAt: sql`now()` },
    });

/**
 * Runs the sync. Throws a retryable error (5xx, timeouts, rate limits that outlasted the
 * client's patience) so the job queue tries again later with backoff; a refused token or a
 * switched-off provider ends the run as FAILED without retrying.
 */
export async function syncCompany(deps: TelematicsDeps, companyId: number, name: ProviderName): Promise<SyncResult | null> {
  const { db } = deps;
  const availability = await providerFor(deps, companyId, name);
  if (!availability.enabled) {
    await setStatus(db, companyId, name, { state: 'FAILED', startedAt: new Date(), finishedAt: new Date(), vehicles: 0, drivers: 0, error: availability.reason });
    return null;
  }
  const provider = availability.provider;
  const result: SyncResult = { vehicles: 0, drivers: 0, tracks: 0 };
  await setStatus(db, companyId, name, { state: 'RUNNING', startedAt: new Date(), finishedAt: null, vehicles: 0, drivers: 0, error: null });
  try {
    for await (const page of provider.vehicles()) {
      await upsertVehicles(db, companyId, name, page);
      result.vehicles += page.length;
      await setStatus(db, companyId, name, { state: 'RUNNING', vehicles: result.vehicles });
    }
    for await (const page of provider.drivers()) {
      await upsertDrivers(db, companyId, name, page);
      result.drivers += page.length;
      await setStatus(db, companyId, name, { state: 'RUNNING', drivers: result.drivers });
    }
    result.tracks = await refreshInTransitTracks(deps, companyId, name);
    await setStatus(db, companyId, name, { state: 'SUCCEEDED', finishedAt: new Date(), error: null });
    return result;
  } catch (e) {
    const retry = e instanceof ProviderError && e.retryable;
    await setStatus(db, companyId, name, {
      state: 'FAILED',
      finishedAt: new Date(),
      error: `${describeError(e)}${retry ? ' It will be tried again.' : ''}`,
    });
    if (retry || !(e instanceof ProviderError)) throw e;
    return null;
  }
}

/**
 * Vehicles → trucks. Samsara matches a truck of the company on Samsara VIN, then on the stored
 * vehicle id; GLE matches on the truck's VIN number (the "GLE VIN"). Trucks without a company
 * can be matched (and join the company). An unknown vehicle becomes a truck of the company
 * whose unit number is the vehicle's name.
 */
async function upsertVehicles(db: Db, companyId: number, name: ProviderName, vehicles: readonly TelematicsVehicle[]) {
  if (!vehicles.length) return;
  await db.transaction(async (tx) => {
    const vins = vehicles.map((v) => v.vin?.toLowerCase()).filter((v): v is string => Boolean(v));
    const ids = vehicles.map((v) => v.id);
    const vinColumn = name === 'SAMSARA' ? trucks.samsaraVin : trucks.vinNumber;
    const idColumn = name === 'SAMSARA' ? trucks.vehicleId : trucks.gleVehicleId;
    const candidates = await tx
      .select({ id: trucks.id, vin: vinColumn, vehicleId: idColumn, companyId: trucks.companyId })
      .from(trucks)
      .where(
        and(
          or(eq(trucks.companyId, companyId), isNull(trucks.companyId)),
          or(vins.length ? inArray(sql`lower(${vinColumn})`, vins) : undefined, inArray(idColumn, ids)),
        ),
      );
    const byVin = new Map(candidates.map((c) => [c.vin.toLowerCase(), c]));
    const byId = new Map(candidates.filter((c) => c.vehicleId).map((c) => [c.vehicleId!, c]));
    for (const v of vehicles) {
      const match = (v.vin ? byVin.get(v.vin.toLowerCase()) : undefined) ?? byId.get(v.id);
      if (match) {
        if (match.vehicleId !== v.id || match.companyId !== companyId) {
          await tx
            .update(trucks)
            .set(name === 'SAMSARA' ? { vehicleId: v.id, companyId, updatedAt: sql`now()` } : { gleVehicleId: v.id, companyId, updatedAt: sql`now()` })
            .where(eq(trucks.id, match.id));
        }
        continue;
      }
      const vin = v.vin ?? `${name}-${v.id}`;
      const values = {
        unitNumber: v.name,
        vinNumber: vin,
        samsaraVin: vin,
        licencePlate: '',
        homeLocation: '',
        companyId,
        ...(name === 'SAMSARA' ? { vehicleId: v.id } : { gleVehicleId: v.id }),
      };
      // A unit number taken by another company's truck gets the provider's id appended.
      const created =
        (await tx.insert(trucks).values(values).onConflictDoNothing().returning({ id: trucks.id }))[0] ??
        (await tx.insert(trucks).values({ ...values, unitNumber: `${v.name} (${v.id})` }).onConflictDoNothing().returning({ id: trucks.id }))[0];
      if (created) byId.set(v.id, { id: created.id, vin, vehicleId: v.id, companyId });
    }
  });
}

/**
 * Drivers: matched on the provider's driver id, then on first and last name among drivers
 * not linked yet (of this company's trucks or of none); unknown ones are created. A driver the
 * provider assigns to a known vehicle is put on that truck.
 */
async function upsertDrivers(db: Db, companyId: number, name: ProviderName, list: readonly TelematicsDriver[]) {
  if (!list.length) return;
  await db.transaction(async (tx) => {
    const idColumn = name === 'SAMSARA' ? drivers.samsaraDriverId : drivers.gleDriverId;
    const truckIdColumn = name === 'SAMSARA' ? trucks.vehicleId : trucks.gleVehicleId;
    const vehicleIds = [...new Set(list.map((d) => d.vehicleId).filter((v): v is string => Boolean(v)))];
    const truckRows = vehicleIds.length
      ? await tx.select({ id: trucks.id, vehicleId: truckIdColumn }).from(trucks).where(and(eq(trucks.companyId, companyId), inArray(truckIdColumn, vehicleIds)))
      : [];
    const truckOf = new Map(truckRows.map((t) => [t.vehicleId!, t.id]));
    const linked = await tx.select({ id: drivers.id, ext: idColumn }).from(drivers).where(inArray(idColumn, list.map((d) => d.id)));
    const byExt = new Map(linked.map((d) => [d.ext!, d.id]));
    const names = list.filter((d) => !byExt.has(d.id)).map((d) => `${d.firstName} ${d.lastName}`.trim().toLowerCase());
    const unlinked = names.length
      ? await tx
          .select({ id: drivers.id, key: sql<string>`lower(trim(${drivers.firstName} || ' ' || ${drivers.lastName}))` })
          .from(drivers)
          .leftJoin(trucks, eq(trucks.id, drivers.truckId))
          .where(and(isNull(idColumn), or(isNull(drivers.truckId), eq(trucks.companyId, companyId)), inArray(sql`lower(trim(${drivers.firstName} || ' ' || ${drivers.lastName}))`, names)))
      : [];
    const byName = new Map<string, number>();
    for (const d of unlinked) if (!byName.has(d.key)) byName.set(d.key, d.id);
    for (const d of list) {
      const truckId = d.vehicleId ? (truckOf.get(d.vehicleId) ?? null) : null;
      const existing = byExt.get(d.id) ?? byName.get(`${d.firstName} ${d.lastName}`.trim().toLowerCase());
      const link = name === 'SAMSARA' ? { samsaraDriverId: d.id } : { gleDriverId: d.id };
      if (existing) {
        byName.delete(`${d.firstName} ${d.lastName}`.trim().toLowerCase());
        await tx
          .update(drivers)
          .set({ ...link, ...(truckId ? { truckId } : {}), updatedAt: sql`now()` })
          .where(eq(drivers.id, existing));
      } else {
        await tx.insert(drivers).values({ firstName: d.firstName, lastName: d.lastName || '-', truckId, ...link }).onConflictDoNothing();
      }
    }
  });
}

/** Tracks of the company's trips in transit are brought up to now, and their mile stats (which the reports read) with them. */
async function refreshInTransitTracks(deps: TelematicsDeps, companyId: number, name: ProviderName): Promise<number> {
  const rows = await deps.db
    .select({ id: trips.id })
    .from(trips)
    .innerJoin(trucks, eq(trucks.id, trips.truckId))
    .where(and(eq(trips.tripStatus, 'IN_TRANSIT'), eq(trucks.companyId, companyId)));
  let n = 0;
  for (const { id } of rows) {
    const r = await refreshTrack(deps, id, name);
    if (r.error) throw new ProviderError(name, r.error, 'unavailable');
    if (r.fetched) {
      n++;
      await keepTripFigures(deps, id, { fetch: false });
    }
  }
  return n;
}
