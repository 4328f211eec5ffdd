// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const tripFigures = {
  get: { method: 'GET', path: '/api/v1/mile-stats/:tripId' } as RouteRef<Routes['tripFigures']['get']>,
  refresh: { method: 'POST', path: '/api/v1/mile-stats/:tripId/refresh' } as RouteRef<Routes['tripFigures']['refresh']>,
  savePayableMileage: { method: 'PUT', path: '/api/v1/mile-stats/payable-mileage' } as RouteRef<Routes['tripFigures']['savePayableMileage']>,
  routeData: { method: 'GET', path: '/api/v1/trips/route-data' } as RouteRef<Routes['tripFigures']['routeData']>,
};
