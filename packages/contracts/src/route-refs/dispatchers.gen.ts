// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const dispatchers = {
  list: { method: 'GET', path: '/api/v1/dispatchers' } as RouteRef<Routes['dispatchers']['list']>,
  create: { method: 'POST', path: '/api/v1/dispatchers' } as RouteRef<Routes['dispatchers']['create']>,
  update: { method: 'PUT', path: '/api/v1/dispatchers/:id' } as RouteRef<Routes['dispatchers']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/dispatchers/change-status/:id' } as RouteRef<Routes['dispatchers']['changeStatus']>,
};
