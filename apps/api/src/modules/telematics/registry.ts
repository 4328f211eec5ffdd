import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, globalSettings } from '../../db/schema/reference';
import type { SecretBox } from '../../platform/secret-box';
import { gleProvider } from './gle';
import { DEFAULT_RETRY, type ProviderName, type RetryPolicy, type TelematicsProvider } from './provider';
import { samsaraProvider } from './samsara';
import { PROVIDER_LABEL, sourceOn } from './sources';
import { companyProvider, companySwitchesSql, switchesOf } from './company-providers';

/** What the telematics code needs: the database, the token box, the hosts, and how patiently to retry. */
export interface TelematicsDeps {
  db: Db;
  secretBox: SecretBox;
  config: Pick<Config, 'SAMSARA_BASE_URL' | 'GLE_BASE_URL'>;
  retry?: RetryPolicy;
  /** Tests may route calls elsewhere; production uses the global fetch. */
  fetch?: typeof fetch;
}

export type Availability = { enabled: true; provider: TelematicsProvider } | { enabled: false; reason: string };

/**
 * How each provider's client is built. Adding a provider (say Motive): its client file in this
 * folder, a line here, and its name, wire fields and label in provider.ts and sources.ts
 * (docs/integrations/telematics.md "Adding a provider"); its switch and token need no column.
 */
const CLIENTS: Record<ProviderName, { build(opts: ClientOptions, config: TelematicsDeps['config']): TelematicsProvider | string }> = {
  SAMSARA: { build: (opts, config) => samsaraProvider({ ...opts, baseUrl: config.SAMSARA_BASE_URL }) },
  GLE: { build: (opts, config) => (config.GLE_BASE_URL ? gleProvider({ ...opts, baseUrl: config.GLE_BASE_URL }) : 'GLE is not configured on this server (GLE_BASE_URL).') },
};
type ClientOptions = { token: string; retry: RetryPolicy; fetch?: typeof fetch };

/**
 * The provider for one company, or why it is off. A provider runs only when the company's
 * switch and the TRIP settings' switch are both on (`sourceOn`), a token is stored, and the
 * server knows the provider's address. The token is decrypted here, kept only in the client's memory.
 */
export async function providerFor(deps: TelematicsDeps, companyId: number, name: ProviderName): Promise<Availability> {
  const client = CLIENTS[name];
  const [[company], own, [settings]] = await Promise.all([
    deps.db.select({ active: companies.active, switches: companySwitchesSql(companies.id) }).from(companies).where(eq(companies.id, companyId)),
    companyProvider(deps.db, companyId, name),
    deps.db.select({ samsaraEnabled: globalSettings.samsaraEnabled, gleEnabled: globalSettings.gleEnabled }).from(globalSettings).where(eq(globalSettings.type, 'TRIP')),
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
  const provider = client.build({ token, retry: deps.retry ?? DEFAULT_RETRY, ...(deps.fetch ? { fetch: deps.fetch } : {}) }, deps.config);
  return typeof provider === 'string' ? { enabled: false, reason: provider } : { enabled: true, provider };
}
