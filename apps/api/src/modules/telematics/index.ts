/**
 * What other API modules may use of telematics (eslint.config.js: modules import each other's
 * index.ts only): a trip's figures from stored data, the source rules, the providers' names and
 * labels, and everything provider-shaped the other modules show on the wire in the spec's field
 * names (PROVIDER_WIRE): a company's switches and tokens (company_providers), the settings'
 * switches (settings_providers), a truck's provider ids (truck_provider_links). Adding a provider:
 * docs/integrations/telematics.md "Adding a provider".
 *
 * Nothing exported here imports the Mileage Review (keep-figures.ts does, and is not exported), so
 * mileage-review can read the switches through this file without an import cycle.
 */
export { tripFigures, type TripFigures } from './figures';
export { PROVIDERS, PROVIDER_LABEL, PROVIDER_REVIEW_WORD, type ProviderName } from './providers';
export { actualSource, providerRank, sourceOn, sourcesOn } from './sources';
export { loadStoredTrack } from './tracks';
export {
  companyProviderFields,
  companyProviderOnSql,
  openProviderTokens,
  saveProviderSwitches,
  sealProviderTokens,
  type CompanyProviderFields,
} from './company-providers';
export { saveSettingsSwitches, settingsProviderFields, sourceSwitchesSql, sourcesOf } from './settings-providers';
export { truckLinkColumns } from './links';
