// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const stateMiles = {
  list: { method: 'GET', path: '/api/v1/state-miles' } as RouteRef<Routes['stateMiles']['list']>,
  exportCsv: { method: 'GET', path: '/api/v1/state-miles/export.csv' } as RouteRef<Routes['stateMiles']['exportCsv']>,
  tripStateMiles: { method: 'GET', path: '/api/v1/trips/:id/state-miles' } as RouteRef<Routes['stateMiles']['tripStateMiles']>,
};
