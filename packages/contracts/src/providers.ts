/**
 * The telematics providers Milepost knows, declared once (docs/integrations/telematics.md
 * "Adding a provider"): every list of providers — on the wire, on the screens, in the API —
 * derives from these. In the order "actual" is chosen in (Samsara, else GLE). Plain (no zod), so
 * the first screen may load it.
 */
export const PROVIDERS = ['SAMSARA', 'GLE'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** The provider's name on the screens and in messages. */
export const PROVIDER_LABELS: Readonly<Record<ProviderName, string>> = { SAMSARA: 'Samsara', GLE: 'GLE' };

/** A provider's name in lower case: the trip map's layer and source keys (`samsara`, `gle`). */
export type ProviderKey = Lowercase<ProviderName>;
export const providerKey = (provider: ProviderName): ProviderKey => provider.toLowerCase() as ProviderKey;
export const PROVIDER_KEYS = PROVIDERS.map(providerKey) as readonly ProviderKey[];
