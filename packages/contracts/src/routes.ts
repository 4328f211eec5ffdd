import type { RouteDef } from './route-table';
import { authRoutes } from './routes/auth';
import { companiesRoutes } from './routes/companies';
import { dispatchersRoutes } from './routes/dispatchers';
import { driversRoutes } from './routes/drivers';
import { fuelPurchasesRoutes } from './routes/fuel-purchases';
import { healthRoutes } from './routes/health';
import { iftaRatesRoutes } from './routes/ifta-rates';
import { iftaReturnRoutes } from './routes/ifta-return';
import { mileageReviewRoutes } from './routes/mileage-review';
import { permissionsRoutes } from './routes/permissions';
import { placesRoutes } from './routes/places';
import { recoveryReasonsRoutes } from './routes/recovery-reasons';
import { rolesRoutes } from './routes/roles';
import { routingRoutes } from './routes/routing';
import { settingsRoutes } from './routes/settings';
import { shopsRoutes } from './routes/shops';
import { stateMilesRoutes } from './routes/state-miles';
import { teamsRoutes } from './routes/teams';
import { telematicsRoutes } from './routes/telematics';
import { tripFiguresRoutes } from './routes/trip-figures';
import { tripStatisticsRoutes } from './routes/trip-statistics';
import { tripsRoutes } from './routes/trips';
import { trucksRoutes } from './routes/trucks';
import { usersRoutes } from './routes/users';

/**
 * Every API route, by module (docs/decisions/023-one-route-table.md): the API registers a handler
 * for each (apps/api/src/platform/route.ts), the OpenAPI document and the web client read them.
 */
export const routes = {
  auth: authRoutes,
  companies: companiesRoutes,
  dispatchers: dispatchersRoutes,
  drivers: driversRoutes,
  fuelPurchases: fuelPurchasesRoutes,
  health: healthRoutes,
  iftaRates: iftaRatesRoutes,
  iftaReturn: iftaReturnRoutes,
  mileageReview: mileageReviewRoutes,
  permissions: permissionsRoutes,
  places: placesRoutes,
  recoveryReasons: recoveryReasonsRoutes,
  roles: rolesRoutes,
  routing: routingRoutes,
  settings: settingsRoutes,
  shops: shopsRoutes,
  stateMiles: stateMilesRoutes,
  teams: teamsRoutes,
  telematics: telematicsRoutes,
  tripFigures: tripFiguresRoutes,
  tripStatistics: tripStatisticsRoutes,
  trips: tripsRoutes,
  trucks: trucksRoutes,
  users: usersRoutes,
} as const;

export type Routes = typeof routes;

/** Every entry of the table, with its module's key and its own. */
export function allRoutes(): { module: string; name: string; def: RouteDef }[] {
  return Object.entries(routes).flatMap(([module, table]) => Object.entries(table as Record<string, RouteDef>).map(([name, def]) => ({ module, name, def })));
}
