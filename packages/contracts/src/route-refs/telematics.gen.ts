// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const telematics = {
  sync: { method: 'POST', path: '/api/v1/integrations/sync' } as RouteRef<Routes['telematics']['sync']>,
  status: { method: 'GET', path: '/api/v1/integrations/status' } as RouteRef<Routes['telematics']['status']>,
};
