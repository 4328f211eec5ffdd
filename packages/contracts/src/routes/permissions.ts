import { envelope, idParam, paged } from '../api';
import { changeEnabledQuery, permissionForm, permissionListQuery, permissionRow } from '../permissions-api';
import { defineRoutes } from '../route-table';

/** /api/v1/permissions and the module's paths outside it (apps/api/src/modules/permissions). */
export const permissionsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/permissions',
    tags: ['permissions'],
    summary: 'Permissions, paged',
    // The role form lists permissions too.
    access: { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE', 'CAN_CREATE_ROLE', 'CAN_EDIT_ROLE'] },
    query: permissionListQuery,
    responses: { 200: envelope(paged(permissionRow)) },
    errors: [],
  },
  get: {
    method: 'GET',
    path: '/api/v1/permissions/:id',
    tags: ['permissions'],
    summary: 'One permission',
    access: { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE'] },
    params: idParam,
    responses: { 200: envelope(permissionRow) },
    errors: ['NOT_FOUND'],
  },
  create: {
    method: 'POST',
    path: '/api/v1/permissions',
    tags: ['permissions'],
    summary: 'Create a permission',
    access: { permission: 'CAN_CREATE_PERMISSION' },
    body: permissionForm,
    responses: { 201: envelope(permissionRow) },
    errors: ['ALREADY_EXISTS'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/permissions/:id',
    tags: ['permissions'],
    summary: 'Update a permission (its name cannot change)',
    access: { permission: 'CAN_EDIT_PERMISSION' },
    params: idParam,
    body: permissionForm,
    responses: { 200: envelope(permissionRow) },
    errors: ['ACCESS_PERMISSION_LOCKED', 'LAST_OWNER', 'NOT_FOUND', 'PERMISSION_ESCALATION'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/permissions/change-status/:id',
    tags: ['permissions'],
    summary: 'Enable or disable a permission',
    access: { permission: 'CAN_CHANGE_STATUS_PERMISSION' },
    params: idParam,
    query: changeEnabledQuery,
    responses: { 200: envelope(permissionRow) },
    errors: ['ACCESS_PERMISSION_LOCKED', 'LAST_OWNER', 'NOT_FOUND', 'PERMISSION_ESCALATION'],
  },
});
