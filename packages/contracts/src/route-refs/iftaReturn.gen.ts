// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const iftaReturn = {
  list: { method: 'GET', path: '/api/v1/ifta-return' } as RouteRef<Routes['iftaReturn']['list']>,
  exportCsv: { method: 'GET', path: '/api/v1/ifta-return/export.csv' } as RouteRef<Routes['iftaReturn']['exportCsv']>,
  trips: { method: 'GET', path: '/api/v1/ifta-return/trips' } as RouteRef<Routes['iftaReturn']['trips']>,
};
