import { PROVIDER_LABELS, PROVIDERS, type ProviderName } from '@milepost/contracts/providers';
import type { Config } from '../../config';
import { gleProvider } from './gle';
import type { RetryPolicy, TelematicsProvider } from './provider';
import { samsaraProvider } from './samsara';

/**
 * The telematics providers Milepost knows, one record each (docs/integrations/telematics.md
 * "Adding a provider"): adding one (say Motive) is its client file in this folder and a record
 * here. Nothing else names a provider: switches, tokens and the ids a provider gives trucks and
 * drivers are rows keyed by the provider's name (company_providers, settings_providers,
 * truck_provider_links, driver_provider_links), shown on the wire under the spec's field names
 * given here.
 */
export interface ProviderRecord {
  /** The provider's name on the screens and in messages. */
  label: string;
  /**
   * The provider's fields on the wire, as the spec names them: its switch (companies API and
   * TRIP settings), its token and the token's hint (companies API), and the truck's id at the
   * provider in the trucks API (null: not on the wire).
   */
  wire: { enabled: string; token: string; tokenHint: string; vehicleId: string | null };
  /** What the Mileage Review's flag sentences call the provider's figures ("GPS 412.0 mi is 9% over routed …"). */
  reviewWord: string;
  /** The truck's VIN the sync matches the provider's vehicles on (a column of trucks the user enters). */
  truckVin: 'samsaraVin' | 'vinNumber';
  /** Its client for one company's token, or why the server cannot build one. */
  client(opts: ClientOptions, config: ProviderConfig): TelematicsProvider | string;
}

export type ClientOptions = { token: string; retry: RetryPolicy; fetch?: typeof fetch; now?: () => number };
/** Each provider's address on this server (config.ts), and how often GLE is polled and its positions kept (gle-poll.ts). */
export type ProviderConfig = Pick<Config, 'SAMSARA_BASE_URL' | 'GLE_BASE_URL'> & Partial<Pick<Config, 'GLE_POLL_SECONDS' | 'POSITIONS_RETENTION_DAYS'>>;

export const PROVIDER_REGISTRY = {
  SAMSARA: {
    label: PROVIDER_LABELS.SAMSARA,
    reviewWord: 'GPS',
    wire: { enabled: 'samsaraEnabled', token: 'samsaraToken', tokenHint: 'samsaraTokenHint', vehicleId: 'vehicleId' },
    truckVin: 'samsaraVin',
    client: (opts: ClientOptions, config: ProviderConfig): TelematicsProvider | string => samsaraProvider({ ...opts, baseUrl: config.SAMSARA_BASE_URL }),
  },
  GLE: {
    label: PROVIDER_LABELS.GLE,
    reviewWord: 'GLE',
    wire: { enabled: 'gleEnabled', token: 'gleToken', tokenHint: 'gleTokenHint', vehicleId: null },
    truckVin: 'vinNumber',
    client: (opts: ClientOptions, config: ProviderConfig): TelematicsProvider | string => gleProvider({ ...opts, baseUrl: config.GLE_BASE_URL }),
  },
} as const satisfies Record<ProviderName, ProviderRecord>;

/** The providers (packages/contracts providers.ts), in the order "actual" is chosen in (sources.ts actualSource). */
export { PROVIDERS, type ProviderName };

/** One field of every record, by provider. */
const each = <K extends keyof ProviderRecord>(key: K) =>
  Object.fromEntries(PROVIDERS.map((p) => [p, PROVIDER_REGISTRY[p][key]])) as { [P in ProviderName]: (typeof PROVIDER_REGISTRY)[P][K] };

/** Each provider's wire fields (the spec's names). */
export const PROVIDER_WIRE = each('wire');

/** The provider's name on the screens. */
export const PROVIDER_LABEL: Record<ProviderName, string> = each('label');

/** What the Mileage Review's sentences call each provider's figures. */
export const PROVIDER_REVIEW_WORD: Record<ProviderName, string> = each('reviewWord');
