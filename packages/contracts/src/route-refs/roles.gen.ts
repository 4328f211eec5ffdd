// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const roles = {
  list: { method: 'GET', path: '/api/v1/roles' } as RouteRef<Routes['roles']['list']>,
  get: { method: 'GET', path: '/api/v1/roles/:id' } as RouteRef<Routes['roles']['get']>,
  create: { method: 'POST', path: '/api/v1/roles' } as RouteRef<Routes['roles']['create']>,
  update: { method: 'PUT', path: '/api/v1/roles/:id' } as RouteRef<Routes['roles']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/roles/change-status/:id' } as RouteRef<Routes['roles']['changeStatus']>,
};
