// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const users = {
  list: { method: 'GET', path: '/api/v1/users' } as RouteRef<Routes['users']['list']>,
  get: { method: 'GET', path: '/api/v1/users/:id' } as RouteRef<Routes['users']['get']>,
  create: { method: 'POST', path: '/api/v1/users' } as RouteRef<Routes['users']['create']>,
  update: { method: 'PUT', path: '/api/v1/users/:id' } as RouteRef<Routes['users']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/users/change-status/:id' } as RouteRef<Routes['users']['changeStatus']>,
  resendInvitation: { method: 'POST', path: '/api/v1/users/:id/resend-invitation' } as RouteRef<Routes['users']['resendInvitation']>,
};
