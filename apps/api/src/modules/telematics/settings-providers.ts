import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { globalSettings } from '../../db/schema/reference';
import { settingsProviders } from '../../db/schema/telematics';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { companySwitchesSql, switchesOf, type ProviderSwitches } from './company-providers';
import { sourcesOn } from './sources';
import { PROVIDERS, PROVIDER_WIRE, type ProviderName } from './providers';

/**
 * The settings' telematics switches (table `settings_providers`, one row per settings row and
 * provider; no row: off), read and written in the spec's wire fields (samsaraEnabled, gleEnabled)
 * through PROVIDER_WIRE. Only the TRIP settings' switches count (sources.ts sourceOn); the
 * settings module keeps no provider column or name of its own.
 */

type Executor = Pick<Db, 'select' | 'insert'>;

/** The switches of each settings row, in one query. */
export async function settingsProviderFields(db: Executor, settingsIds: readonly number[]): Promise<Map<number, ProviderSwitches>> {
  const rows = settingsIds.length
    ? await db
        .select({ settingsId: settingsProviders.settingsId, provider: settingsProviders.provider, enabled: settingsProviders.enabled })
        .from(settingsProviders)
        .where(inArray(settingsProviders.settingsId, [...settingsIds]))
    : [];
  return new Map(settingsIds.map((id) => [id, switchesOf(Object.fromEntries(rows.filter((r) => r.settingsId === id).map((r) => [r.provider, r.enabled])))]));
}

/**
 * Saves the switches present in `input` (wire fields; absent ones stay) and answers the providers
 * whose switch changed. Call inside the transaction that holds the settings row.
 */
export async function saveSettingsSwitches(tx: Executor, settingsId: number, input: Partial<Record<string, unknown>>): Promise<ProviderName[]> {
  const current = (await settingsProviderFields(tx, [settingsId])).get(settingsId)! as Record<string, boolean>;
  const changed: ProviderName[] = [];
  for (const p of PROVIDERS) {
    const value = input[PROVIDER_WIRE[p].enabled];
    if (typeof value !== 'boolean') continue;
    if (value !== current[PROVIDER_WIRE[p].enabled]) changed.push(p);
    await tx
      .insert(settingsProviders)
      .values({ settingsId, provider: p, enabled: value })
      .onConflictDoUpdate({ target: [settingsProviders.settingsId, settingsProviders.provider], set: { enabled: value, updatedAt: sql`now()` } });
  }
  return changed;
}

/**
 * The TRIP settings' switches as one SQL value (a JSON object provider → boolean, null without
 * TRIP settings), for queries that read them in the same statement; `switchesOf` turns it into
 * wire-field switches for `sourceOn`.
 */
export function tripSettingsSwitchesSql(): SQL<unknown> {
  return sql`(select json_object_agg(${settingsProviders.provider}, ${settingsProviders.enabled}) from ${settingsProviders}
    join ${globalSettings} on ${globalSettings.id} = ${settingsProviders.settingsId} where ${globalSettings.type} = 'TRIP')`;
}

/** The TRIP settings' switches (all off without TRIP settings). */
export async function tripSettingsSwitches(db: Pick<Db, 'select'>): Promise<ProviderSwitches> {
  const rows = await db
    .select({ provider: settingsProviders.provider, enabled: settingsProviders.enabled })
    .from(settingsProviders)
    .innerJoin(globalSettings, and(eq(globalSettings.id, settingsProviders.settingsId), eq(globalSettings.type, 'TRIP')));
  return switchesOf(Object.fromEntries(rows.map((r) => [r.provider, r.enabled])));
}

/**
 * A company's and the TRIP settings' switches as one SQL value, for a query that reads a trip's or
 * a company's sources in the same statement (the Mileage Review); `sourcesOf` reads it.
 */
export function sourceSwitchesSql(companyId: AnyPgColumn | SQL): SQL<unknown> {
  return sql`json_build_object('company', ${companySwitchesSql(companyId)}, 'settings', ${tripSettingsSwitchesSql()})`;
}

/** The providers that count (`sourcesOn`, PROVIDERS order) from a sourceSwitchesSql value. */
export function sourcesOf(value: unknown): ProviderName[] {
  const both = (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as { company?: unknown; settings?: unknown };
  return sourcesOn(switchesOf(both.company), switchesOf(both.settings));
}
