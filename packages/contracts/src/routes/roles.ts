import { envelope, idParam, paged } from '../api';
import { roleDetail, roleForm, roleListQuery, roleRow } from '../roles-api';
import { changeActiveQuery } from '../users-api';
import { defineRoutes } from '../route-table';

/** Role lookups also feed the user form's role picker. */
const READ = { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE', 'CAN_CREATE_USER', 'CAN_EDIT_USER'] } as const;

/** /api/v1/roles and the module's paths outside it (apps/api/src/modules/roles). */
export const rolesRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/roles',
    tags: ['roles'],
    summary: 'Roles, paged',
    access: READ,
    query: roleListQuery,
    responses: { 200: envelope(paged(roleRow)) },
    errors: [],
  },
  get: {
    method: 'GET',
    path: '/api/v1/roles/:id',
    tags: ['roles'],
    summary: 'One role with its permissions',
    access: { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE'] },
    params: idParam,
    responses: { 200: envelope(roleDetail) },
    errors: ['NOT_FOUND'],
  },
  create: {
    method: 'POST',
    path: '/api/v1/roles',
    tags: ['roles'],
    summary: 'Create a role',
    access: { permission: 'CAN_CREATE_ROLE' },
    body: roleForm,
    responses: { 201: envelope(roleDetail) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND', 'PERMISSION_ESCALATION'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/roles/:id',
    tags: ['roles'],
    summary: 'Update a role and its permissions',
    access: { permission: 'CAN_EDIT_ROLE' },
    params: idParam,
    body: roleForm,
    responses: { 200: envelope(roleDetail) },
    errors: ['ALREADY_EXISTS', 'LAST_OWNER', 'NOT_FOUND', 'PERMISSION_ESCALATION'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/roles/change-status/:id',
    tags: ['roles'],
    summary: 'Activate or deactivate a role',
    access: { permission: 'CAN_CHANGE_STATUS_ROLE' },
    params: idParam,
    query: changeActiveQuery,
    responses: { 200: envelope(roleDetail) },
    errors: ['LAST_OWNER', 'NOT_FOUND', 'OWNER_ROLE_LOCKED', 'PERMISSION_ESCALATION'],
  },
});
