// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const recoveryReasons = {
  list: { method: 'GET', path: '/api/v1/recovery/reasons' } as RouteRef<Routes['recoveryReasons']['list']>,
  create: { method: 'POST', path: '/api/v1/recovery/reasons' } as RouteRef<Routes['recoveryReasons']['create']>,
  replace: { method: 'PUT', path: '/api/v1/recovery/reasons' } as RouteRef<Routes['recoveryReasons']['replace']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/recovery/reasons/change-status/:id' } as RouteRef<Routes['recoveryReasons']['changeStatus']>,
};
