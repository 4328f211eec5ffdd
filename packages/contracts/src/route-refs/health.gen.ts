// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const health = {
  health: { method: 'GET', path: '/api/health' } as RouteRef<Routes['health']['health']>,
  ready: { method: 'GET', path: '/api/ready' } as RouteRef<Routes['health']['ready']>,
};
