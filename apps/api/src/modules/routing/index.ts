/** What other API modules may use of routing (eslint.config.js: modules import each other's index.ts only). */
export { mapTilesConfig } from './tiles';
export type { RoutingService } from './service';
// The HERE retry of estimated trips (modules/trip-figures/jobs.ts): a routing service of its own, and whether HERE is throttled.
export { routingServiceFor } from './service';
export { throttleState } from './throttle';
