// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const teams = {
  list: { method: 'GET', path: '/api/v1/teams' } as RouteRef<Routes['teams']['list']>,
  create: { method: 'POST', path: '/api/v1/teams' } as RouteRef<Routes['teams']['create']>,
  update: { method: 'PUT', path: '/api/v1/teams/:id' } as RouteRef<Routes['teams']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/teams/change-status/:id' } as RouteRef<Routes['teams']['changeStatus']>,
};
