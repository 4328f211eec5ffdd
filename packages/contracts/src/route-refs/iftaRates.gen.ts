// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const iftaRates = {
  list: { method: 'GET', path: '/api/v1/ifta-rates' } as RouteRef<Routes['iftaRates']['list']>,
  replace: { method: 'PUT', path: '/api/v1/ifta-rates' } as RouteRef<Routes['iftaRates']['replace']>,
  import: { method: 'POST', path: '/api/v1/ifta-rates/import' } as RouteRef<Routes['iftaRates']['import']>,
};
