/** What other API modules may use of the IFTA rates (eslint.config.js: modules import each other's index.ts only). */
export { rateTable } from './service';
