import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, globalSettings } from '../../db/schema/reference';
import type { SecretBox } from '../../platform/secret-box';
import { gleProvider } from './gle';
import { DEFAULT_RETRY, type ProviderName, type RetryPolicy, type TelematicsProvider } from './provider';
import { samsaraProvider } from './samsara';
import { PROVIDER_LABEL, SWITCH_OF, sourceOn } from './sources';

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
 * Each provider's client and the company column holding its sealed token. Adding a provider
 * (say Motive) adds its client file in this folder and a line here, in sources.ts and in
 * provider.ts's PROVIDERS.
 */
const CLIENTS: Record<ProviderName, { token: 'samsaraTokenEncrypted' | 'gleTokenEncrypted'; build(opts: ClientOptions, config: TelematicsDeps['config']): TelematicsProvider | string }> = {
  SAMSARA: { token: 'samsaraTokenEncrypted', build: (opts, config) => samsaraProvider({ ...opts, baseUrl: config.SAMSARA_BASE_URL }) },
  GLE: { token: 'gleTokenEncrypted', build: (opts, config) => (config.GLE_BASE_URL ? gleProvider({ ...opts, baseUrl: config.GLE_BASE_URL }) : 'GLE is not configured on this server (GLE_BASE_URL).') },
};
type ClientOptions = { token: string; retry: RetryPolicy; fetch?: typeof fetch };

/**
 * The provider for one company, or why it is off. A provider runs only when the company's
 * switch and the TRIP settings' switch are both on (`sourceOn`), a token is stored, and the
 * server knows the provider's address. The token is decrypted here, kept only in the client's memory.
 */
export async function providerFor(deps: TelematicsDeps, companyId: number, name: ProviderName): Promise<Availability> {
  const client = CLIENTS[name];
  const [[company], [settings]] = await Promise.all([
    deps.db
      .select({ samsaraEnabled: companies.samsaraEnabled, gleEnabled: companies.gleEnabled, sealed: companies[client.token], active: companies.active })
      .from(companies)
      .where(eq(companies.id, companyId)),
    deps.db.select({ samsaraEnabled: globalSettings.samsaraEnabled, gleEnabled: globalSettings.gleEnabled }).from(globalSettings).where(eq(globalSettings.type, 'TRIP')),
  ]);
  const label = PROVIDER_LABEL[name];
  if (!company) return { enabled: false, reason: 'Company not found.' };
  if (!company.active) return { enabled: false, reason: 'The company is inactive.' };
  if (!company[SWITCH_OF[name]]) return { enabled: false, reason: `${label} is switched off for this company.` };
  if (!sourceOn(company, settings, name)) return { enabled: false, reason: `${label} is switched off in the trip settings.` };
  if (!company.sealed) return { enabled: false, reason: `No ${label} token is stored for this company.` };
  let token: string;
  try {
    token = deps.secretBox.open(company.sealed);
  } catch {
    return { enabled: false, reason: `The stored ${label} token cannot be read; enter it again.` };
  }
  const provider = client.build({ token, retry: deps.retry ?? DEFAULT_RETRY, ...(deps.fetch ? { fetch: deps.fetch } : {}) }, deps.config);
  return typeof provider === 'string' ? { enabled: false, reason: provider } : { enabled: true, provider };
}
