/**
 * What other API modules may use of telematics (eslint.config.js: modules import each other's
 * index.ts only): a trip's figures from stored data, and the two source rules.
 */
export { tripFigures, type TripFigures } from './figures';
export type { ProviderName } from './provider';
export { actualSource, sourceOn } from './sources';
