import { sql, type Column, type SQL } from 'drizzle-orm';
import { PROVIDERS, PROVIDER_WIRE, type ProviderName } from './providers';

/**
 * Which telematics sources count for a trip, and which of them is its "actual" figure
 * (docs/mileage-engine.md "From save and sync to every screen"). The one place these two rules are written:
 * the provider registry, the sync's scheduler, the Mileage Report, the Mileage Review, the map
 * panels and the reports' actual miles all ask here.
 */

/** A company's or the TRIP settings' integration switches, by their wire names (PROVIDER_WIRE). */
export type SourceSwitches = { [P in ProviderName as (typeof PROVIDER_WIRE)[P]['enabled']]: boolean | null };

/** Each provider's switch, by its wire name (the companies' and the TRIP settings' wire fields share these names). */
export const SWITCH_OF = Object.fromEntries(PROVIDERS.map((p) => [p, PROVIDER_WIRE[p].enabled])) as { [P in ProviderName]: (typeof PROVIDER_WIRE)[P]['enabled'] };

/**
 * A provider's data counts for a trip when the trip's company and the TRIP settings both have
 * it switched on (a missing company or missing settings: off).
 */
export function sourceOn(company: SourceSwitches | null | undefined, settings: SourceSwitches | null | undefined, provider: ProviderName): boolean {
  const key = SWITCH_OF[provider];
  return Boolean(company?.[key] && settings?.[key]);
}

/** The providers that count for a trip, in PROVIDERS order. */
export function sourcesOn(company: SourceSwitches | null | undefined, settings: SourceSwitches | null | undefined): ProviderName[] {
  return PROVIDERS.filter((p) => sourceOn(company, settings, p));
}

/**
 * The trip's "actual" miles for the reports' planned-vs-actual: Samsara's TOTAL MILES, else
 * GLE's (in PROVIDERS order), in metres; null when no source measured the trip.
 */
export function actualSource<T extends { totalM: number | null }>(bySource: Partial<Record<ProviderName, T | null>>): { source: ProviderName; totalM: number } | null {
  for (const source of PROVIDERS) {
    const total = bySource[source]?.totalM;
    if (typeof total === 'number') return { source, totalM: total };
  }
  return null;
}

/** The same order in SQL: a source column's rank in PROVIDERS (0 first), for a query that keeps each trip's actual figure. */
export function providerRank(source: Column | SQL): SQL {
  return sql`CASE ${source} ${sql.join(
    PROVIDERS.map((p, i) => sql`WHEN ${p} THEN ${i}`),
    sql` `,
  )} END`;
}
