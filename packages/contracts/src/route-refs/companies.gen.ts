// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const companies = {
  list: { method: 'GET', path: '/api/v1/companies' } as RouteRef<Routes['companies']['list']>,
  get: { method: 'GET', path: '/api/v1/companies/:id' } as RouteRef<Routes['companies']['get']>,
  create: { method: 'POST', path: '/api/v1/companies' } as RouteRef<Routes['companies']['create']>,
  update: { method: 'PUT', path: '/api/v1/companies/:id' } as RouteRef<Routes['companies']['update']>,
  changeStatus: { method: 'PATCH', path: '/api/v1/companies/change-status/:id' } as RouteRef<Routes['companies']['changeStatus']>,
  changeTokens: { method: 'PUT', path: '/api/v1/companies/change-tokens/:companyId' } as RouteRef<Routes['companies']['changeTokens']>,
};
