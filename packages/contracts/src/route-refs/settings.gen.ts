// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const settings = {
  byType: { method: 'GET', path: '/api/v1/global-setting/by-type' } as RouteRef<Routes['settings']['byType']>,
  create: { method: 'POST', path: '/api/v1/global-setting' } as RouteRef<Routes['settings']['create']>,
  update: { method: 'PUT', path: '/api/v1/global-setting/:id' } as RouteRef<Routes['settings']['update']>,
  routeSetting: { method: 'GET', path: '/api/v1/user-route-setting/:userId' } as RouteRef<Routes['settings']['routeSetting']>,
  createRouteSetting: { method: 'POST', path: '/api/v1/user-route-setting' } as RouteRef<Routes['settings']['createRouteSetting']>,
  updateRouteSetting: { method: 'PUT', path: '/api/v1/user-route-setting/:id' } as RouteRef<Routes['settings']['updateRouteSetting']>,
};
