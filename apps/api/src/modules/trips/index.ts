/** What other API modules may use of trips (eslint.config.js: modules import each other's index.ts only). */
export { tripIdForMap } from './map-summary';
export { getTrip } from './queries';
