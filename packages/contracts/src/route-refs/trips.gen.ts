// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

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
  history: { method: 'GET', path: '/api/v1/trip-action-history' } as RouteRef<Routes['trips']['history']>,
};
