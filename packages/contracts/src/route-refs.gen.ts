// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from './route-table';
import type { Routes } from './routes';

// Each route of the table as the web client calls it: method and path, typed by its entry. One
// export per module, so a screen's bundle holds only the modules it calls
// (`import * as routes from '@milepost/contracts/route-refs.gen'`).
export const auth = {
  refresh: { method: 'POST', path: '/api/v1/auth/refresh' } as RouteRef<Routes['auth']['refresh']>,
  logout: { method: 'POST', path: '/api/v1/auth/logout' } as RouteRef<Routes['auth']['logout']>,
  authenticate: { method: 'POST', path: '/api/v1/authenticate' } as RouteRef<Routes['auth']['authenticate']>,
  resetPasswordInit: { method: 'POST', path: '/api/v1/reset-password/init' } as RouteRef<Routes['auth']['resetPasswordInit']>,
  resetPasswordFinish: { method: 'POST', path: '/api/v1/reset-password/finish' } as RouteRef<Routes['auth']['resetPasswordFinish']>,
  me: { method: 'GET', path: '/api/v1/me' } as RouteRef<Routes['auth']['me']>,
  updateProfile: { method: 'PUT', path: '/api/v1/profile' } as RouteRef<Routes['auth']['updateProfile']>,
};

export const companies = {
  list: { method: 'GET', path: '/api/v1/companies' } as RouteRef<Routes['companies']['list']>,
  get: { method: 'GET', path: '/api/v1/companies/:id' } as RouteRef<Routes['companies']['get']>,
  create: { method: 'POST', path: '/api/v1/companies' } as RouteRef<Routes['companies']['create']>,
  update: { method: 'PUT', path: '/api/v1/companies/:id' } as RouteRef<Routes['companies']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/companies/change-status/:id' } as RouteRef<Routes['companies']['changeStatus']>,
  changeTokens: { method: 'PUT', path: '/api/v1/companies/change-tokens/:companyId' } as RouteRef<Routes['companies']['changeTokens']>,
};

export const dispatchers = {
  list: { method: 'GET', path: '/api/v1/dispatchers' } as RouteRef<Routes['dispatchers']['list']>,
  create: { method: 'POST', path: '/api/v1/dispatchers' } as RouteRef<Routes['dispatchers']['create']>,
  update: { method: 'PUT', path: '/api/v1/dispatchers/:id' } as RouteRef<Routes['dispatchers']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/dispatchers/change-status/:id' } as RouteRef<Routes['dispatchers']['changeStatus']>,
};

export const drivers = {
  list: { method: 'GET', path: '/api/v1/drivers' } as RouteRef<Routes['drivers']['list']>,
  assignUser: { method: 'POST', path: '/api/v1/drivers/assign-user' } as RouteRef<Routes['drivers']['assignUser']>,
};

export const fuelPurchases = {
  list: { method: 'GET', path: '/api/v1/fuel-purchases' } as RouteRef<Routes['fuelPurchases']['list']>,
  create: { method: 'POST', path: '/api/v1/fuel-purchases' } as RouteRef<Routes['fuelPurchases']['create']>,
  update: { method: 'PUT', path: '/api/v1/fuel-purchases/:id' } as RouteRef<Routes['fuelPurchases']['update']>,
  remove: { method: 'DELETE', path: '/api/v1/fuel-purchases/:id' } as RouteRef<Routes['fuelPurchases']['remove']>,
  importMapping: { method: 'GET', path: '/api/v1/fuel-purchases/import-mapping' } as RouteRef<Routes['fuelPurchases']['importMapping']>,
  import: { method: 'POST', path: '/api/v1/fuel-purchases/import' } as RouteRef<Routes['fuelPurchases']['import']>,
};

export const health = {
  health: { method: 'GET', path: '/api/health' } as RouteRef<Routes['health']['health']>,
  ready: { method: 'GET', path: '/api/ready' } as RouteRef<Routes['health']['ready']>,
};

export const iftaRates = {
  list: { method: 'GET', path: '/api/v1/ifta-rates' } as RouteRef<Routes['iftaRates']['list']>,
  replace: { method: 'PUT', path: '/api/v1/ifta-rates' } as RouteRef<Routes['iftaRates']['replace']>,
  import: { method: 'POST', path: '/api/v1/ifta-rates/import' } as RouteRef<Routes['iftaRates']['import']>,
};

export const iftaReturn = {
  list: { method: 'GET', path: '/api/v1/ifta-return' } as RouteRef<Routes['iftaReturn']['list']>,
  exportCsv: { method: 'GET', path: '/api/v1/ifta-return/export.csv' } as RouteRef<Routes['iftaReturn']['exportCsv']>,
  trips: { method: 'GET', path: '/api/v1/ifta-return/trips' } as RouteRef<Routes['iftaReturn']['trips']>,
};

export const mileStats = {
  get: { method: 'GET', path: '/api/v1/mile-stats/:tripId' } as RouteRef<Routes['mileStats']['get']>,
  refresh: { method: 'POST', path: '/api/v1/mile-stats/:tripId/refresh' } as RouteRef<Routes['mileStats']['refresh']>,
  routeData: { method: 'GET', path: '/api/v1/trips/route-data' } as RouteRef<Routes['mileStats']['routeData']>,
};

export const mileageReview = {
  list: { method: 'GET', path: '/api/v1/mileage-review' } as RouteRef<Routes['mileageReview']['list']>,
  ready: { method: 'GET', path: '/api/v1/mileage-review/ready' } as RouteRef<Routes['mileageReview']['ready']>,
  approve: { method: 'POST', path: '/api/v1/mileage-review/approve' } as RouteRef<Routes['mileageReview']['approve']>,
  exportCsv: { method: 'GET', path: '/api/v1/mileage-review/export.csv' } as RouteRef<Routes['mileageReview']['exportCsv']>,
  payRule: { method: 'GET', path: '/api/v1/companies/:id/pay-rule' } as RouteRef<Routes['mileageReview']['payRule']>,
  savePayRule: { method: 'PUT', path: '/api/v1/companies/:id/pay-rule' } as RouteRef<Routes['mileageReview']['savePayRule']>,
};

export const permissions = {
  list: { method: 'GET', path: '/api/v1/permissions' } as RouteRef<Routes['permissions']['list']>,
  get: { method: 'GET', path: '/api/v1/permissions/:id' } as RouteRef<Routes['permissions']['get']>,
  create: { method: 'POST', path: '/api/v1/permissions' } as RouteRef<Routes['permissions']['create']>,
  update: { method: 'PUT', path: '/api/v1/permissions/:id' } as RouteRef<Routes['permissions']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/permissions/change-status/:id' } as RouteRef<Routes['permissions']['changeStatus']>,
};

export const places = {
  autosuggest: { method: 'GET', path: '/api/v1/places/autosuggest' } as RouteRef<Routes['places']['autosuggest']>,
  clientConfig: { method: 'GET', path: '/api/v1/client-config' } as RouteRef<Routes['places']['clientConfig']>,
};

export const recoveryReasons = {
  list: { method: 'GET', path: '/api/v1/recovery/reasons' } as RouteRef<Routes['recoveryReasons']['list']>,
  create: { method: 'POST', path: '/api/v1/recovery/reasons' } as RouteRef<Routes['recoveryReasons']['create']>,
  replace: { method: 'PUT', path: '/api/v1/recovery/reasons' } as RouteRef<Routes['recoveryReasons']['replace']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/recovery/reasons/change-status/:id' } as RouteRef<Routes['recoveryReasons']['changeStatus']>,
};

export const roles = {
  list: { method: 'GET', path: '/api/v1/roles' } as RouteRef<Routes['roles']['list']>,
  get: { method: 'GET', path: '/api/v1/roles/:id' } as RouteRef<Routes['roles']['get']>,
  create: { method: 'POST', path: '/api/v1/roles' } as RouteRef<Routes['roles']['create']>,
  update: { method: 'PUT', path: '/api/v1/roles/:id' } as RouteRef<Routes['roles']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/roles/change-status/:id' } as RouteRef<Routes['roles']['changeStatus']>,
};

export const routing = {
  route: { method: 'POST', path: '/api/v1/routing/routes' } as RouteRef<Routes['routing']['route']>,
  status: { method: 'GET', path: '/api/v1/routing/status' } as RouteRef<Routes['routing']['status']>,
  mapTile: { method: 'GET', path: '/api/v1/map-tiles/:z/:x/:y' } as RouteRef<Routes['routing']['mapTile']>,
};

export const settings = {
  byType: { method: 'GET', path: '/api/v1/global-setting/by-type' } as RouteRef<Routes['settings']['byType']>,
  create: { method: 'POST', path: '/api/v1/global-setting' } as RouteRef<Routes['settings']['create']>,
  update: { method: 'PUT', path: '/api/v1/global-setting/:id' } as RouteRef<Routes['settings']['update']>,
  routeSetting: { method: 'GET', path: '/api/v1/user-route-setting/:userId' } as RouteRef<Routes['settings']['routeSetting']>,
  createRouteSetting: { method: 'POST', path: '/api/v1/user-route-setting' } as RouteRef<Routes['settings']['createRouteSetting']>,
  updateRouteSetting: { method: 'PUT', path: '/api/v1/user-route-setting/:id' } as RouteRef<Routes['settings']['updateRouteSetting']>,
};

export const shops = {
  list: { method: 'GET', path: '/api/v1/shops' } as RouteRef<Routes['shops']['list']>,
  create: { method: 'POST', path: '/api/v1/shops' } as RouteRef<Routes['shops']['create']>,
  update: { method: 'PUT', path: '/api/v1/shops/:id' } as RouteRef<Routes['shops']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/shops/change-status/:id' } as RouteRef<Routes['shops']['changeStatus']>,
};

export const stateMiles = {
  list: { method: 'GET', path: '/api/v1/state-miles' } as RouteRef<Routes['stateMiles']['list']>,
  exportCsv: { method: 'GET', path: '/api/v1/state-miles/export.csv' } as RouteRef<Routes['stateMiles']['exportCsv']>,
  tripStateMiles: { method: 'GET', path: '/api/v1/trips/:id/state-miles' } as RouteRef<Routes['stateMiles']['tripStateMiles']>,
};

export const teams = {
  list: { method: 'GET', path: '/api/v1/teams' } as RouteRef<Routes['teams']['list']>,
  create: { method: 'POST', path: '/api/v1/teams' } as RouteRef<Routes['teams']['create']>,
  update: { method: 'PUT', path: '/api/v1/teams/:id' } as RouteRef<Routes['teams']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/teams/change-status/:id' } as RouteRef<Routes['teams']['changeStatus']>,
};

export const telematics = {
  sync: { method: 'POST', path: '/api/v1/integrations/sync' } as RouteRef<Routes['telematics']['sync']>,
  status: { method: 'GET', path: '/api/v1/integrations/status' } as RouteRef<Routes['telematics']['status']>,
};

export const tripStatistics = {
  list: { method: 'GET', path: '/api/v1/trip-statistics' } as RouteRef<Routes['tripStatistics']['list']>,
  periodType: { method: 'GET', path: '/api/v1/trip-statistics/period-type' } as RouteRef<Routes['tripStatistics']['periodType']>,
  exportCsv: { method: 'GET', path: '/api/v1/trip-statistics/export.csv' } as RouteRef<Routes['tripStatistics']['exportCsv']>,
};

export const trips = {
  list: { method: 'GET', path: '/api/v1/trips' } as RouteRef<Routes['trips']['list']>,
  exportCsv: { method: 'GET', path: '/api/v1/trips/export.csv' } as RouteRef<Routes['trips']['exportCsv']>,
  checkNumber: { method: 'GET', path: '/api/v1/trips/check-number' } as RouteRef<Routes['trips']['checkNumber']>,
  identifierNumbers: { method: 'GET', path: '/api/v1/trips/identifier-numbers' } as RouteRef<Routes['trips']['identifierNumbers']>,
  vehicleInfoByIdentifierNumber: { method: 'GET', path: '/api/v1/trips/vehicle/info-by-identifier-number' } as RouteRef<Routes['trips']['vehicleInfoByIdentifierNumber']>,
  trucksSearch: { method: 'GET', path: '/api/v1/trips/trucks-search' } as RouteRef<Routes['trips']['trucksSearch']>,
  summary: { method: 'GET', path: '/api/v1/trips/summary' } as RouteRef<Routes['trips']['summary']>,
  reportSummary: { method: 'GET', path: '/api/v1/trips/report-summary' } as RouteRef<Routes['trips']['reportSummary']>,
  recomputeRoutes: { method: 'POST', path: '/api/v1/trips/recompute-routes' } as RouteRef<Routes['trips']['recomputeRoutes']>,
  mapSummary: { method: 'GET', path: '/api/v1/trips/:id/map-summary' } as RouteRef<Routes['trips']['mapSummary']>,
  mapReport: { method: 'GET', path: '/api/v1/trips/:id/map-report' } as RouteRef<Routes['trips']['mapReport']>,
  get: { method: 'GET', path: '/api/v1/trips/:id' } as RouteRef<Routes['trips']['get']>,
  create: { method: 'POST', path: '/api/v1/trips' } as RouteRef<Routes['trips']['create']>,
  update: { method: 'PUT', path: '/api/v1/trips/:id' } as RouteRef<Routes['trips']['update']>,
  changeTripStatus: { method: 'PATCH', path: '/api/v1/trips/change-trip-status/:id' } as RouteRef<Routes['trips']['changeTripStatus']>,
  savePayableMileage: { method: 'PUT', path: '/api/v1/mile-stats/payable-mileage' } as RouteRef<Routes['trips']['savePayableMileage']>,
  history: { method: 'GET', path: '/api/v1/trip-action-history' } as RouteRef<Routes['trips']['history']>,
};

export const trucks = {
  list: { method: 'GET', path: '/api/v1/trucks' } as RouteRef<Routes['trucks']['list']>,
  get: { method: 'GET', path: '/api/v1/trucks/:id' } as RouteRef<Routes['trucks']['get']>,
  update: { method: 'PUT', path: '/api/v1/trucks/:id' } as RouteRef<Routes['trucks']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/trucks/change-status/:id' } as RouteRef<Routes['trucks']['changeStatus']>,
};

export const users = {
  list: { method: 'GET', path: '/api/v1/users' } as RouteRef<Routes['users']['list']>,
  get: { method: 'GET', path: '/api/v1/users/:id' } as RouteRef<Routes['users']['get']>,
  create: { method: 'POST', path: '/api/v1/users' } as RouteRef<Routes['users']['create']>,
  update: { method: 'PUT', path: '/api/v1/users/:id' } as RouteRef<Routes['users']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/users/change-status/:id' } as RouteRef<Routes['users']['changeStatus']>,
  resendInvitation: { method: 'POST', path: '/api/v1/users/:id/resend-invitation' } as RouteRef<Routes['users']['resendInvitation']>,
};
