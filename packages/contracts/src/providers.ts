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

/**
 * A provider's field on the wire, as the spec names them ("fields named samsara… and gle…"): its
 * key and what the field holds — `samsaraEnabled`, `gleToken`, `samsaraTokenHint`, `samsaraStats`,
 * `gleFetchedAt`, `samsaraLocation`.
 */
export type ProviderField<Suffix extends string, P extends ProviderName = ProviderName> = `${Lowercase<P>}${Suffix}`;
export const providerField = <P extends ProviderName, Suffix extends string>(provider: P, suffix: Suffix): ProviderField<Suffix, P> =>
  `${providerKey(provider)}${suffix}` as ProviderField<Suffix, P>;

/** One wire field per provider, in PROVIDERS order: `providerFields('Location', (p) => …)` is `{ samsaraLocation, gleLocation }`. */
export function providerFields<Suffix extends string, V>(suffix: Suffix, value: (provider: ProviderName) => V): Record<ProviderField<Suffix>, V> {
  return Object.fromEntries(PROVIDERS.map((p) => [providerField(p, suffix), value(p)])) as Record<ProviderField<Suffix>, V>;
}

/** Names as a sentence lists them: "a", "a and b", "a, b and c". */
export const sentenceList = (names: readonly string[]): string => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names.at(0) ?? ''));

/** The providers' labels as a sentence lists them, after any names said first: "Samsara and GLE"; with 'HERE', "HERE, Samsara and GLE". */
export const providerLabelsText = (...first: string[]): string => sentenceList([...first, ...PROVIDERS.map((p) => PROVIDER_LABELS[p])]);

/** The providers' labels in the order "actual" is chosen in, as the screens say it: "Samsara, else GLE". */
export const PROVIDER_LABELS_ELSE = PROVIDERS.map((p) => PROVIDER_LABELS[p]).join(', else ');
