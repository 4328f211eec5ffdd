import { envelope, idParam, paged } from '../api';
import { recoveryReasonForm, recoveryReasonListQuery, recoveryReasonRow, recoveryReasonUpdate } from '../recovery-reasons-api';
import { changeActiveQuery } from '../users-api';
import { defineRoutes } from '../route-table';

/** /api/v1/recovery/reasons and the module's paths outside it (apps/api/src/modules/recovery-reasons). */
export const recoveryReasonsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/recovery/reasons',
    tags: ['recovery reasons'],
    summary: 'Recovery reasons, paged',
    // Also feeds the recovery reason picker of the trip form.
    access: { anyOf: ['CAN_SHOW_RECOVERY_REASONS', 'CAN_CREATE_TRIP', 'CAN_EDIT_TRIP'] },
    query: recoveryReasonListQuery,
    responses: { 200: envelope(paged(recoveryReasonRow)) },
    errors: [],
  },
  create: {
    method: 'POST',
    path: '/api/v1/recovery/reasons',
    tags: ['recovery reasons'],
    summary: 'Create a recovery reason',
    access: { permission: 'CAN_CREATE_RECOVERY_REASON' },
    body: recoveryReasonForm,
    responses: { 201: envelope(recoveryReasonRow) },
    errors: ['ALREADY_EXISTS'],
  },
  replace: {
    method: 'PUT',
    path: '/api/v1/recovery/reasons',
    tags: ['recovery reasons'],
    summary: 'Rename a recovery reason (id in the body)',
    access: { permission: 'CAN_EDIT_RECOVERY_REASON' },
    body: recoveryReasonUpdate,
    responses: { 200: envelope(recoveryReasonRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/recovery/reasons/change-status/:id',
    tags: ['recovery reasons'],
    summary: 'Activate or deactivate a recovery reason',
    access: { permission: 'CAN_CHANGE_STATUS_RECOVERY_REASON' },
    params: idParam,
    query: changeActiveQuery,
    responses: { 200: envelope(recoveryReasonRow) },
    errors: ['NOT_FOUND'],
  },
});
