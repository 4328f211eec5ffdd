/** What other API modules may use of the fuel purchases (eslint.config.js: modules import each other's index.ts only). */
export { purchaseTotals, type PurchaseTotal } from './service';
