import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { driverProviderLinks, truckProviderLinks } from '../../db/schema/telematics';
import { PROVIDERS, PROVIDER_WIRE, type ProviderName } from './providers';

/**
 * The ids providers give trucks and drivers (tables `truck_provider_links`,
 * `driver_provider_links`, one row per truck or driver and provider, filled by the sync), and how
 * they show on the wire: the trucks API's `vehicleId` is Samsara's id (PROVIDER_WIRE). The trucks
 * and drivers modules keep no provider column or name of their own.
 */

/** The truck's id at one provider, as one SQL value (null: not linked). */
export function truckLinkSql(provider: ProviderName, truckId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${truckProviderLinks.externalId} from ${truckProviderLinks} where ${truckProviderLinks.truckId} = ${truckId} and ${truckProviderLinks.provider} = ${provider})`;
}

type Wire = typeof PROVIDER_WIRE;
/** The trucks API's provider fields (the spec's names), each the truck's id at its provider. */
export type TruckLinkFields = { [P in ProviderName as Wire[P]['vehicleId'] & string]: string | null };

/** The trucks API's provider fields as columns of a select on trucks (`vehicleId`: the Samsara id). */
export function truckLinkColumns(truckId: AnyPgColumn | SQL): { [K in keyof TruckLinkFields]: SQL<string | null> } {
  const columns: Record<string, SQL<string | null>> = {};
  for (const p of PROVIDERS) {
    const field = PROVIDER_WIRE[p].vehicleId;
    if (field) columns[field] = truckLinkSql(p, truckId);
  }
  return columns as { [K in keyof TruckLinkFields]: SQL<string | null> };
}

/** Links a truck to a provider's vehicle id, taking it from any other truck that had it. */
export async function linkTruck(tx: Pick<Db, 'delete' | 'insert'>, truckId: number, provider: ProviderName, externalId: string): Promise<void> {
  await tx
    .delete(truckProviderLinks)
    .where(and(eq(truckProviderLinks.provider, provider), eq(truckProviderLinks.externalId, externalId), sql`${truckProviderLinks.truckId} <> ${truckId}`));
  await tx
    .insert(truckProviderLinks)
    .values({ truckId, provider, externalId })
    .onConflictDoUpdate({ target: [truckProviderLinks.truckId, truckProviderLinks.provider], set: { externalId, linkedAt: sql`now()` } });
}

/** Links a driver to a provider's (company-scoped) driver id; an id another driver holds stays with it. */
export async function linkDriver(tx: Pick<Db, 'insert'>, driverId: number, provider: ProviderName, externalId: string): Promise<void> {
  await tx
    .insert(driverProviderLinks)
    .values({ driverId, provider, externalId })
    .onConflictDoUpdate({ target: [driverProviderLinks.driverId, driverProviderLinks.provider], set: { externalId, linkedAt: sql`now()` } });
}
