import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tokenHint } from '@milepost/contracts/companies-api';
import type { Db } from '../../db/client';
import { companyProviders } from '../../db/schema/telematics';
import type { SecretBox } from '../../platform/secret-box';
import { PROVIDERS, PROVIDER_WIRE, type ProviderName } from './providers';

/**
 * A company's telematics switches and tokens (table `company_providers`, one row per company and
 * provider; no row: off, no token), read and written in the spec's wire fields through
 * PROVIDER_WIRE. The companies module keeps no provider column or name of its own.
 */
type Wire = typeof PROVIDER_WIRE;
export type ProviderSwitches = { [P in ProviderName as Wire[P]['enabled']]: boolean };
export type ProviderHints = { [P in ProviderName as Wire[P]['tokenHint']]: string | null };
export type ProviderTokens = { [P in ProviderName as Wire[P]['token']]: string };
/** What a company row shows of its providers: each switch and each token's hint. */
export type CompanyProviderFields = ProviderSwitches & ProviderHints;

type Executor = Pick<Db, 'select' | 'insert'>;

function fieldsOf(rows: readonly { provider: string; enabled: boolean; tokenHint: string | null }[]): CompanyProviderFields {
  const fields: Record<string, boolean | string | null> = {};
  for (const p of PROVIDERS) {
    const row = rows.find((r) => r.provider === p);
    fields[PROVIDER_WIRE[p].enabled] = row?.enabled ?? false;
    fields[PROVIDER_WIRE[p].tokenHint] = row?.tokenHint ?? null;
  }
  return fields as CompanyProviderFields;
}

/** The provider fields of each company of a page, in one query. */
export async function companyProviderFields(db: Executor, companyIds: readonly number[]): Promise<Map<number, CompanyProviderFields>> {
  const rows = companyIds.length
    ? await db
        .select({ companyId: companyProviders.companyId, provider: companyProviders.provider, enabled: companyProviders.enabled, tokenHint: companyProviders.tokenHint })
        .from(companyProviders)
        .where(inArray(companyProviders.companyId, [...companyIds]))
    : [];
  return new Map(companyIds.map((id) => [id, fieldsOf(rows.filter((r) => r.companyId === id))]));
}

/**
 * Saves the switches present in `input` (wire fields; absent ones stay). Answers whether any
 * switch changed. Call inside the transaction that holds the company row.
 */
export async function saveProviderSwitches(tx: Executor, companyId: number, input: Partial<Record<string, unknown>>): Promise<boolean> {
  const current = (await companyProviderFields(tx, [companyId])).get(companyId)! as Record<string, unknown>;
  let changed = false;
  for (const p of PROVIDERS) {
    const value = input[PROVIDER_WIRE[p].enabled];
    if (typeof value !== 'boolean') continue;
    if (value !== current[PROVIDER_WIRE[p].enabled]) changed = true;
    await tx
      .insert(companyProviders)
      .values({ companyId, provider: p, enabled: value })
      .onConflictDoUpdate({ target: [companyProviders.companyId, companyProviders.provider], set: { enabled: value, updatedAt: sql`now()` } });
  }
  return changed;
}

/** Seals and stores every provider's token (wire fields), keeping only a hint readable. */
export async function sealProviderTokens(tx: Executor, box: SecretBox, companyId: number, input: ProviderTokens): Promise<void> {
  for (const p of PROVIDERS) {
    const token = (input as Record<string, string>)[PROVIDER_WIRE[p].token]!;
    const sealed = { tokenEncrypted: box.seal(token), tokenHint: tokenHint(token) };
    await tx
      .insert(companyProviders)
      .values({ companyId, provider: p, ...sealed })
      .onConflictDoUpdate({ target: [companyProviders.companyId, companyProviders.provider], set: { ...sealed, updatedAt: sql`now()` } });
  }
}

/** The plaintext tokens (wire fields), for the telematics integrations only; never for an API answer. */
export async function openProviderTokens(db: Executor, box: SecretBox, companyId: number): Promise<Record<Wire[ProviderName]['token'], string | null>> {
  const rows = await db
    .select({ provider: companyProviders.provider, sealed: companyProviders.tokenEncrypted })
    .from(companyProviders)
    .where(eq(companyProviders.companyId, companyId));
  const tokens: Record<string, string | null> = {};
  for (const p of PROVIDERS) {
    const sealed = rows.find((r) => r.provider === p)?.sealed;
    tokens[PROVIDER_WIRE[p].token] = sealed ? box.open(sealed) : null;
  }
  return tokens as Record<Wire[ProviderName]['token'], string | null>;
}

/** One provider's row of a company: its switch and sealed token. */
export async function companyProvider(db: Executor, companyId: number, provider: ProviderName) {
  const [row] = await db
    .select({ enabled: companyProviders.enabled, sealed: companyProviders.tokenEncrypted })
    .from(companyProviders)
    .where(and(eq(companyProviders.companyId, companyId), eq(companyProviders.provider, provider)));
  return row ?? { enabled: false, sealed: null };
}

/**
 * A company's switches as one SQL value (a JSON object of wire fields → boolean), for queries that
 * read a trip's company in the same statement; `switchesOf` turns it into SourceSwitches.
 */
export function companySwitchesSql(companyId: AnyPgColumn | SQL): SQL<unknown> {
  return sql`(select json_object_agg(${companyProviders.provider}, ${companyProviders.enabled}) from ${companyProviders} where ${companyProviders.companyId} = ${companyId})`;
}

/** Whether a company has a provider switched on, as an SQL condition (no row: off). */
export function companyProviderOnSql(provider: ProviderName, companyId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${companyProviders} where ${companyProviders.companyId} = ${companyId} and ${companyProviders.provider} = ${provider} and ${companyProviders.enabled})`;
}

/** The JSON of companySwitchesSql (an object or its text, by driver) as wire-field switches. */
export function switchesOf(value: unknown): ProviderSwitches {
  const byProvider = (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Partial<Record<string, boolean>>;
  return Object.fromEntries(PROVIDERS.map((p) => [PROVIDER_WIRE[p].enabled, byProvider[p] === true])) as ProviderSwitches;
}
