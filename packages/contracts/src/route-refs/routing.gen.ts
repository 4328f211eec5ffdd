// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const routing = {
  route: { method: 'POST', path: '/api/v1/routing/routes' } as RouteRef<Routes['routing']['route']>,
  status: { method: 'GET', path: '/api/v1/routing/status' } as RouteRef<Routes['routing']['status']>,
  mapTile: { method: 'GET', path: '/api/v1/map-tiles/:z/:x/:y' } as RouteRef<Routes['routing']['mapTile']>,
};
