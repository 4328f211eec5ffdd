/** What other API modules may use of the state miles (eslint.config.js: modules import each other's index.ts only). */
export { backfillStateMiles, recomputeStateMiles, writePlannedStateMiles, type RulesCursor } from './service';
// The IFTA return's reads (modules/ifta-return, docs/ifta.md).
export { companyCountedTripsSummary, companyQuarterTotals, companyTripsInJurisdiction, type CountedTripsSummary, type JurisdictionTrip, type StateMilesTotal } from './service';
