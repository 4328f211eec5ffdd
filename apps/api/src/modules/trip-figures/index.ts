/**
 * A trip's figures (docs/mileage-engine.md "From save and sync to every screen"): what other API
 * modules may use (eslint.config.js: modules import each other's index.ts only). Reads
 * (`tripFigures`) never call a provider; the keeping (`keepTripFigures`) follows a trip's stops
 * or track and moves what follows the figures — the actual miles, the state miles, the review row.
 */
export { tripFigures, syncActualMiles, type TripFigures } from './figures';
export { backfillMileStats, keepTripFigures, type KeepResult } from './keep';
// What follows a trip's save (trips/service.ts), in its transaction.
export { tripChanged } from './changed';
// A trip's route figures, from the routing service on every save and recompute (docs/routing.md "Trip figures").
export { computeRouteFigures, recomputeAll, recomputeEstimatedTrips, recomputeTripRoutes, routeSettingsOf, type RouteColumns, type StopFigures } from './route';
