// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
// Each route of the table as the web client calls it: method and path, typed by its entry
// (`import * as routes from '@milepost/contracts/route-refs.gen'`, then `routes.trips.get`).
export { auth } from './route-refs/auth.gen';
export { companies } from './route-refs/companies.gen';
export { dispatchers } from './route-refs/dispatchers.gen';
export { drivers } from './route-refs/drivers.gen';
export { fuelPurchases } from './route-refs/fuelPurchases.gen';
export { health } from './route-refs/health.gen';
export { iftaRates } from './route-refs/iftaRates.gen';
export { iftaReturn } from './route-refs/iftaReturn.gen';
export { mileageReview } from './route-refs/mileageReview.gen';
export { permissions } from './route-refs/permissions.gen';
export { places } from './route-refs/places.gen';
export { recoveryReasons } from './route-refs/recoveryReasons.gen';
export { roles } from './route-refs/roles.gen';
export { routing } from './route-refs/routing.gen';
export { settings } from './route-refs/settings.gen';
export { shops } from './route-refs/shops.gen';
export { stateMiles } from './route-refs/stateMiles.gen';
export { teams } from './route-refs/teams.gen';
export { telematics } from './route-refs/telematics.gen';
export { tripFigures } from './route-refs/tripFigures.gen';
export { tripStatistics } from './route-refs/tripStatistics.gen';
export { trips } from './route-refs/trips.gen';
export { trucks } from './route-refs/trucks.gen';
export { users } from './route-refs/users.gen';
