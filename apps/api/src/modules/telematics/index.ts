/**
 * What other API modules may use of telematics (eslint.config.js: modules import each other's
 * index.ts only): a trip's stored tracks, the source rules, the providers' names and
 * labels, and everything provider-shaped the other modules show on the wire in the spec's field
 * names (PROVIDER_WIRE): a company's switches and tokens (company_providers), the settings'
 * switches (settings_providers), a truck's provider ids (truck_provider_links). Adding a provider:
 * docs/integrations/telematics.md "Adding a provider".
 *
 * Telematics imports no module that reads its tracks or switches (trip-figures, state-miles,
 * mileage-review): a stored track reaches the figures through `TelematicsDeps.trackStored`.
 */
export { PROVIDERS, PROVIDER_LABEL, PROVIDER_REVIEW_WORD, type ProviderName } from './providers';
export { actualSource, providerRank, sourceOn, sourcesOn } from './sources';
// The trip's stored tracks and their fetch (modules/trip-figures keeps the figures computed from them).
export { loadStoredTrack, refreshTrack, type TrackState } from './tracks';
export type { TelematicsDeps } from './registry';
export {
  companyProviderFields,
  companyProviderOnSql,
  companySwitchesSql,
  openProviderTokens,
  saveProviderSwitches,
  sealProviderTokens,
  switchesOf,
  type CompanyProviderFields,
  type ProviderSwitches,
} from './company-providers';
export { saveSettingsSwitches, settingsProviderFields, sourceSwitchesSql, sourcesOf, tripSettingsSwitchesSql } from './settings-providers';
export { truckLinkColumns } from './links';
