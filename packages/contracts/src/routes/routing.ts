import { envelope } from '../api';
import { mapTileParams, mapTileQuery, routeRequest, routeResponse, routingStatus } from '../routing-api';
import { defineRoutes } from '../route-table';

/** /api/v1/routing and the module's paths outside it (apps/api/src/modules/routing). */
export const routingRoutes = defineRoutes({
  route: {
    method: 'POST',
    path: '/api/v1/routing/routes',
    tags: ['routing'],
    summary: 'Truck route through 2–22 stops: HERE (primary first, up to 2 alternatives), or an estimate labelled as such',
    access: { anyOf: ['CAN_CREATE_TRIP', 'CAN_EDIT_TRIP', 'CAN_VIEW_TRIP_MAP', 'CAN_SHOW_ROUTES'] },
    body: routeRequest,
    responses: { 200: envelope(routeResponse) },
    errors: ['ROUTING_RATE_LIMITED'],
  },
  status: {
    method: 'GET',
    path: '/api/v1/routing/status',
    tags: ['routing'],
    summary: 'Whether HERE routing answers, or is throttled / unavailable since when, and the trips waiting to be routed again',
    access: { permission: 'CAN_VIEW_RADIUS_SETTINGS' },
    responses: { 200: envelope(routingStatus) },
    errors: [],
  },
  mapTile: {
    method: 'GET',
    path: '/api/v1/map-tiles/:z/:x/:y',
    tags: ['routing'],
    summary: 'A HERE raster map tile, through the API (token from GET /client-config mapTiles.urlTemplate)',
    // An <img> cannot send the bearer header: the signed token from GET /client-config, bound to
    // a live sign-in, is the gate (checked by the API before the rate limit).
    access: 'public',
    params: mapTileParams,
    query: mapTileQuery,
    responses: {},
    errors: ['MAP_TILES_RATE_LIMITED', 'MAP_TILE_TOKEN_INVALID', 'MAP_TILE_UPSTREAM_INVALID', 'NOT_FOUND'],
  },
});
