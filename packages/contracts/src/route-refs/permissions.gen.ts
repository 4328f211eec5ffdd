// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const permissions = {
  list: { method: 'GET', path: '/api/v1/permissions' } as RouteRef<Routes['permissions']['list']>,
  get: { method: 'GET', path: '/api/v1/permissions/:id' } as RouteRef<Routes['permissions']['get']>,
  create: { method: 'POST', path: '/api/v1/permissions' } as RouteRef<Routes['permissions']['create']>,
  update: { method: 'PUT', path: '/api/v1/permissions/:id' } as RouteRef<Routes['permissions']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/permissions/change-status/:id' } as RouteRef<Routes['permissions']['changeStatus']>,
};
