// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const mileageReview = {
  list: { method: 'GET', path: '/api/v1/mileage-review' } as RouteRef<Routes['mileageReview']['list']>,
  ready: { method: 'GET', path: '/api/v1/mileage-review/ready' } as RouteRef<Routes['mileageReview']['ready']>,
  approve: { method: 'POST', path: '/api/v1/mileage-review/approve' } as RouteRef<Routes['mileageReview']['approve']>,
  exportCsv: { method: 'GET', path: '/api/v1/mileage-review/export.csv' } as RouteRef<Routes['mileageReview']['exportCsv']>,
  payRule: { method: 'GET', path: '/api/v1/companies/:id/pay-rule' } as RouteRef<Routes['mileageReview']['payRule']>,
  savePayRule: { method: 'PUT', path: '/api/v1/companies/:id/pay-rule' } as RouteRef<Routes['mileageReview']['savePayRule']>,
};
