import { envelope, idParam, paged } from '../api';
import { truckListQuery, truckRow, truckUpdate } from '../trucks-api';
import { changeActiveQuery, versionedChangeBody } from '../users-api';
import { defineRoutes } from '../route-table';

/** /api/v1/trucks and the module's paths outside it (apps/api/src/modules/trucks). */
export const trucksRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/trucks',
    tags: ['trucks'],
    summary: 'Trucks, paged (keyword on unit number)',
    // Also feeds the truck pickers of trips, routes and reports.
    access: { anyOf: ['CAN_SHOW_TRUCKS', 'CAN_SHOW_TRUCK_PAGE', 'CAN_SHOW_TRIPS', 'CAN_SHOW_ROUTES', 'CAN_SHOW_REPORTS'] },
    query: truckListQuery,
    responses: { 200: envelope(paged(truckRow)) },
    errors: [],
  },
  get: {
    method: 'GET',
    path: '/api/v1/trucks/:id',
    tags: ['trucks'],
    summary: 'One truck',
    access: { anyOf: ['CAN_VIEW_TRUCK', 'CAN_EDIT_TRUCK'] },
    params: idParam,
    responses: { 200: envelope(truckRow) },
    errors: ['NOT_FOUND'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/trucks/:id',
    tags: ['trucks'],
    summary: 'Update a truck',
    access: { permission: 'CAN_EDIT_TRUCK' },
    params: idParam,
    body: truckUpdate,
    responses: { 200: envelope(truckRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND', 'STALE_VERSION'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/trucks/change-status/:id',
    tags: ['trucks'],
    summary: 'Activate or deactivate a truck',
    access: { permission: 'CAN_CHANGE_STATUS_TRUCK' },
    params: idParam,
    query: changeActiveQuery,
    body: versionedChangeBody,
    responses: { 200: envelope(truckRow) },
    errors: ['NOT_FOUND', 'STALE_VERSION'],
  },
});
