import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { companies, globalSettings } from '../../db/schema/reference';
import type { SecretBox } from '../../platform/secret-box';
import { gleProvider } from './gle';
import { DEFAULT_RETRY, type ProviderName, type RetryPolicy, type TelematicsProvider } from './provider';
import { samsaraProvider } from './samsara';

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

const LABEL: Record<ProviderName, string> = { SAMSARA: 'Samsara', GLE: 'GLE' };

/**
 * The provider for one company, or why it is off. A provider runs only when the company's
 * switch and the TRIP settings' switch are both on, a token is stored, and (for GLE) the
 * server knows GLE's address. The token is decrypted here, kept only in the client's memory.
 */
export async function providerFor(deps: TelematicsDeps, companyId: number, name: ProviderName): Promise<Availability> {
  const [[company], [settings]] = await Promise.all([
    deps.db
      .select({ samsaraEnabled: companies.samsaraEnabled, gleEnabled: companies.gleEnabled, samsara: companies.samsaraTokenEncrypted, gle: companies.gleTokenEncrypted, active: companies.active })
      .from(companies)
      .where(eq(companies.id, companyId)),
    deps.db.select({ samsaraEnabled: globalSettings.samsaraEnabled, gleEnabled: globalSettings.gleEnabled }).from(globalSettings).where(eq(globalSettings.type, 'TRIP')),
  ]);
  const label = LABEL[name];
  if (!company) return { enabled: false, reason: 'Company not found.' };
  if (!company.active) return { enabled: false, reason: 'The company is inactive.' };
  const companyOn = name === 'SAMSARA' ? company.samsaraEnabled : company.gleEnabled;
  if (!companyOn) return { enabled: false, reason: `${label} is switched off for this company.` };
  const settingOn = name === 'SAMSARA' ? settings?.samsaraEnabled : settings?.gleEnabled;
  if (!settingOn) return { enabled: false, reason: `${label} is switched off in the trip settings.` };
  const sealed = name === 'SAMSARA' ? company.samsara : company.gle;
  if (!sealed) return { enabled: false, reason: `No ${label} token is stored for this company.` };
  if (name === 'GLE' && !deps.config.GLE_BASE_URL) return { enabled: false, reason: 'GLE is not configured on this server (GLE_BASE_URL).' };
  let token: string;
  try {
    token = deps.secretBox.open(sealed);
  } catch {
    return { enabled: false, reason: `The stored ${label} token cannot be read; enter it again.` };
  }
  const opts = { token, retry: deps.retry ?? DEFAULT_RETRY, ...(deps.fetch ? { fetch: deps.fetch } : {}) };
  return {
    enabled: true,
    provider: name === 'SAMSARA' ? samsaraProvider({ ...opts, baseUrl: deps.config.SAMSARA_BASE_URL }) : gleProvider({ ...opts, baseUrl: deps.config.GLE_BASE_URL! }),
  };
}
