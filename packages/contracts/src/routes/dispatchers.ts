import { envelope, idParam, paged } from '../api';
import { dispatcherForm, dispatcherListQuery, dispatcherRow } from '../dispatchers-api';
import { changeActiveQuery } from '../users-api';
import { defineRoutes } from '../route-table';

/** /api/v1/dispatchers and the module's paths outside it (apps/api/src/modules/dispatchers). */
export const dispatchersRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/dispatchers',
    tags: ['dispatchers'],
    summary: 'Dispatchers, paged',
    // Also feeds the dispatcher picker of the trip form.
    access: { anyOf: ['CAN_SHOW_DISPATCHERS', 'CAN_SHOW_DISPATCHER_PAGE', 'CAN_CREATE_TRIP', 'CAN_EDIT_TRIP'] },
    query: dispatcherListQuery,
    responses: { 200: envelope(paged(dispatcherRow)) },
    errors: [],
  },
  create: {
    method: 'POST',
    path: '/api/v1/dispatchers',
    tags: ['dispatchers'],
    summary: 'Create a dispatcher',
    access: { permission: 'CAN_CREATE_DISPATCHER' },
    body: dispatcherForm,
    responses: { 201: envelope(dispatcherRow) },
    errors: ['NOT_FOUND'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/dispatchers/:id',
    tags: ['dispatchers'],
    summary: 'Update a dispatcher',
    access: { permission: 'CAN_EDIT_DISPATCHER' },
    params: idParam,
    body: dispatcherForm,
    responses: { 200: envelope(dispatcherRow) },
    errors: ['NOT_FOUND'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/dispatchers/change-status/:id',
    tags: ['dispatchers'],
    summary: 'Activate or deactivate a dispatcher',
    access: { permission: 'CAN_CHANGE_STATUS_DISPATCHER' },
    params: idParam,
    query: changeActiveQuery,
    responses: { 200: envelope(dispatcherRow) },
    errors: ['NOT_FOUND'],
  },
});
