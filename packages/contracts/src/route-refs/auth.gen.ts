// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const auth = {
  refresh: { method: 'POST', path: '/api/v1/auth/refresh' } as RouteRef<Routes['auth']['refresh']>,
  logout: { method: 'POST', path: '/api/v1/auth/logout' } as RouteRef<Routes['auth']['logout']>,
  authenticate: { method: 'POST', path: '/api/v1/authenticate' } as RouteRef<Routes['auth']['authenticate']>,
  resetPasswordInit: { method: 'POST', path: '/api/v1/reset-password/init' } as RouteRef<Routes['auth']['resetPasswordInit']>,
  resetPasswordFinish: { method: 'POST', path: '/api/v1/reset-password/finish' } as RouteRef<Routes['auth']['resetPasswordFinish']>,
  me: { method: 'GET', path: '/api/v1/me' } as RouteRef<Routes['auth']['me']>,
  updateProfile: { method: 'PUT', path: '/api/v1/profile' } as RouteRef<Routes['auth']['updateProfile']>,
};
