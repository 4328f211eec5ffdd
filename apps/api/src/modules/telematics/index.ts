/**
 * What other API modules may use of telematics (eslint.config.js: modules import each other's
 * index.ts only): a trip's figures from stored data, the two source rules, and a company's
 * provider switches and tokens in the spec's wire fields (company-providers.ts, table
 * company_providers). Adding a provider: docs/integrations/telematics.md "Adding a provider".
 */
export { tripFigures, type TripFigures } from './figures';
export type { ProviderName } from './provider';
export { actualSource, sourceOn } from './sources';
export { loadStoredTrack } from './tracks';
export {
  companyProviderFields,
  openProviderTokens,
  saveProviderSwitches,
  sealProviderTokens,
  type CompanyProviderFields,
} from './company-providers';
