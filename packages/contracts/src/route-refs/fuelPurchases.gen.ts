// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const fuelPurchases = {
  list: { method: 'GET', path: '/api/v1/fuel-purchases' } as RouteRef<Routes['fuelPurchases']['list']>,
  create: { method: 'POST', path: '/api/v1/fuel-purchases' } as RouteRef<Routes['fuelPurchases']['create']>,
  update: { method: 'PUT', path: '/api/v1/fuel-purchases/:id' } as RouteRef<Routes['fuelPurchases']['update']>,
  remove: { method: 'DELETE', path: '/api/v1/fuel-purchases/:id' } as RouteRef<Routes['fuelPurchases']['remove']>,
  importMapping: { method: 'GET', path: '/api/v1/fuel-purchases/import-mapping' } as RouteRef<Routes['fuelPurchases']['importMapping']>,
  import: { method: 'POST', path: '/api/v1/fuel-purchases/import' } as RouteRef<Routes['fuelPurchases']['import']>,
};
