import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/reference';
import type { SecretBox } from '../../platform/secret-box';
import { DEFAULT_RETRY, type RetryPolicy, type TelematicsProvider } from './provider';
import { PROVIDER_LABEL, PROVIDER_REGISTRY, type ProviderConfig, type ProviderName } from './providers';
import { sourceOn } from './sources';
import { companyProvider, companySwitchesSql, switchesOf } from './company-providers';
import { tripSettingsSwitches } from './settings-providers';

/** What the telematics code needs: the database, the token box, the hosts, and how patiently to retry. */
export interface TelematicsDeps {
  db: Db;
  secretBox: SecretBox;
  config: ProviderConfig;
  retry?: RetryPolicy;
  /** Tests may route calls elsewhere; production uses the global fetch. */
  fetch?: typeof fetch;
  /** The clock answers are received by (GLE's times are placed against it); tests drive it. */
  now?: () => number;
  /**
   * Called after a sync stored a newer track of a trip in transit, so the trip's figures follow it
   * (the job queue passes modules/trip-figures `keepTripFigures`: telematics imports no module that
   * reads its tracks, docs/mileage-engine.md).
   */
  trackStored?: (tripId: number) => Promise<void>;
}

export type Availability = { enabled: true; provider: TelematicsProvider } | { enabled: false; reason: string };

/**
 * The provider for one company, or why it is off. A provider runs only when the company's
 * switch and the TRIP settings' switch are both on (`sourceOn`), a token is stored, and the
 * server knows the provider's address (its record in providers.ts builds the client). The token
 * is decrypted here, kept only in the client's memory.
 */
export async function providerFor(deps: TelematicsDeps, companyId: number, name: ProviderName): Promise<Availability> {
  const [[company], own, settings] = await Promise.all([
    deps.db
      .select({ active: companies.active, switches: companySwitchesSql(companies.id) })
      .from(companies)
      .where(eq(companies.id, companyId)),
    companyProvider(deps.db, companyId, name),
    tripSettingsSwitches(deps.db),
  ]);
  const label = PROVIDER_LABEL[name];
  if (!company) return { enabled: false, reason: 'Company not found.' };
  if (!company.active) return { enabled: false, reason: 'The company is inactive.' };
  if (!own.enabled) return { enabled: false, reason: `${label} is switched off for this company.` };
  if (!sourceOn(switchesOf(company.switches), settings, name)) return { enabled: false, reason: `${label} is switched off in the trip settings.` };
  if (!own.sealed) return { enabled: false, reason: `No ${label} token is stored for this company.` };
  let token: string;
  try {
    token = deps.secretBox.open(own.sealed);
  } catch {
    return { enabled: false, reason: `The stored ${label} token cannot be read; enter it again.` };
  }
  const provider = PROVIDER_REGISTRY[name].client(
    { token, retry: deps.retry ?? DEFAULT_RETRY, ...(deps.fetch ? { fetch: deps.fetch } : {}), ...(deps.now ? { now: deps.now } : {}) },
    deps.config,
  );
  return typeof provider === 'string' ? { enabled: false, reason: provider } : { enabled: true, provider };
}
