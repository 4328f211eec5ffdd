/** What other API modules may use of routing (eslint.config.js: modules import each other's index.ts only). */
export { mapTilesConfig } from './tiles';
export type { RoutingService } from './service';
