// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const shops = {
  list: { method: 'GET', path: '/api/v1/shops' } as RouteRef<Routes['shops']['list']>,
  create: { method: 'POST', path: '/api/v1/shops' } as RouteRef<Routes['shops']['create']>,
  update: { method: 'PUT', path: '/api/v1/shops/:id' } as RouteRef<Routes['shops']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/shops/change-status/:id' } as RouteRef<Routes['shops']['changeStatus']>,
};
