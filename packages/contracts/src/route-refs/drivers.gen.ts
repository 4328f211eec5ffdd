// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const drivers = {
  list: { method: 'GET', path: '/api/v1/drivers' } as RouteRef<Routes['drivers']['list']>,
  assignUser: { method: 'POST', path: '/api/v1/drivers/assign-user' } as RouteRef<Routes['drivers']['assignUser']>,
};
