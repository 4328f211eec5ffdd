// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const trucks = {
  list: { method: 'GET', path: '/api/v1/trucks' } as RouteRef<Routes['trucks']['list']>,
  get: { method: 'GET', path: '/api/v1/trucks/:id' } as RouteRef<Routes['trucks']['get']>,
  update: { method: 'PUT', path: '/api/v1/trucks/:id' } as RouteRef<Routes['trucks']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/trucks/change-status/:id' } as RouteRef<Routes['trucks']['changeStatus']>,
};
