// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const tripStatistics = {
  list: { method: 'GET', path: '/api/v1/trip-statistics' } as RouteRef<Routes['tripStatistics']['list']>,
  periodType: { method: 'GET', path: '/api/v1/trip-statistics/period-type' } as RouteRef<Routes['tripStatistics']['periodType']>,
  exportCsv: { method: 'GET', path: '/api/v1/trip-statistics/export.csv' } as RouteRef<Routes['tripStatistics']['exportCsv']>,
};
