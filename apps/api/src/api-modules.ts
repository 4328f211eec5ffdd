import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@milepost/contracts/route-table';
import { allRoutes } from '@milepost/contracts/routes';
import type { AppDeps } from './app-deps';
import { authRoutes, authRoutesOutsidePrefix } from './modules/auth/routes';
import { companyRoutes } from './modules/companies/routes';
import { dispatcherRoutes } from './modules/dispatchers/routes';
import { driverRoutes } from './modules/drivers/routes';
import { fuelPurchaseRoutes } from './modules/fuel-purchases/routes';
import { healthRoutes } from './modules/health/routes';
import { iftaRateRoutes } from './modules/ifta-rates/routes';
import { iftaReturnRoutes } from './modules/ifta-return/routes';
import { mileageReviewRoutes, mileageReviewRoutesOutsidePrefix } from './modules/mileage-review/routes';
import { permissionRoutes } from './modules/permissions/routes';
import { placeRoutes, placeRoutesOutsidePrefix } from './modules/places/routes';
import { recoveryReasonRoutes } from './modules/recovery-reasons/routes';
import { roleRoutes } from './modules/roles/routes';
import { routingRoutes, routingRoutesOutsidePrefix } from './modules/routing/routes';
import { settingsRoutes, settingsRoutesOutsidePrefix } from './modules/settings/routes';
import { shopRoutes } from './modules/shops/routes';
import { stateMilesRoutes, stateMilesRoutesOutsidePrefix } from './modules/state-miles/routes';
import { teamRoutes } from './modules/teams/routes';
import { integrationRoutes } from './modules/telematics/routes';
import { tripFiguresRoutes, tripFiguresRoutesOutsidePrefix } from './modules/trip-figures/routes';
import { tripStatisticsRoutes } from './modules/trip-statistics/routes';
import { tripRoutes, tripRoutesOutsidePrefix } from './modules/trips/routes';
import { getTrip, tripIdForMap } from './modules/trips';
import { truckRoutes } from './modules/trucks/routes';
import { userRoutes } from './modules/users/routes';

type Routes = (scope: FastifyInstance, deps: AppDeps) => Promise<void>;

/**
 * One API module (a folder under modules/) and where its URLs live (docs/architecture.md
 * "Module prefixes"): `routes` are written relative to `prefix`, so a URL names its folder.
 * `outside` holds the spec's paths the module serves that lie outside its prefix; each of them is
 * listed in OUTSIDE_PREFIX, and one that is not fails the app's start.
 */
export interface ApiModule {
  folder: string;
  /** From the server's root (the spec's paths under /api/v1). */
  prefix: string;
  routes: Routes;
  outside?: Routes;
}

const V1 = '/api/v1';
const TRIP_READS = { getTrip, tripIdForMap };

export const API_MODULES: readonly ApiModule[] = [
  { folder: 'health', prefix: '/api', routes: healthRoutes },
  { folder: 'auth', prefix: `${V1}/auth`, routes: authRoutes, outside: authRoutesOutsidePrefix },
  { folder: 'permissions', prefix: `${V1}/permissions`, routes: permissionRoutes },
  { folder: 'places', prefix: `${V1}/places`, routes: placeRoutes, outside: placeRoutesOutsidePrefix },
  { folder: 'roles', prefix: `${V1}/roles`, routes: roleRoutes },
  { folder: 'users', prefix: `${V1}/users`, routes: userRoutes },
  { folder: 'trucks', prefix: `${V1}/trucks`, routes: truckRoutes },
  { folder: 'drivers', prefix: `${V1}/drivers`, routes: driverRoutes },
  { folder: 'dispatchers', prefix: `${V1}/dispatchers`, routes: dispatcherRoutes },
  { folder: 'teams', prefix: `${V1}/teams`, routes: teamRoutes },
  { folder: 'companies', prefix: `${V1}/companies`, routes: companyRoutes },
  { folder: 'shops', prefix: `${V1}/shops`, routes: shopRoutes },
  // The spec's words for these folders' URLs.
  { folder: 'recovery-reasons', prefix: `${V1}/recovery/reasons`, routes: recoveryReasonRoutes },
  { folder: 'settings', prefix: `${V1}/global-setting`, routes: settingsRoutes, outside: settingsRoutesOutsidePrefix },
  // A trip's figures (what follows a change, and every read of them) answer at the spec's /mile-stats.
  // The trip itself comes from the trips module, which calls trip-figures on every save (no loop).
  { folder: 'trip-figures', prefix: `${V1}/mile-stats`, routes: tripFiguresRoutes(TRIP_READS), outside: tripFiguresRoutesOutsidePrefix(TRIP_READS) },
  { folder: 'state-miles', prefix: `${V1}/state-miles`, routes: stateMilesRoutes, outside: stateMilesRoutesOutsidePrefix },
  { folder: 'trips', prefix: `${V1}/trips`, routes: tripRoutes, outside: tripRoutesOutsidePrefix },
  { folder: 'trip-statistics', prefix: `${V1}/trip-statistics`, routes: tripStatisticsRoutes },
  { folder: 'routing', prefix: `${V1}/routing`, routes: routingRoutes, outside: routingRoutesOutsidePrefix },
  { folder: 'telematics', prefix: `${V1}/integrations`, routes: integrationRoutes },
  { folder: 'mileage-review', prefix: `${V1}/mileage-review`, routes: mileageReviewRoutes, outside: mileageReviewRoutesOutsidePrefix },
  // The IFTA return (docs/ifta.md): its fuel, its rates, the return drafted from them and the state miles.
  { folder: 'fuel-purchases', prefix: `${V1}/fuel-purchases`, routes: fuelPurchaseRoutes },
  { folder: 'ifta-rates', prefix: `${V1}/ifta-rates`, routes: iftaRateRoutes },
  { folder: 'ifta-return', prefix: `${V1}/ifta-return`, routes: iftaReturnRoutes },
];

/**
 * The spec's paths (under /api/v1) that a module serves outside its prefix, and why. Each stays
 * where the spec puts it; moving the code to the module the URL names would make that module
 * reach into the other's data.
 */
export const OUTSIDE_PREFIX: Readonly<Record<string, readonly string[]>> = {
  // Sign-in, reset and the signed-in user's own record: the spec gives them no common prefix.
  auth: ['POST /authenticate', 'POST /reset-password/init', 'POST /reset-password/finish', 'GET /me', 'PUT /profile'],
  // The web app's run-time settings (map tiles) sit next to place search, their only user.
  places: ['GET /client-config'],
  // A user's route settings: the settings module's second table.
  settings: ['GET /user-route-setting/:userId', 'POST /user-route-setting', 'PUT /user-route-setting/:id'],
  // The trip a map shows, with its tracks: read from the trip's kept figures.
  'trip-figures': ['GET /trips/route-data'],
  // A trip's miles per jurisdiction: the state-miles tables.
  'state-miles': ['GET /trips/:id/state-miles'],
  // A trip's history is the trip's.
  trips: ['GET /trip-action-history'],
  // Map tiles are fetched from HERE like routes, with the routing module's HERE client.
  routing: ['GET /map-tiles/:z/:x/:y'],
  // A company's pay rule is part of the mileage review (docs/mileage-review.md).
  'mileage-review': ['GET /companies/:id/pay-rule', 'PUT /companies/:id/pay-rule'],
};

/** One route as registered, with the module that registered it (tests read these). */
export interface ModuleRoute {
  folder: string;
  method: string;
  url: string;
}

/** Where each module's table lives in `routes` (packages/contracts/src/routes.ts): its folder in camelCase. */
const tableKeyOf = (folder: string) => folder.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export interface RegisterOptions {
  modules?: readonly ApiModule[];
  /** The route table every module registers against (tests pass a smaller one). */
  table?: { module: string; name: string; def: RouteDef }[];
}

/**
 * Registers every module under its prefix and its listed exceptions at /api/v1. `scope` is the
 * API scope (access enforced); `registered` collects each route with its module. Every route is
 * registered against its module's entry in the route table (platform/route.ts); a route that is
 * not, or an entry without a handler, stops the app from starting
 * (docs/decisions/023-one-route-table.md).
 */
export async function registerApiModules(scope: FastifyInstance, deps: AppDeps, registered: ModuleRoute[] = [], options: RegisterOptions = {}) {
  const { modules = API_MODULES, table = allRoutes() } = options;
  const entryOf = new Map(table.map((e) => [e.def, e]));
  const handled = new Set<RouteDef>();
  const checkEntry = (folder: string, method: string, url: string, def: RouteDef | undefined) => {
    const entry = def && entryOf.get(def);
    if (entry && entry.module !== tableKeyOf(folder)) {
      throw new Error(`${folder} registers routes.${entry.module}.${entry.name} (${method} ${url}): an entry of another module's table`);
    }
    if (!entry) {
      throw new Error(
        `${folder} registers ${method} ${url} outside the route table: declare it in packages/contracts/src/routes/${folder}.ts and register it with route() (platform/route.ts)`,
      );
    }
    if (method !== 'HEAD' && handled.has(def)) throw new Error(`routes.${entry.module}.${entry.name} (${def.method} ${def.path}) has two handlers`);
    handled.add(def);
  };
  for (const mod of modules) {
    await scope.register(
      async (moduleScope) => {
        moduleScope.addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) {
            checkEntry(mod.folder, String(method), route.url, route.config?.route);
            registered.push({ folder: mod.folder, method: String(method), url: route.url });
          }
        });
        await mod.routes(moduleScope, deps);
      },
      { prefix: mod.prefix },
    );
    const outside = mod.outside;
    if (!outside) continue;
    const listed = new Set(OUTSIDE_PREFIX[mod.folder] ?? []);
    await scope.register(
      async (moduleScope) => {
        moduleScope.addHook('onRoute', (route) => {
          for (const method of [route.method].flat()) {
            const path = route.url.slice(V1.length);
            if (method !== 'HEAD' && !listed.has(`${String(method)} ${path}`)) {
              throw new Error(`${mod.folder} registers ${String(method)} ${route.url} outside ${mod.prefix}: list it in OUTSIDE_PREFIX (api-modules.ts) or move it`);
            }
            checkEntry(mod.folder, String(method), route.url, route.config?.route);
            registered.push({ folder: mod.folder, method: String(method), url: route.url });
          }
        });
        await outside(moduleScope, deps);
      },
      { prefix: V1 },
    );
  }
  const missing = table.filter((e) => !handled.has(e.def));
  if (missing.length) {
    throw new Error(`Route table entries without a handler: ${missing.map((e) => `routes.${e.module}.${e.name} (${e.def.method} ${e.def.path})`).join(', ')}`);
  }
}
