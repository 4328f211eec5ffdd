// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.
import type { RouteRef } from '../route-table';
import type { Routes } from '../routes';

export const places = {
  autosuggest: { method: 'GET', path: '/api/v1/places/autosuggest' } as RouteRef<Routes['places']['autosuggest']>,
  clientConfig: { method: 'GET', path: '/api/v1/client-config' } as RouteRef<Routes['places']['clientConfig']>,
};
